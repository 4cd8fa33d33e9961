import Foundation
import Testing
@testable import Playground

/// Drives a `Session` as a client would: sends JSON, collects every message the session queued.
final class SessionClient {
    let session: Session
    private(set) var received: [[String: Any]] = []
    /// Presentation state per view, merged from `frames` as a client merges them.
    private(set) var views: [String: [String: Any]] = [:]
    var now = 0.0
    /// What the last message sent produced for others (`Session.receive`).
    private(set) var lastResult: TurnResult?

    init(strict: Bool = true, id: String = "test") {
        session = Session(id: id, now: 0, strict: strict)
        drain()
    }

    /// A client of `session` (a restored or rejoined one), at transport time `now`; nothing is drained.
    init(wrapping session: Session, now: Double) {
        self.session = session
        self.now = now
    }

    /// Sends one message and returns what it produced, in order.
    @discardableResult
    func send(_ message: [String: Any]) -> [[String: Any]] {
        let data = try! JSONSerialization.data(withJSONObject: message)
        return send(text: String(decoding: data, as: UTF8.self))
    }

    @discardableResult
    func send(text: String) -> [[String: Any]] {
        lastResult = session.receive(text, now: now)
        return drain()
    }

    /// Manual-clock helper: advance and return the produced messages.
    @discardableResult
    func advance(_ seconds: Double) -> [[String: Any]] {
        send(["type": "advance", "seconds": seconds, "id": "advance"])
    }

    @discardableResult
    func drain() -> [[String: Any]] {
        var batch: [[String: Any]] = []
        while let text = session.nextOutgoing() {
            let object = try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            batch.append(object)
            if object["type"] as? String == "frames", let changed = object["views"] as? [String: [String: Any]] {
                for (id, fields) in changed { views[id, default: [:]].merge(fields) { $1 } }
            }
        }
        received += batch
        return batch
    }

    /// The on-screen frame `[x, y, w, h]` of `id` as last streamed.
    func frame(_ id: String) -> [Double] {
        (views[id]?["frame"] as? [Double]) ?? []
    }

    func bounds(_ id: String) -> [Double] {
        (views[id]?["bounds"] as? [Double]) ?? []
    }

    func alpha(_ id: String) -> Double? { views[id]?["alpha"] as? Double }
}

/// Frames agree within 1e-6 pt.
func expectFrame(_ actual: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, "got \(actual), expected \(expected)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
        #expect(abs(a - e) < 1e-6, "got \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }
}

func types(_ messages: [[String: Any]]) -> [String] {
    messages.compactMap { $0["type"] as? String }
}
