import Foundation
import Playground
import SharedState

/// The session journal in Redis (`--redis`), in place of the local SQLite one: every server of a
/// deployment writes its sessions where any other can restore them, under a lease that fences out a
/// holder that was killed, stalled or cut off.
///
/// Writes of a pass are buffered and sent at `commit()`, which returns at once: the pass's answers
/// stay held (`pendingConfirmation`) until Redis confirms every write, on the service thread, from
/// `handle(_:)`. Per session: the header and the lease when it is first written (`beginSession`),
/// then its turns appended to its capped stream, a compaction as a snapshot of every turn so far, a
/// deadline when its connection drops, the whole record deleted when it ends.
///
/// Redis known to be down when a pass commits: its writes are not sent, its answers go out at once
/// (the session lives on in this process), and each such session is written whole (a snapshot under
/// a lease taken again) by the first commit once Redis is back (`takeUnwritten`). Redis failing
/// writes it was sent (killed mid-pass, stalled past the command timeout, or the lease taken over):
/// the pass's sessions cannot be acknowledged and their connections close with 1011, as when the
/// local journal fails. Shares are kept in this process only. Used on the service thread only.
final class RedisJournal: SessionJournal {
    /// The stream cap: above the most turns `JournalQueue` keeps between compactions (4 × 512), so a
    /// trim never drops a turn the snapshot does not hold.
    static let streamCap = 4096

    let store: SharedStore
    /// This process's name in leases (`SharedKeys.server`).
    let holder: String
    let events: RedisEvents

    private enum Write {
        case append(String, JournalHeader, [JournalTurn])
        case compact(String, JournalHeader, JournalSnapshot)
        case deadline(String, Double?)
        case forget(String)
    }

    /// What this server knows of a session it writes: its id (the keys' name), its lease's epoch once
    /// Redis told it, and whether the lease was taken (false: the next write takes it first).
    private struct Replica {
        var sessionID: String
        var epoch: Int?
        var leased: Bool
    }

    private var writes: [Write] = []
    private var replicas: [String: Replica] = [:]
    private var lastPass = 0
    /// Writes of each sent pass not answered yet, and the tokens whose writes failed.
    private var outstanding: [Int: (remaining: Int, failed: Set<String>)] = [:]
    private(set) var pendingConfirmation: Int?
    private var unwritten: [String] = []
    /// Records a `rejoin`'s look-up found, taken once by `load`; tokens whose look-up failed.
    private var found: [String: JournalRecord] = [:]
    private var lookupFailures: [String: String] = [:]
    private var shares: [String: ShareRecord] = [:]

    init(store: SharedStore, holder: String, events: RedisEvents) {
        self.store = store
        self.holder = holder
        self.events = events
    }

    var isReachable: Bool { store.connection.state == .up }

    // MARK: SessionJournal

    func append(_ turns: [JournalTurn], token: String, header: JournalHeader) throws {
        writes.append(.append(token, header, turns))
    }

    func compact(token: String, header: JournalHeader, snapshot: JournalSnapshot) throws {
        writes.append(.compact(token, header, snapshot))
    }

    func setDeadline(_ deadline: Double?, token: String) throws {
        writes.append(.deadline(token, deadline))
    }

    func forget(token: String) throws {
        writes.append(.forget(token))
    }

    func commit() throws {
        pendingConfirmation = nil
        guard !writes.isEmpty else { return }
        let taken = writes
        writes.removeAll(keepingCapacity: true)
        guard isReachable else {
            for write in taken {
                switch write {
                case .append(let token, _, _), .compact(let token, _, _):
                    unwritten.append(token)
                    replicas[token]?.leased = false
                case .deadline, .forget:
                    break   // the record expires with its retention; a resync writes it whole
                }
            }
            return
        }
        lastPass += 1
        let pass = lastPass
        var sent = 0
        for write in taken { sent += send(write, pass: pass) }
        guard sent > 0 else { return }
        outstanding[pass] = (sent, [])
        pendingConfirmation = pass
    }

    func rollback() { writes.removeAll() }

    func load(token: String) throws -> JournalRecord? {
        if let message = lookupFailures.removeValue(forKey: token) { throw JournalUnavailable(message) }
        return found.removeValue(forKey: token)
    }

    /// Redis's keys expire by themselves (`SharedStore.retention`); nothing to sweep here.
    func expire(now: Double, orphanDeadline deadline: Double?) throws -> Int { 0 }

    /// Ids come from Redis's counter (`RedisSessionDirectory`), never from this journal.
    func lastSessionNumber() throws -> UInt64 { 0 }

    func saveShare(_ share: ShareRecord) throws { shares[share.code] = share }

    func forgetShare(code: String) throws { shares[code] = nil }

    func loadShare(code: String) throws -> ShareRecord? { shares[code] }

    func loadShare(memberToken token: String) throws -> ShareRecord? {
        shares.values.first { $0.memberTokens.contains(token) }
    }

    func takeUnwritten() -> [String] {
        defer { unwritten.removeAll() }
        return unwritten
    }

    // MARK: Sending

    /// Sends `write`'s commands; returns how many count for the pass's confirmation.
    private func send(_ write: Write, pass: Int) -> Int {
        switch write {
        case .append(let token, let header, let turns):
            let lease = leaseIfNeeded(token, header: header, pass: pass)
            let bytes = turns.map { RedisJournalCoding.timed(elapsed: $0.elapsed, text: $0.text) }
            store.appendJournalTurns(bytes, session: header.sessionID, holder: holder, cap: Self.streamCap,
                                     completion: confirmation(pass, token, critical: true))
            return lease + 1
        case .compact(let token, let header, let snapshot):
            let lease = leaseIfNeeded(token, header: header, pass: pass)
            store.writeJournalSnapshot(RedisJournalCoding.timed(elapsed: snapshot.elapsed, text: snapshot.state),
                                       session: header.sessionID, holder: holder,
                                       completion: confirmation(pass, token, critical: true))
            return lease + 1
        case .deadline(let token, let deadline):
            // Sent even when the lease must be taken again (a write failed): the script is fenced by
            // the holder, and a session parked after a failed pass must be marked parked for a
            // rejoin elsewhere.
            guard let replica = replicas[token] else { return 0 }
            store.setJournalDeadline(deadline, session: replica.sessionID, holder: holder,
                                     completion: confirmation(pass, token, critical: false))
            return 1
        case .forget(let token):
            guard let replica = replicas.removeValue(forKey: token) else { return 0 }
            store.forgetSession(replica.sessionID, token: token, holder: holder,
                                completion: confirmation(pass, token, critical: false))
            return 1
        }
    }

    /// Takes the lease first when this server has not (a new session, or one written again after
    /// Redis was down): 1 command sent, else 0. Its writes follow in the same pipeline.
    private func leaseIfNeeded(_ token: String, header: JournalHeader, pass: Int) -> Int {
        if let replica = replicas[token], replica.leased { return 0 }
        replicas[token] = Replica(sessionID: header.sessionID, epoch: replicas[token]?.epoch, leased: true)
        let events = events
        store.beginSession(header.sessionID, holder: holder, header: RedisJournalCoding.header(header), token: token) { result in
            switch result {
            case .success(.held(let epoch, _)):
                events.post(.leased(token: token, epoch: epoch))
                events.post(.written(pass: pass, token: token, failure: nil, critical: true))
            case .success(.heldElsewhere(_, let other, _)):
                events.post(.written(pass: pass, token: token, failure: "held by \(other)", critical: true))
            case .failure(let error):
                events.post(.written(pass: pass, token: token, failure: "\(error)", critical: true))
            }
        }
        return 1
    }

    private func confirmation<T>(_ pass: Int, _ token: String, critical: Bool) -> @Sendable (Result<T, SharedStateError>) -> Void {
        let events = events
        return { result in
            switch result {
            case .success: events.post(.written(pass: pass, token: token, failure: nil, critical: critical))
            case .failure(let error): events.post(.written(pass: pass, token: token, failure: "\(error)", critical: critical))
            }
        }
    }

    // MARK: Replies (service thread)

    /// A confirmed pass: its number and the tokens whose writes failed.
    struct Confirmation {
        var pass: Int
        var failed: Set<String>
    }

    /// Applies a written or leased event; returns the passes now wholly answered, oldest first (a
    /// pass is reported only once every earlier one is, as `JournalQueue.confirm` expects).
    func handle(written pass: Int, token: String, failure: String?, critical: Bool) -> [Confirmation] {
        guard var entry = outstanding[pass] else { return [] }
        entry.remaining -= 1
        if let failure {
            replicas[token]?.leased = false
            if critical {
                entry.failed.insert(token)
                ServerLog.info("redis: a journal write of pass \(pass) failed (\(failure))")
            }
        }
        outstanding[pass] = entry
        var confirmed: [Confirmation] = []
        while let oldest = outstanding.keys.min(), let done = outstanding[oldest], done.remaining <= 0 {
            outstanding[oldest] = nil
            confirmed.append(Confirmation(pass: oldest, failed: done.failed))
        }
        return confirmed
    }

    func handle(leased token: String, epoch: Int) {
        replicas[token]?.epoch = epoch
    }

    // MARK: Rejoin

    /// Whether this server writes `token`'s session and knows its lease's epoch.
    func epoch(of token: String) -> (sessionID: String, epoch: Int)? {
        guard let replica = replicas[token], let epoch = replica.epoch else { return nil }
        return (replica.sessionID, epoch)
    }

    /// A look-up's outcome for `token`, kept for the `rejoin` turn that runs next (`load`).
    func keep(_ outcome: RedisLookup.Outcome, token: String, orphanDeadline: Double) {
        switch outcome {
        case .none:
            break
        case .failed(let message):
            lookupFailures[token] = "Redis: \(message)"
        case .heldElsewhere(let other):
            lookupFailures[token] = "the session is connected on another server (\(other))"
        case .found(let sessionID, let epoch, let read):
            switch RedisLookup.record(read, orphanDeadline: orphanDeadline) {
            case .success(let record):
                found[token] = record
                replicas[token] = Replica(sessionID: sessionID, epoch: epoch, leased: true)
            case .failure(let error):
                lookupFailures[token] = error.message
            }
        }
    }

    /// A kept look-up whose connection closed before its turn ran: the lease is left parked, so the
    /// session can be taken up anywhere. Nothing else changed in Redis.
    func drop(token: String, deadline: Double) {
        lookupFailures[token] = nil
        guard found.removeValue(forKey: token) != nil else { return }
        writes.append(.deadline(token, deadline))
    }
}
