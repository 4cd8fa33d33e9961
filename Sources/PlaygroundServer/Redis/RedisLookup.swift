import Foundation
import Playground
import SharedState

/// A `rejoin` whose session this server does not hold, looked up in Redis: the token's key names the
/// session, the session's lease is taken (a new epoch fences out a dead or parked-elsewhere holder)
/// and only then its record is read, so no write of an earlier holder can land after the read.
/// Runs as a chain of replies on Redis's thread; its outcome reaches the service thread as an event.
enum RedisLookup {
    /// How a look-up ended.
    enum Outcome: Sendable {
        /// Redis has no session under the token.
        case none
        /// The session's record, and the lease now held for it.
        case found(sessionID: String, epoch: Int, record: SessionRecordRead)
        /// A live server holds the session (its client is connected there).
        case heldElsewhere(String)
        /// Redis could not answer, in its words.
        case failed(String)
    }

    /// Starts the look-up of `token` for `holder`; `done` gets the outcome on Redis's thread (or at
    /// once on the caller's, when Redis is known to be down).
    ///
    /// A session whose holder still counts as alive is asked for once more when the holder's liveness
    /// key lapses (at most `RedisLink.liveness` later): a server killed a moment ago still has it, and
    /// its sessions can be taken over as soon as it lapses. A holder that renewed it meanwhile is alive:
    /// `heldElsewhere`.
    static func start(_ token: String, store: SharedStore, holder: String, limit: Int,
                      done: @escaping @Sendable (Outcome) -> Void) {
        store.value(of: SharedKeys.token(token)) { result in
            switch result {
            case .failure(let error): done(.failed("\(error)"))
            case .success(nil): done(.none)
            case .success(let sessionID?):
                lease(sessionID, token: token, store: store, holder: holder, limit: limit, retry: true, done: done)
            }
        }
    }

    private static func lease(_ sessionID: String, token: String, store: SharedStore, holder: String, limit: Int,
                              retry: Bool, done: @escaping @Sendable (Outcome) -> Void) {
        store.beginSession(sessionID, holder: holder, header: nil, token: token) { result in
            switch result {
            case .failure(let error):
                done(.failed("\(error)"))
            case .success(.heldElsewhere(_, let other, let aliveFor)):
                guard retry, aliveFor <= RedisLink.liveness else { return done(.heldElsewhere(other)) }
                DispatchQueue.global().asyncAfter(deadline: .now() + aliveFor + 0.01) {
                    lease(sessionID, token: token, store: store, holder: holder, limit: limit, retry: false, done: done)
                }
            case .success(.held(let epoch, _)):
                store.readSessionRecord(sessionID, limit: limit) { result in
                    switch result {
                    case .failure(let error): done(.failed("\(error)"))
                    case .success(let read): done(.found(sessionID: sessionID, epoch: epoch, record: read))
                    }
                }
            }
        }
    }

    /// The journal record `read` describes, or why it cannot be used. A record with no deadline
    /// (its server died while a connection held it) is given `orphanDeadline`.
    static func record(_ read: SessionRecordRead, orphanDeadline: Double) -> Result<JournalRecord, JournalUnavailable> {
        guard read.history.complete else {
            return .failure(JournalUnavailable("the session's record in Redis misses turns \(read.history.base + 1)…\(read.history.latest)"))
        }
        guard let headerBytes = read.header, let header = RedisJournalCoding.header(headerBytes) else {
            return .failure(JournalUnavailable("the session's record in Redis has no header"))
        }
        var snapshot: JournalSnapshot?
        if let stored = read.history.snapshot {
            guard let decoded = RedisJournalCoding.timed(stored.bytes) else {
                return .failure(JournalUnavailable("the session's snapshot in Redis cannot be read"))
            }
            snapshot = JournalSnapshot(elapsed: decoded.elapsed, state: decoded.text)
        }
        var turns: [JournalTurn] = []
        turns.reserveCapacity(read.history.turns.count)
        for turn in read.history.turns {
            guard let decoded = RedisJournalCoding.timed(turn.bytes) else {
                return .failure(JournalUnavailable("turn \(turn.offset) of the session in Redis cannot be read"))
            }
            turns.append(JournalTurn(elapsed: decoded.elapsed, text: decoded.text))
        }
        return .success(JournalRecord(header: header, snapshot: snapshot, turns: turns,
                                      deadline: read.deadline ?? orphanDeadline))
    }
}

/// How journal values are written into Redis: a turn or snapshot as its elapsed seconds, a newline
/// and its JSON text (the decimal has no newline, so the first one ends it); the header as JSON.
enum RedisJournalCoding {
    static func timed(elapsed: Double, text: String) -> [UInt8] {
        Array("\(elapsed)\n".utf8) + Array(text.utf8)
    }

    static func timed(_ bytes: [UInt8]) -> (elapsed: Double, text: String)? {
        guard let newline = bytes.firstIndex(of: 10),
              let elapsed = Double(String(decoding: bytes[..<newline], as: UTF8.self)) else { return nil }
        return (elapsed, String(decoding: bytes[(newline + 1)...], as: UTF8.self))
    }

    static func header(_ header: JournalHeader) -> [UInt8] {
        let object: [String: Any] = ["id": header.sessionID, "strict": header.strict, "created": header.createdWall]
        return (try? JSONSerialization.data(withJSONObject: object)).map(Array.init) ?? []
    }

    static func header(_ bytes: [UInt8]) -> JournalHeader? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let id = object["id"] as? String, let strict = object["strict"] as? Bool,
              let created = object["created"] as? Double else { return nil }
        return JournalHeader(sessionID: id, strict: strict, createdWall: created)
    }
}
