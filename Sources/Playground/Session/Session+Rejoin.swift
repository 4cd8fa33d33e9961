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

    /// Whether `text` has the shape of a resume token (`makeResumeToken()`: 32 lower-case hex digits),
    /// so anything else is refused before it reaches a journal.
    static func isResumeToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Claims the parked session with the message's `token`: it queues, after whatever it holds unsent,
    /// a complete `frames` and the answer `rejoined`, and becomes this connection's session once the
    /// turn's `TurnResult` names it. This session's own answer is then never sent.
    func rejoin(_ message: Fields, turn: Turn) throws {
        guard let token = try message.string("token") else { throw ProtocolError.missing("token", in: "rejoin") }
        guard let parkedSessions else {
            throw ProtocolError("unknown-token", "no session has this resume token: start a new one")
        }
        let session: Session
        do {
            session = try parkedSessions.claim(token, now: transportTime)
        } catch let error as ProtocolError where error.code == "unknown-token" {
            // A follower's token: it follows its share again (`Session+ShareRejoin.swift`).
            if let follower = try rejoinAsFollower(token, turn: turn) {
                replacement = follower
                return
            }
            // Not parked in this process: a server that died may have left it in the journal.
            guard let restored = try restoreFromJournal(token) else { throw error }
            session = restored
        }
        session.moveClock(to: transportTime)
        session.sendCompletions()
        session.frameStream.sendsEverything = true
        session.outbox.appendFrames()
        session.send(kind: .reply, [
            "type": "rejoined", "re": turn.requestID ?? NSNull(), "session": session.id,
            "resumeToken": session.resumeToken, "scene": SceneWriter.document(of: session.scene),
            "followers": session.sharing?.followers.count ?? 0, "shared": session.sharing?.code ?? NSNull(),
            // What the `followers` event would list, so a client back from a drop (or a reloaded page)
            // can hand over and take back without waiting for the followers to change.
            "followerIds": session.sharing?.followers.map(\.id) ?? [],
            "controller": session.sharing?.controller?.id ?? NSNull(),
            // The clock as it runs (mode, fps, speed, paused, time), so a reloaded page shows its speed
            // and pause state rather than a new session's.
            "clock": session.clock.state(at: session.transportTime),
        ])
        replacement = session
    }

    /// The session the journal holds under `token`, rebuilt (`restored(from:…)`), or nil when the
    /// journal has none or its session is connected. Throws `expired` past its deadline, `internal` when
    /// the journal cannot be read.
    private func restoreFromJournal(_ token: String) throws -> Session? {
        guard let journalQueue, Self.isResumeToken(token) else { return nil }
        guard let record = try fromJournal({ try $0.load(token: token) }), let deadline = record.deadline else { return nil }
        let wall = Date().timeIntervalSince1970
        guard wall <= deadline else {
            throw ParkedSessions.expiredError
        }
        let session = try Session.restored(from: record, token: token, now: transportTime, wall: wall, limits: limits)
        session.journalQueue = journalQueue
        // Its share, if it had one that did not end: followers come back as they rejoin. A server at
        // its `maxSharedSessions` gives the session back unshared rather than not at all.
        if let share = try fromJournal({ try $0.loadShare(memberToken: token) }), share.ownerToken == token,
           shareRegistry?.share(code: share.code) == nil {
            _ = try? reshare(session, share, wall: wall)
        }
        return session
    }

    /// The session a `rejoin` claimed, once, for the turn's `TurnResult`.
    func takeReplacement() -> Session? {
        defer { replacement = nil }
        return replacement
    }
}
