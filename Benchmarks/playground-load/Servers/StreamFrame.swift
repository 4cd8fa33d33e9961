import Playground

/// What the echo server's streaming floor sends and reads.
enum StreamFrame {
    /// A `frames` message of the load scene in mid-animation, rendered once by a real session: the
    /// bytes the playground sends on every tick of the animate phase (20 changed frames).
    static func sample() -> String {
        let session = Session(id: "stream-floor", now: 0)
        session.receive(SceneDocument.load(id: 1), now: 0)
        while session.nextOutgoing() != nil {}
        session.receive(SceneDocument.animate(id: 2, constant: 340, duration: 1), now: 0)
        while session.nextOutgoing() != nil {}
        var sample = ""
        for tick in 1...30 {
            session.tick(now: Double(tick) / 60)
            while let text = session.nextOutgoing() {
                if text.hasPrefix(#"{"type":"frames""#) { sample = text }
            }
        }
        return sample
    }

    /// The id and duration (seconds) of an `animate` request as the load client writes it, or nil.
    static func animateRequest(_ message: [UInt8]) -> (id: Int, duration: Double)? {
        // Echoed messages are only compared, not decoded: the echo floor must not pay for this.
        guard message.starts(with: animatePrefix) else { return nil }
        let text = String(decoding: message, as: UTF8.self)
        guard let id = number(after: #""id":"#, in: text).flatMap({ Int($0) }),
              let duration = number(after: #""duration":"#, in: text).flatMap({ Double($0) }) else { return nil }
        return (id, duration)
    }

    private static let animatePrefix = Array(#"{"type":"animate""#.utf8)

    private static func number(after key: String, in text: String) -> Substring? {
        guard let range = text.range(of: key) else { return nil }
        let rest = text[range.upperBound...]
        return rest.prefix { $0.isNumber || $0 == "." }
    }
}
