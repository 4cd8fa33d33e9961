import Foundation

/// `rejoin`: a new connection takes back a session whose connection dropped (docs/PROTOCOL.md, "rejoin").
extension Session {
    /// 16 bytes of the system CSPRNG (getrandom(2) on Linux) as 32 lower-case hex digits.
    public static func makeResumeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        for _ in 0..<2 {
            let word = generator.next()
            let hex = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        return text
    }

    /// Claims the parked session with the message's `token`: it queues, after whatever it holds unsent,
    /// a complete `frames` and the answer `rejoined`, and becomes this connection's session once the
    /// transport takes it (`takeReplacement`). This session's own answer is then never sent.
    func rejoin(_ message: Fields, turn: Turn) throws {
        guard let token = try message.string("token") else { throw ProtocolError.missing("token", in: "rejoin") }
        guard let parkedSessions else {
            throw ProtocolError("unknown-token", "no session has this resume token: start a new one")
        }
        let session = try parkedSessions.claim(token, now: transportTime)
        session.moveClock(to: transportTime)
        session.sendCompletions()
        session.frameStream.sendsEverything = true
        session.outbox.appendFrames()
        session.send(kind: .reply, [
            "type": "rejoined", "re": turn.requestID ?? NSNull(), "session": session.id,
            "resumeToken": session.resumeToken, "scene": SceneWriter.document(of: session.scene),
            "followers": session.sharing?.followers.count ?? 0, "shared": session.sharing?.code ?? NSNull(),
        ])
        replacement = session
    }

    /// The session a `rejoin` claimed, once: the transport makes it the connection's session and drops
    /// this one.
    public func takeReplacement() -> Session? {
        defer { replacement = nil }
        return replacement
    }
}
