/// What a server found when it asked for a session's lease (`SharedStore.beginSession`).
public enum SessionLeaseOutcome: Sendable, Equatable {
    /// The caller holds the session: the lease's epoch and the number of the session's latest turn.
    case held(epoch: Int, latest: Int)
    /// A live server holds it (connected there): its epoch and name, and the seconds its liveness key
    /// has left (a killed server's lapses then, and the lease can be taken).
    case heldElsewhere(epoch: Int, holder: String, aliveFor: Double)
}

/// A session's whole record as one atomic read found it: its history (snapshot and turns), the
/// header its first holder wrote, and its rejoin deadline.
public struct SessionRecordRead: Sendable, Equatable {
    /// The snapshot and the turns after it; `history.complete` tells whether nothing is missing.
    public var history: SessionHistory
    /// The header's bytes, nil when the record has none (it expired or never existed).
    public var header: [UInt8]?
    /// Wall-clock Unix seconds after which it cannot be rejoined; nil while a connection held it.
    public var deadline: Double?
}

/// A session journal in Redis: each session's header, turns (a capped stream) and snapshot under a
/// lease whose holder alone may write (`JournalScripts`), its resume token as a key naming it, and
/// its rejoin deadline. Every operation completes on the connection's thread (or at once on the
/// caller's, for a refusal), like the rest of `SharedStore`.
///
/// These run with EVAL rather than EVALSHA: a script Redis does not know (after a restart) would be
/// sent again behind the commands queued meanwhile, and a session's writes must run in the order they
/// were sent. Redis caches each script's compiled body, so EVAL costs only the source's bytes.
extension SharedStore {
    /// Takes `session`'s lease for `holder` (see `JournalScripts.begin`), writing `header` when given
    /// and pointing `token`'s key at the session.
    public func beginSession(_ session: String, holder: String, header: [UInt8]?, token: String,
                             completion: @escaping @Sendable (Result<SessionLeaseOutcome, SharedStateError>) -> Void) {
        let keys = [SharedKeys.lease(session), SharedKeys.epoch(session), SharedKeys.turnCount(session),
                    SharedKeys.header(session), SharedKeys.token(token), SharedKeys.parked(session)]
        let arguments = [Array(holder.utf8), Self.milliseconds(retention), header ?? [], Array(session.utf8)]
        run(JournalScripts.begin, keys: keys, arguments: arguments) { result in
            completion(result.flatMap { reply in
                guard case .array(let items) = reply, items.count >= 3, let status = items[0].integerValue,
                      let epoch = items[1].integerValue else { return .failure(Self.unexpected(reply)) }
                if status == 1, let latest = items[2].integerValue { return .success(.held(epoch: epoch, latest: latest)) }
                guard items.count == 4, let holder = items[2].text, let alive = items[3].integerValue else {
                    return .failure(Self.unexpected(reply))
                }
                return .success(.heldElsewhere(epoch: epoch, holder: holder, aliveFor: Double(alive) / 1000))
            })
        }
    }

    /// Appends `turns` to the session's stream while `holder` holds its lease: the last turn's
    /// number, or `.staleEpoch` when another holder has the session. - Complexity: O(turns) in Redis.
    public func appendJournalTurns(_ turns: [[UInt8]], session: String, holder: String, cap: Int,
                                   completion: @escaping @Sendable (Result<Int, SharedStateError>) -> Void) {
        let keys = [SharedKeys.lease(session), SharedKeys.turnCount(session), SharedKeys.turns(session),
                    SharedKeys.header(session)]
        let arguments = [Array(holder.utf8), Array(String(max(1, cap)).utf8), Self.milliseconds(retention)] + turns
        run(JournalScripts.append, keys: keys, arguments: arguments) { completion($0.flatMap(Self.fenced)) }
    }

    /// Writes `bytes` as the session's snapshot of every turn appended so far and drops those turns,
    /// while `holder` holds its lease: the snapshot's offset, or `.staleEpoch`.
    public func writeJournalSnapshot(_ bytes: [UInt8], session: String, holder: String,
                                     completion: @escaping @Sendable (Result<Int, SharedStateError>) -> Void) {
        let keys = [SharedKeys.lease(session), SharedKeys.epoch(session), SharedKeys.turnCount(session),
                    SharedKeys.turns(session), SharedKeys.snapshot(session)]
        run(JournalScripts.snapshot, keys: keys, arguments: [Array(holder.utf8), Self.milliseconds(retention), bytes]) {
            completion($0.flatMap(Self.fenced))
        }
    }

    /// Sets the session's rejoin deadline (Unix seconds; the session counts as parked) or clears it
    /// (nil: a connection holds it), while `holder` holds its lease: false when it does not.
    public func setJournalDeadline(_ deadline: Double?, session: String, holder: String,
                                   completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        let keys = [SharedKeys.lease(session), SharedKeys.deadline(session), SharedKeys.parked(session)]
        let value = deadline.map { Array(String($0).utf8) } ?? []
        run(JournalScripts.deadline, keys: keys, arguments: [Array(holder.utf8), value, Self.milliseconds(retention)]) {
            completion($0.flatMap { Self.status(of: $0).map { $0 == 1 } })
        }
    }

    /// Whether `holder` still holds the session's lease of `epoch` (nobody took the parked session
    /// over); if so it counts as held again.
    public func reclaimSession(_ session: String, holder: String, epoch: Int,
                               completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        run(JournalScripts.reclaim, keys: [SharedKeys.lease(session), SharedKeys.parked(session)],
            arguments: [Array(holder.utf8), Array(String(epoch).utf8)]) {
            completion($0.flatMap { Self.status(of: $0).map { $0 == 1 } })
        }
    }

    /// Deletes the session's record and `token`'s key while `holder` holds its lease: false when it does not.
    public func forgetSession(_ session: String, token: String, holder: String,
                              completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        let keys = [SharedKeys.lease(session), SharedKeys.turnCount(session), SharedKeys.turns(session),
                    SharedKeys.snapshot(session), SharedKeys.header(session), SharedKeys.deadline(session),
                    SharedKeys.token(token), SharedKeys.parked(session)]
        run(JournalScripts.forget, keys: keys, arguments: [Array(holder.utf8)]) {
            completion($0.flatMap { Self.status(of: $0).map { $0 == 1 } })
        }
    }

    /// Reads the session's record in one atomic read, with at most `limit` turns after its snapshot.
    /// - Complexity: O(turns read) in Redis.
    public func readSessionRecord(_ session: String, limit: Int,
                                  completion: @escaping @Sendable (Result<SessionRecordRead, SharedStateError>) -> Void) {
        let keys = [SharedKeys.turnCount(session), SharedKeys.turns(session), SharedKeys.snapshot(session),
                    SharedKeys.header(session), SharedKeys.deadline(session)]
        run(JournalScripts.read, keys: keys, arguments: [Array(String(max(1, limit)).utf8)]) { result in
            completion(result.flatMap { reply in
                guard case .array(let items) = reply, items.count == 7 else { return .failure(Self.unexpected(reply)) }
                return Self.history(from: .array(Array(items[0..<5])), after: nil).map { history in
                    var header: [UInt8]?
                    if case .bulk(let bytes) = items[5] { header = bytes }
                    return SessionRecordRead(history: history, header: header, deadline: items[6].text.flatMap(Double.init))
                }
            })
        }
    }

    /// Marks `holder` alive for `seconds` (`SharedKeys.server`): its leases cannot be taken over
    /// meanwhile. A running server refreshes it well within `seconds`.
    public func heartbeat(_ holder: String, seconds: Double,
                          completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        connection.send(RedisCommand(arguments: [Array("SET".utf8), Array(SharedKeys.server(holder).utf8), Array("1".utf8),
                                                 Array("PX".utf8), Self.milliseconds(seconds)])) { result in
            completion(result.flatMap { reply in reply == .status("OK") ? .success(true) : .failure(Self.unexpected(reply)) })
        }
    }

    /// Reserves `count` session numbers no other server gets (INCRBY on `SharedKeys.sessionCounter`):
    /// the last of them (the block is `last - count + 1 ... last`).
    public func reserveSessionNumbers(_ count: Int, completion: @escaping @Sendable (Result<Int, SharedStateError>) -> Void) {
        connection.send(RedisCommand("INCRBY", SharedKeys.sessionCounter, String(max(1, count)))) { result in
            completion(result.flatMap { $0.integerValue.map(Result.success) ?? .failure(Self.unexpected($0)) })
        }
    }

    /// Runs `script` with EVAL (see the extension's note on order).
    private func run(_ script: LuaScript, keys: [String], arguments: [[UInt8]],
                     completion: @escaping @Sendable (Result<RedisReply, SharedStateError>) -> Void) {
        let command = [Array("EVAL".utf8), Array(script.source.utf8), Array(String(keys.count).utf8)]
            + keys.map { Array($0.utf8) } + arguments
        connection.send(RedisCommand(arguments: command)) { completion($0.flatMap(Self.checked)) }
    }
}
