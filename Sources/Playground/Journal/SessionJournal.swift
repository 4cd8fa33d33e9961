/// Where sessions are written down so that a server that died (a crash, SIGKILL, a restart for an
/// upgrade) can give them back on `rejoin`.
///
/// A session's journal is its record (`JournalRecord`): a snapshot of its state (scene document, clock,
/// undo history) and the turns (client messages) it ran since, each with the time it ran. Replaying the
/// turns on the snapshot rebuilds the session (`Session.restored(from:…)`). Writes made during one
/// service pass (`append`, `compact`, `setDeadline`, `forget`) become durable together at `commit()`,
/// and no answer of that pass is written to a socket before it returns (`JournalQueue`).
///
/// One process writes a journal at a time. The protocol is the seam for a store shared by many
/// servers (Redis, say); `SQLiteJournal` is the one in this repository. Shared sessions are kept
/// beside the sessions, one `ShareRecord` per join code; `expire` deletes a share whose owner's record
/// is gone. Not `Sendable`: used on the service thread only.
public protocol SessionJournal: AnyObject {
    /// Adds `turns`, oldest first, to the session with `token`, creating its record with `header` when
    /// it has none. Throws `JournalError` when the store refuses.
    func append(_ turns: [JournalTurn], token: String, header: JournalHeader) throws
    /// Replaces the session's snapshot with `snapshot` and drops every turn before it (they are all in
    /// it); creates the record with `header` when there is none. Throws `JournalError`.
    func compact(token: String, header: JournalHeader, snapshot: JournalSnapshot) throws
    /// Sets the wall-clock time (Unix seconds) after which the session can no longer be rejoined, nil
    /// while a connection holds it. Throws `JournalError`.
    func setDeadline(_ deadline: Double?, token: String) throws
    /// Deletes the session's record. Throws `JournalError`.
    func forget(token: String) throws
    /// Makes every write since the last commit durable, all or nothing. Throws `JournalError`; the
    /// writes are then lost and the caller must not acknowledge them.
    func commit() throws
    /// Drops every write since the last commit (a write of the pass failed).
    func rollback()
    /// The record of the session with `token` as last committed, or nil when there is none. Throws
    /// `JournalError` when the store cannot be read.
    func load(token: String) throws -> JournalRecord?
    /// Gives every record without a deadline (their server died while a connection held them) the
    /// deadline `deadline`, then deletes the records whose deadline is before `now` (wall-clock Unix
    /// seconds), and commits. Returns how many were deleted. Throws `JournalError`.
    func expire(now: Double, orphanDeadline deadline: Double?) throws -> Int
    /// The largest N among the records' session ids `sN` (0 when there is none): a restarted server
    /// numbers its new sessions after it, so that an id (what `followers` lists and `handOver` names)
    /// never stands for two sessions. Throws `JournalError` when the store cannot be read.
    func lastSessionNumber() throws -> UInt64

    /// Writes `share`'s record whole, replacing the one with its code. Throws `JournalError`.
    func saveShare(_ share: ShareRecord) throws
    /// Deletes the record of the share with `code` (it ended). Throws `JournalError`.
    func forgetShare(code: String) throws
    /// The record of the share with `code` as last committed, or nil. Throws `JournalError`.
    func loadShare(code: String) throws -> ShareRecord?
    /// The record of the share whose owner or one of whose followers has the resume token `token`, as
    /// last committed, or nil. Throws `JournalError`.
    func loadShare(memberToken token: String) throws -> ShareRecord?

    /// Nil when `commit()` made the pass durable before returning (SQLite). A store across the network
    /// returns from `commit()` once the writes are sent, and gives the pass a number here: its answers
    /// stay held until the store confirms it (`JournalQueue.confirm(pass:failed:)`).
    var pendingConfirmation: Int? { get }
    /// The tokens whose writes the last `commit()` could not send at all (the store was known to be
    /// unreachable): their sessions were answered without it, and are written whole (a snapshot) once
    /// `isReachable` again. Taking them empties the list.
    func takeUnwritten() -> [String]
    /// Whether writes can be sent now.
    var isReachable: Bool { get }
}

extension SessionJournal {
    public var pendingConfirmation: Int? { nil }
    public func takeUnwritten() -> [String] { [] }
    public var isReachable: Bool { true }
}

/// A journal that cannot answer now (a store across the network is down or stalled): a `rejoin`
/// that needs it answers `unavailable` rather than waiting.
public struct JournalUnavailable: Error, Sendable, CustomStringConvertible {
    /// Why, in the store's words.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// What never changes in a session's record: who it is, and when its time started.
public struct JournalHeader: Sendable, Equatable {
    /// The session id announced in `hello` (`s3`).
    public var sessionID: String
    /// Whether the session was strict (`hello.strict`).
    public var strict: Bool
    /// Wall-clock time (Unix seconds) of the session's time 0: a turn's `elapsed` counts from here.
    public var createdWall: Double

    public init(sessionID: String, strict: Bool, createdWall: Double) {
        self.sessionID = sessionID
        self.strict = strict
        self.createdWall = createdWall
    }
}

/// One client message a session ran, as it came.
public struct JournalTurn: Sendable, Equatable {
    /// Seconds from the session's time 0 (transport time, monotonic) to the turn.
    public var elapsed: Double
    /// The message's JSON text.
    public var text: String

    public init(elapsed: Double, text: String) {
        self.elapsed = elapsed
        self.text = text
    }
}

/// A session's state at one instant, as JSON text (`Session.journalSnapshot()`: `scene`, `clock`,
/// `undo`, `redo`).
public struct JournalSnapshot: Sendable, Equatable {
    /// Seconds from the session's time 0 to the snapshot.
    public var elapsed: Double
    /// The JSON object.
    public var state: String

    public init(elapsed: Double, state: String) {
        self.elapsed = elapsed
        self.state = state
    }
}

/// Everything a journal holds for one session.
public struct JournalRecord: Sendable, Equatable {
    public var header: JournalHeader
    /// Nil until the first compaction: the turns then start from a new empty session.
    public var snapshot: JournalSnapshot?
    /// The turns after the snapshot, oldest first.
    public var turns: [JournalTurn]
    /// Wall-clock Unix seconds after which the session cannot be rejoined; nil while connected.
    public var deadline: Double?

    public init(header: JournalHeader, snapshot: JournalSnapshot?, turns: [JournalTurn], deadline: Double?) {
        self.header = header
        self.snapshot = snapshot
        self.turns = turns
        self.deadline = deadline
    }
}

/// A journal store failed: `operation` names what was tried, `message` is the store's own words.
public struct JournalError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var message: String

    public init(_ operation: String, _ message: String) {
        self.operation = operation
        self.message = message
    }

    public var description: String { "journal \(operation): \(message)" }
}
