import Foundation
import Playground

/// `layout-playground solve SCENE.json|NAME [--at T] [--device NAME]`: lays a scene out in process,
/// with no server and no socket, and prints its frames (or its conflicts) as one JSON object for
/// scripts and CI.
///
/// The scene is a document (a file, or `-` for standard input), or a built-in scene by name (`solve
/// search-bar`, when no file has that name); a document holding nothing but a `name`
/// (`{"name":"search-bar"}`) is the built-in scene of that name, as `load` with a `name` is. A
/// `Session` on the manual clock runs `load`, then `device` (duration 0: the preset's size, safe area
/// and scale at once) when `--device` is given, then `advance` by `--at` seconds (0 by default),
/// exactly as a client would send them; the output merges every `frames`:
///
///     {"time":0,"views":{"navView":{"frame":[0,0,375,62],"bounds":[0,0,375,62]},…},"conflicts":[]}
///
/// Exit status: 0 laid out; 1 laid out with at least one `conflict` (listed in `conflicts`); 2 a bad
/// command line, an unreadable file, an unknown scene or device (the error lists the names there are),
/// or a message the session refused (`{"error":{"code":…,"message":…}}`).
struct SceneSolve {
    /// What is laid out.
    enum Source: Equatable {
        /// A scene document's JSON text.
        case document(String)
        /// A built-in scene's name (`hello.scenes`).
        case builtIn(String)
    }

    var source: Source
    /// Session time at which the frames are taken, seconds (0 or more).
    var time = 0.0
    /// A device preset's name (`hello.devices`), or nil for the document's own root size.
    var device: String?

    init(source: Source, time: Double = 0, device: String? = nil) {
        self.source = source
        self.time = time
        self.device = device
    }

    init(documentText: String, time: Double = 0, device: String? = nil) {
        self.init(source: .document(documentText), time: time, device: device)
    }

    static let usage = "usage: layout-playground solve SCENE.json|-|SCENE-NAME [--at SECONDS] [--device NAME]"

    /// The flags `solve` reads.
    static let flags = ["--at", "--device"]

    /// Parses the arguments after `solve`. An argument that is no readable file and looks like a name
    /// (no `/`, no `.`) is a built-in scene's name, checked when it runs. Throws `SolveUsageError`
    /// naming what is wrong (an unknown flag with the nearest one).
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
                if argument.hasPrefix("-"), argument != "-" {
                    throw SolveUsageError("unknown flag '\(argument)'" + Suggestion.clause(for: argument, in: flags))
                }
                guard path == nil else { throw SolveUsageError("unexpected argument '\(argument)': one scene at a time") }
                path = argument
                index += 1
            }
        }
        guard let path else { throw SolveUsageError("a scene file or a built-in scene's name is needed") }
        do {
            return SceneSolve(source: .document(try readFile(path)), time: time, device: device)
        } catch {
            guard !path.contains("/"), !path.contains("."), path != "-" else {
                throw SolveUsageError("cannot read \(path): \(error.localizedDescription)")
            }
            return SceneSolve(source: .builtIn(path), time: time, device: device)
        }
    }

    /// Runs the scene and returns the JSON object to print and the exit status.
    func run() -> (output: [String: Any], status: Int32) {
        let run = SolveSession()
        let builtIn: String?
        var documentText = "{}"
        switch source {
        case .builtIn(let name):
            builtIn = name
        case .document(let text):
            if let refusal = StrictJSON.refusal(of: text) {
                var error: [String: Any] = ["code": refusal.code, "message": refusal.message]
                error["position"] = refusal.position
                error["line"] = refusal.line
                error["column"] = refusal.column
                return (["error": error], 2)
            }
            builtIn = Self.builtInName(inDocument: text)
            documentText = text
        }
        if let builtIn, !run.scenes.contains(builtIn) {
            return (Self.error("unknown-scene", Self.unknown("built-in scene", builtIn, among: run.scenes)), 2)
        }
        // A document goes as it is, so the session's strict JSON check reads the file itself.
        let load = builtIn.map(Self.loadMessage(named:)) ?? #"{"type":"load","id":"load","scene":"# + documentText + "}"
        if let device, !run.devices.contains(device) {
            return (Self.error("unknown-device", Self.unknown("device", device, among: run.devices)), 2)
        }
        var steps = [#"{"type":"clock","mode":"manual","id":"clock"}"#, load]
        if let device, let message = try? JSONSerialization.data(withJSONObject: [
            "type": "device", "duration": 0, "id": "device", "name": device,
        ]) {
            steps.append(String(decoding: message, as: UTF8.self))
        }
        if time > 0 { steps.append(#"{"type":"advance","id":"advance","seconds":\#(time)}"#) }
        for step in steps {
            if let failure = run.send(step) { return (["error": failure], 2) }
        }
        // The manual clock started at 0, so after `advance` it reads `time` even when nothing moved
        // and no `frames` said so.
        let sessionTime = time > 0 ? time : run.time
        return (["time": sessionTime, "views": run.views, "conflicts": run.conflicts], run.conflicts.isEmpty ? 0 : 1)
    }

    /// The `name` of a document that holds nothing else (`{"name":"search-bar"}`): it names a built-in
    /// scene, as `load` with a `name` does; nil for any other text.
    static func builtInName(inDocument text: String) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              object.count == 1, let name = object["name"] as? String else { return nil }
        return name
    }

    private static func loadMessage(named name: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: ["type": "load", "id": "load", "name": name])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `no device named 'iphone-16' (did you mean 'iphone-8'?); the devices are iphone-se, …`.
    private static func unknown(_ kind: String, _ name: String, among names: [String]) -> String {
        let nearest = Suggestion.nearest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        return "no \(kind) named '\(name.prefix(64))'\(nearest); the \(kind)s are " + names.joined(separator: ", ")
    }

    private static func error(_ code: String, _ message: String) -> [String: Any] {
        ["error": ["code": code, "message": message]]
    }
}

/// One in-process session of `solve` and what it sent: its `hello`'s scene and device names, and
/// every view's fields merged from `frames`, its conflicts and its clock.
private final class SolveSession {
    let session = Session(id: "solve", now: 0)
    private(set) var views: [String: [String: Any]] = [:]
    private(set) var conflicts: [[String: Any]] = []
    private(set) var time = 0.0
    private(set) var scenes: [String] = []
    private(set) var devices: [String] = []

    init() { _ = drain() }

    /// Sends one message and folds in what it caused; returns the answer's error, if any.
    func send(_ message: String) -> [String: Any]? {
        session.receive(message, now: 0)
        return drain()
    }

    private func drain() -> [String: Any]? {
        var failure: [String: Any]?
        while let text = session.nextOutgoing() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { continue }
            switch object["type"] as? String {
            case "hello":
                scenes = object["scenes"] as? [String] ?? []
                devices = object["devices"] as? [String] ?? []
            case "frames":
                time = (object["time"] as? Double) ?? time
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
}

/// A `solve` command line that cannot run: the message says why (printed with the usage; status 2).
struct SolveUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
