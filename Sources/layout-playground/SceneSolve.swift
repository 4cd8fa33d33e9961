import Foundation
import Playground

/// `layout-playground solve SCENE.json [--at T] [--device NAME]`: lays a scene out in process, with no
/// server and no socket, and prints its frames (or its conflicts) as one JSON object for scripts and CI.
///
/// A `Session` on the manual clock runs `load` with the document, then `device` (duration 0: the
/// preset's size, safe area and scale at once) when `--device` is given, then `advance` by `--at`
/// seconds (0 by default), exactly as a client would send them; the output merges every `frames`:
///
///     {"time":0,"views":{"navView":{"frame":[0,0,375,62],"bounds":[0,0,375,62]},…},"conflicts":[]}
///
/// Exit status: 0 laid out; 1 laid out with at least one `conflict` (listed in `conflicts`); 2 a bad
/// command line, an unreadable file, or a message the session refused (`{"error":{"code":…,"message":…}}`).
struct SceneSolve {
    /// The scene document's JSON text.
    var documentText: String
    /// Session time at which the frames are taken, seconds (0 or more).
    var time = 0.0
    /// A device preset's name (`hello.devices`), or nil for the document's own root size.
    var device: String?

    static let usage = "usage: layout-playground solve SCENE.json|- [--at SECONDS] [--device NAME]"

    /// Parses the arguments after `solve`. Throws `SolveUsageError` naming what is wrong.
    static func parse(_ arguments: [String], readFile: (String) throws -> String) throws -> SceneSolve {
        var path: String?
        var time = 0.0
        var device: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--at":
                guard let text = value, let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
                    throw SolveUsageError("--at needs seconds between 0 and 3600")
                }
                time = seconds
                index += 2
            case "--device":
                guard let value else { throw SolveUsageError("--device needs a name") }
                device = value
                index += 2
            default:
                guard path == nil, !argument.hasPrefix("--") else { throw SolveUsageError("unexpected argument '\(argument)'") }
                path = argument
                index += 1
            }
        }
        guard let path else { throw SolveUsageError("a scene file is needed") }
        let text: String
        do { text = try readFile(path) } catch { throw SolveUsageError("cannot read \(path): \(error.localizedDescription)") }
        return SceneSolve(documentText: text, time: time, device: device)
    }

    /// Runs the scene and returns the JSON object to print and the exit status.
    func run() -> (output: [String: Any], status: Int32) {
        let session = Session(id: "solve", now: 0)
        var views: [String: [String: Any]] = [:]
        var conflicts: [[String: Any]] = []
        var sessionTime = 0.0
        /// Sends one message and folds in what it caused; returns the answer's error, if any.
        func send(_ message: String) -> [String: Any]? {
            session.receive(message, now: 0)
            var failure: [String: Any]?
            while let text = session.nextOutgoing() {
                guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { continue }
                switch object["type"] as? String {
                case "frames":
                    sessionTime = (object["time"] as? Double) ?? sessionTime
                    for (id, fields) in (object["views"] as? [String: [String: Any]]) ?? [:] {
                        views[id, default: [:]].merge(fields) { $1 }
                    }
                case "conflict":
                    conflicts.append(object.filter { $0.key != "type" })
                case "scene":
                    // A load starts the frames afresh: only its views are kept.
                    let ids = Set(((object["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
                    views = views.filter { ids.contains($0.key) || $0.key == "root" }
                case "error":
                    failure = ["code": object["code"] ?? "", "message": object["message"] ?? ""]
                default: break
                }
            }
            return failure
        }
        _ = send(#"{"type":"clock","mode":"manual","id":"clock"}"#)
        var steps = [#"{"type":"load","id":"load","scene":"# + documentText + "}"]
        if let device, let message = try? JSONSerialization.data(withJSONObject: [
            "type": "device", "duration": 0, "id": "device", "name": device,
        ]) {
            steps.append(String(decoding: message, as: UTF8.self))
        }
        if time > 0 { steps.append(#"{"type":"advance","id":"advance","seconds":\#(time)}"#) }
        for step in steps {
            if let failure = send(step) { return (["error": failure], 2) }
        }
        // The manual clock started at 0, so after `advance` it reads `time` even when nothing moved
        // and no `frames` said so.
        if time > 0 { sessionTime = time }
        return (["time": sessionTime, "views": views, "conflicts": conflicts], conflicts.isEmpty ? 0 : 1)
    }
}

/// A `solve` command line that cannot run: the message says why (printed with the usage; status 2).
struct SolveUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
