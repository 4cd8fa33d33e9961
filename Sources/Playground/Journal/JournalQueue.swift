import Foundation

/// The journal writes of one service pass, and the sessions whose answers wait for them.
///
/// A session that runs a turn worth keeping hands it here (`record`) and holds its outbox (nothing is
/// taken from it, `ok` included) until the transport calls `commit(now:)` at the end of the pass: all
/// sessions' turns go into the journal in one transaction, then the holds are released. So an `ok`
/// never reaches a socket before the change it acknowledges is in the journal, and one pass costs one
/// commit however many sessions and turns it ran. A session's journal is compacted (replaced by a
/// snapshot) once its turns pass `maxTurns` or `maxBytes` while nothing animates, and at four times
/// those even mid-animation (its running animations are then not restored), so no journal grows
/// without bound. Used on the service thread only.
public final class JournalQueue {
    /// Where the turns go.
    public let journal: SessionJournal
    /// Turns kept before a compaction is due.
    public let maxTurns: Int
    /// Bytes of turn text kept before a compaction is due.
    public let maxBytes: Int
    private var pending: [Session] = []
    private var held: [Session] = []
    /// Shares whose record is rewritten (or, ended, deleted) at the next commit, in the order they changed.
    private var changedShares: [SharedSession] = []
    /// Passes sent to a journal that confirms later (`SessionJournal.pendingConfirmation`), oldest
    /// first, with the sessions whose answers wait for each.
    private var awaiting: [(pass: Int, sessions: [Session])] = []
    /// Sessions answered without the journal (it was unreachable), to be written whole once it is back.
    private var unwritten: [Session] = []

    /// - Parameters: journal: the store; maxTurns, maxBytes: see above (defaults 512 turns, 256 KiB).
    public init(journal: SessionJournal, maxTurns: Int = 512, maxBytes: Int = 256 * 1024) {
        self.journal = journal
        self.maxTurns = max(1, maxTurns)
        self.maxBytes = max(1, maxBytes)
    }

    /// True when nothing waits for a commit.
    public var isEmpty: Bool { pending.isEmpty && held.isEmpty && changedShares.isEmpty }

    /// True while answers wait for a journal's confirmation.
    public var isAwaitingConfirmation: Bool { !awaiting.isEmpty }

    /// Queues `turn` for `session`'s journal and holds `session`'s outbox until the next commit.
    func record(_ turn: JournalTurn, for session: Session) {
        if session.journalPending.isEmpty { pending.append(session) }
        session.journalPending.append(turn)
        session.isJournaled = true
        hold(session)
    }

    /// Replaces `session`'s journal with a snapshot of its state at the next commit, and holds its
    /// outbox until then: its state changed in a way its turns cannot replay (it followed another
    /// session, which dropped its own scene).
    /// With `creating`, a session the journal has no record of gets one (its owner shares it, or its
    /// share ended under it: a restarted server must find it), which only a session that ran no
    /// journaled turn lacks, so the snapshot drops no running animation.
    func snapshot(_ session: Session, creating: Bool = false) {
        guard session.isJournaled || creating else { return }
        session.isJournaled = true
        if session.journalPending.isEmpty, !pending.contains(where: { $0 === session }) { pending.append(session) }
        session.journalNeedsSnapshot = true
        hold(session)
    }

    /// Deletes `session`'s journal (its connection ended for good, or it was replaced by a rejoin),
    /// dropping the turns it queued this pass and releasing its hold. A failure is thrown as
    /// `JournalError`; the record then expires with its deadline.
    public func forget(_ session: Session) throws {
        pending.removeAll { $0 === session }
        session.journalPending.removeAll()
        session.journalNeedsSnapshot = false
        if session.holdsOutput {
            held.removeAll { $0 === session }
            session.holdsOutput = false
            session.journalHeldThisPass = false
            session.journalAwaitedPass = 0
        }
        unwritten.removeAll { $0 === session }
        try journal.forget(token: session.resumeToken)
    }

    /// Rewrites `share`'s record (`ShareRecord`) at the next commit, or deletes it when the share has
    /// ended by then.
    func shareChanged(_ share: SharedSession) {
        if !changedShares.contains(where: { $0 === share }) { changedShares.append(share) }
    }

    /// Holds `session`'s outbox until the next commit (a follower whose edit ran on the session it controls).
    func hold(_ session: Session) {
        guard !session.journalHeldThisPass else { return }
        session.journalHeldThisPass = true
        session.holdsOutput = true
        held.append(session)
    }

    /// Writes every queued turn (or a snapshot, for sessions due a compaction), commits, and releases
    /// the held sessions, which it returns: their connections should be asked for a WRITEABLE. When the
    /// journal fails, the turns are dropped, the error is thrown, and the sessions stay held: the caller
    /// must close their connections, since their answers cannot be acknowledged.
    ///
    /// With a journal that confirms later, nothing is released here: the held sessions wait for
    /// `confirm(pass:failed:)`. Sessions the journal could not write at all (unreachable) are released
    /// at once and written whole by a later commit once it is reachable again.
    public func commit() throws -> [Session] {
        if !unwritten.isEmpty, journal.isReachable {
            let resync = unwritten
            unwritten.removeAll()
            for session in resync { snapshot(session) }
        }
        defer {
            for session in pending { session.journalPending.removeAll() }
            pending.removeAll()
            changedShares.removeAll()
        }
        for session in pending {
            let turns = session.journalPending
            session.journalPending.removeAll()
            session.journaledTurns += turns.count
            session.journaledBytes += turns.reduce(0) { $0 + $1.text.utf8.count }
            let due = session.journaledTurns > maxTurns || session.journaledBytes > maxBytes
            let overdue = session.journaledTurns > 4 * maxTurns || session.journaledBytes > 4 * maxBytes
            if overdue || session.journalNeedsSnapshot || (due && !session.scene.engine.isAnimating) {
                session.journalNeedsSnapshot = false
                try journal.compact(token: session.resumeToken, header: session.journalHeader,
                                    snapshot: session.journalSnapshot())
                session.journaledTurns = 0
                session.journaledBytes = 0
            } else {
                try journal.append(turns, token: session.resumeToken, header: session.journalHeader)
            }
        }
        let wall = Date().timeIntervalSince1970
        for share in changedShares {
            if share.hasEnded {
                try journal.forgetShare(code: share.code)
            } else if let record = share.record(wall: wall) {
                try journal.saveShare(record)
            }
        }
        let written = pending
        try journal.commit()
        let released = held
        held.removeAll()
        for session in released { session.journalHeldThisPass = false }
        let dropped = Set(journal.takeUnwritten())
        if !dropped.isEmpty {
            for session in written where dropped.contains(session.resumeToken) && !unwritten.contains(where: { $0 === session }) {
                unwritten.append(session)
            }
        }
        if let pass = journal.pendingConfirmation {
            for session in released { session.journalAwaitedPass = pass }
            awaiting.append((pass, released))
            return []
        }
        for session in released where session.journalAwaitedPass == 0 { session.holdsOutput = false }
        return released.filter { !$0.holdsOutput }
    }

    /// The journal confirmed every pass up to `pass` (it confirms in order); `failed` names the
    /// tokens whose writes it refused or could not confirm. Returns the sessions released (to be
    /// woken) and those whose answers cannot be acknowledged (their connections are to be closed, as
    /// when `commit()` throws). A session still held for a later pass stays held.
    /// - Complexity: O(sessions of the passes confirmed).
    public func confirm(pass: Int, failed: Set<String>) -> (released: [Session], failed: [Session]) {
        var released: [Session] = []
        var failedSessions: [Session] = []
        while let first = awaiting.first, first.pass <= pass {
            awaiting.removeFirst()
            for session in first.sessions {
                if failed.contains(session.resumeToken) {
                    if !failedSessions.contains(where: { $0 === session }) { failedSessions.append(session) }
                    continue
                }
                guard session.journalAwaitedPass == first.pass, !session.journalHeldThisPass else { continue }
                session.journalAwaitedPass = 0
                session.holdsOutput = false
                released.append(session)
            }
        }
        for session in failedSessions {
            session.journalAwaitedPass = 0
            session.holdsOutput = false
        }
        return (released, failedSessions)
    }

    /// Drops every hold without writing (the journal failed): the sessions are returned so the caller
    /// can close their connections.
    public func abandon() -> [Session] {
        let released = held
        held.removeAll()
        for session in released {
            session.holdsOutput = false
            session.journalHeldThisPass = false
            session.journalAwaitedPass = 0
        }
        return released
    }
}
