import CSQLite
import Foundation

/// A `SessionJournal` in one SQLite database file (Debian's libsqlite3), `journal.sqlite` in a state
/// folder of its own.
///
/// WAL mode with `synchronous=NORMAL`: a commit is in the write-ahead log, handed to the kernel, before
/// `commit()` returns, so it survives the process dying at any point after (SIGKILL included); it is
/// fsynced at checkpoints, so an operating-system crash or power cut may lose the last commits
/// (sqlite.org/pragma.html#pragma_synchronous). `locking_mode=EXCLUSIVE` keeps the file to one server:
/// a second one opening the same folder fails with `JournalError` rather than both adopting each other's
/// sessions. The folder is made 0700 and the database 0600 (the WAL file takes the database's mode):
/// the records hold resume tokens, which are secrets (docs/SECURITY.md).
///
/// Writes of a service pass go into one transaction, begun at the first write and ended by `commit()`.
/// Used on the service thread only.
public final class SQLiteJournal: SessionJournal {
    /// The database file.
    public let path: String
    private var database: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private var inTransaction = false
    /// The member tokens each share's `share_members` rows hold, as this process last wrote or read
    /// them: a share rewritten for a pointer move leaves its rows alone. Cleared on rollback.
    private var shareMembers: [String: [String]] = [:]

    /// Opens (creating when missing) `folder/journal.sqlite`, creating `folder` with mode 0700.
    /// Throws `JournalError` when the folder cannot be made, the file cannot be opened, or another
    /// server holds it.
    public init(folder: String) throws {
        if !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw JournalError("open", "cannot create the state folder \(folder): \(error.localizedDescription)")
            }
        }
        path = (folder as NSString).appendingPathComponent("journal.sqlite")
        // Made here with 0600 so SQLite, which keeps an existing file's mode, never makes it world-readable.
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw JournalError("open", "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        database = handle
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            database = nil
            throw JournalError("open", "\(path): \(message)")
        }
        do {
            try execute("PRAGMA locking_mode=EXCLUSIVE")
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=NORMAL")
            // Takes the exclusive lock now: a second server fails here, not at its first commit.
            try execute("BEGIN IMMEDIATE")
            try execute("""
                CREATE TABLE IF NOT EXISTS sessions(token TEXT PRIMARY KEY, session_id TEXT NOT NULL,
                    strict INTEGER NOT NULL, created_wall REAL NOT NULL, snapshot TEXT, snapshot_elapsed REAL,
                    deadline REAL)
                """)
            try execute("""
                CREATE TABLE IF NOT EXISTS turns(id INTEGER PRIMARY KEY, token TEXT NOT NULL,
                    elapsed REAL NOT NULL, text TEXT NOT NULL)
                """)
            try execute("CREATE INDEX IF NOT EXISTS turns_by_token ON turns(token, id)")
            // A share's record is its `ShareRecord` as JSON; `share_members` finds it by any member's token.
            try execute("CREATE TABLE IF NOT EXISTS shares(code TEXT PRIMARY KEY, owner_token TEXT NOT NULL, record TEXT NOT NULL)")
            try execute("CREATE TABLE IF NOT EXISTS share_members(token TEXT PRIMARY KEY, code TEXT NOT NULL)")
            try execute("COMMIT")
        } catch let error as JournalError {
            let busy = sqlite3_errcode(database) == SQLITE_BUSY
            closeDatabase()
            throw busy ? JournalError("open", "\(path) is in use by another server: give each its own --state folder") : error
        }
    }

    deinit { closeDatabase() }

    public func append(_ turns: [JournalTurn], token: String, header: JournalHeader) throws {
        try begin()
        try insertHeader(token: token, header: header)
        for turn in turns {
            try run("INSERT INTO turns(token, elapsed, text) VALUES(?1, ?2, ?3)", [.text(token), .real(turn.elapsed), .text(turn.text)])
        }
    }

    public func compact(token: String, header: JournalHeader, snapshot: JournalSnapshot) throws {
        try begin()
        try insertHeader(token: token, header: header)
        try run("DELETE FROM turns WHERE token = ?1", [.text(token)])
        try run("UPDATE sessions SET snapshot = ?2, snapshot_elapsed = ?3 WHERE token = ?1",
                [.text(token), .text(snapshot.state), .real(snapshot.elapsed)])
    }

    public func setDeadline(_ deadline: Double?, token: String) throws {
        try begin()
        try run("UPDATE sessions SET deadline = ?2 WHERE token = ?1", [.text(token), deadline.map(Value.real) ?? .null])
    }

    public func forget(token: String) throws {
        try begin()
        try run("DELETE FROM turns WHERE token = ?1", [.text(token)])
        try run("DELETE FROM sessions WHERE token = ?1", [.text(token)])
    }

    public func commit() throws {
        guard inTransaction else { return }
        inTransaction = false
        do {
            try execute("COMMIT")
        } catch {
            // A failed COMMIT may leave the transaction open: end it so the next pass starts clean.
            _ = try? execute("ROLLBACK")
            shareMembers.removeAll()
            throw error
        }
    }

    public func rollback() {
        // The rows written since the last commit are gone: what the cache says of them may be wrong.
        shareMembers.removeAll()
        guard inTransaction else { return }
        inTransaction = false
        _ = try? execute("ROLLBACK")
    }

    public func load(token: String) throws -> JournalRecord? {
        var record: JournalRecord?
        try query("SELECT session_id, strict, created_wall, snapshot, snapshot_elapsed, deadline FROM sessions WHERE token = ?1",
                  [.text(token)]) { row in
            let header = JournalHeader(sessionID: Self.text(row, 0) ?? "", strict: sqlite3_column_int(row, 1) != 0,
                                       createdWall: sqlite3_column_double(row, 2))
            let snapshot = Self.text(row, 3).map { JournalSnapshot(elapsed: sqlite3_column_double(row, 4), state: $0) }
            let deadline = sqlite3_column_type(row, 5) == SQLITE_NULL ? nil : sqlite3_column_double(row, 5)
            record = JournalRecord(header: header, snapshot: snapshot, turns: [], deadline: deadline)
        }
        guard var found = record else { return nil }
        try query("SELECT elapsed, text FROM turns WHERE token = ?1 ORDER BY id", [.text(token)]) { row in
            found.turns.append(JournalTurn(elapsed: sqlite3_column_double(row, 0), text: Self.text(row, 1) ?? ""))
        }
        return found
    }

    public func lastSessionNumber() throws -> UInt64 {
        var last: Int64 = 0
        // Ids are `s` and a decimal number; CAST reads the digits after it.
        try query("SELECT MAX(CAST(substr(session_id, 2) AS INTEGER)) FROM sessions WHERE session_id LIKE 's%'", []) { row in
            last = sqlite3_column_int64(row, 0)
        }
        return UInt64(max(0, last))
    }

    public func expire(now: Double, orphanDeadline deadline: Double?) throws -> Int {
        try begin()
        if let deadline { try run("UPDATE sessions SET deadline = ?1 WHERE deadline IS NULL", [.real(deadline)]) }
        try run("DELETE FROM turns WHERE token IN (SELECT token FROM sessions WHERE deadline < ?1)", [.real(now)])
        try run("DELETE FROM sessions WHERE deadline < ?1", [.real(now)])
        let deleted = Int(sqlite3_changes(database))
        // A share ends with its owner's session.
        shareMembers.removeAll()
        try run("DELETE FROM shares WHERE owner_token NOT IN (SELECT token FROM sessions)", [])
        try run("DELETE FROM share_members WHERE code NOT IN (SELECT code FROM shares)", [])
        try commit()
        return deleted
    }

    public func saveShare(_ share: ShareRecord) throws {
        let text: String
        do {
            text = String(decoding: try JSONEncoder().encode(share), as: UTF8.self)
        } catch {
            throw JournalError("saveShare", "the share \(share.code) cannot be encoded: \(error)")
        }
        try begin()
        try run("INSERT OR REPLACE INTO shares(code, owner_token, record) VALUES(?1, ?2, ?3)",
                [.text(share.code), .text(share.ownerToken), .text(text)])
        let members = share.memberTokens
        guard shareMembers[share.code] != members else { return }
        try run("DELETE FROM share_members WHERE code = ?1", [.text(share.code)])
        for token in members {
            try run("INSERT OR REPLACE INTO share_members(token, code) VALUES(?1, ?2)", [.text(token), .text(share.code)])
        }
        shareMembers[share.code] = members
    }

    public func forgetShare(code: String) throws {
        shareMembers[code] = nil
        try begin()
        try run("DELETE FROM share_members WHERE code = ?1", [.text(code)])
        try run("DELETE FROM shares WHERE code = ?1", [.text(code)])
    }

    public func loadShare(code: String) throws -> ShareRecord? {
        try decodedShare("SELECT record FROM shares WHERE code = ?1", code)
    }

    public func loadShare(memberToken token: String) throws -> ShareRecord? {
        try decodedShare("SELECT record FROM shares JOIN share_members USING(code) WHERE token = ?1", token)
    }

    /// The share record the one-column `sql` finds for `key`, decoded.
    private func decodedShare(_ sql: String, _ key: String) throws -> ShareRecord? {
        var text: String?
        try query(sql, [.text(key)]) { row in text = Self.text(row, 0) }
        guard let text else { return nil }
        do {
            return try JSONDecoder().decode(ShareRecord.self, from: Data(text.utf8))
        } catch {
            throw JournalError("loadShare", "a share record cannot be read: \(error)")
        }
    }

    // MARK: SQLite

    /// A value bound to a statement's parameter.
    private enum Value {
        case text(String)
        case real(Double)
        case null
    }

    private func insertHeader(token: String, header: JournalHeader) throws {
        try run("INSERT OR IGNORE INTO sessions(token, session_id, strict, created_wall) VALUES(?1, ?2, ?3, ?4)",
                [.text(token), .text(header.sessionID), .real(header.strict ? 1 : 0), .real(header.createdWall)])
    }

    private func begin() throws {
        guard !inTransaction else { return }
        try execute("BEGIN")
        inTransaction = true
    }

    private func execute(_ sql: String) throws {
        guard let database else { throw JournalError("execute", "the journal is closed") }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(database))
            sqlite3_free(message)
            throw JournalError(String(sql.prefix(40)), text)
        }
    }

    /// Runs a statement that returns no rows.
    private func run(_ sql: String, _ values: [Value]) throws {
        try query(sql, values) { _ in }
    }

    /// Runs `sql` (prepared once and kept) with `values`, calling `row` for each result row.
    private func query(_ sql: String, _ values: [Value], row: (OpaquePointer) -> Void) throws {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, csqlite_transient())
            case .real(let number): sqlite3_bind_double(statement, position, number)
            case .null: sqlite3_bind_null(statement, position)
            }
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_ROW { row(statement); continue }
            if status == SQLITE_DONE { return }
            throw JournalError(String(sql.prefix(40)), String(cString: sqlite3_errmsg(database)))
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        guard let database else { throw JournalError("prepare", "the journal is closed") }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw JournalError("prepare", String(cString: sqlite3_errmsg(database)))
        }
        statements[sql] = statement
        return statement
    }

    private static func text(_ row: OpaquePointer, _ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(row, column) else { return nil }
        return String(cString: bytes)
    }

    private func closeDatabase() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close(database)
        database = nil
    }
}
