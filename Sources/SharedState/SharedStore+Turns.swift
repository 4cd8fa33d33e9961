/// One turn of a session as stored: its number (the offset: 1 for the first turn, one more per turn)
/// and its bytes (an encoded journal turn).
public struct StoredTurn: Sendable, Equatable {
    /// The turn's number: 1 for the session's first.
    public var offset: Int
    /// The turn as appended.
    public var bytes: [UInt8]

    /// Turn number `offset` with `bytes`.
    public init(offset: Int, bytes: [UInt8]) {
        self.offset = offset
        self.bytes = bytes
    }
}

/// A session's snapshot: its bytes (an encoded journal snapshot), the epoch that wrote it, and the
/// offset of the last turn it includes.
public struct StoredSnapshot: Sendable, Equatable {
    /// The epoch of the lease whose holder wrote it.
    public var epoch: Int
    /// The number of the last turn it includes (0: none).
    public var offset: Int
    /// The snapshot as written.
    public var bytes: [UInt8]

    /// A snapshot written under `epoch` that includes the turns up to `offset`.
    public init(epoch: Int, offset: Int, bytes: [UInt8]) {
        self.epoch = epoch
        self.offset = offset
        self.bytes = bytes
    }
}

/// What a read of a session's history found, in one atomic read: the snapshot, the turns after the
/// base the read asked for, and the latest turn's number.
///
/// A reader knows whether it has everything (the history-and-recovery rule of Centrifugo): `complete`
/// when the turns run without a gap from just after the base to `latest`. Not complete means either
/// the stream was trimmed past the base (older turns fell out of the cap: start again from the
/// snapshot), or `limit` cut the read short (read on from the last turn's offset).
public struct SessionHistory: Sendable, Equatable {
    /// The session's snapshot, nil when none was written (or it expired).
    public var snapshot: StoredSnapshot?
    /// The offset the turns follow: the read's `after`, or the snapshot's offset (0 without one).
    public var base: Int
    /// The turns after `base`, oldest first.
    public var turns: [StoredTurn]
    /// The number of the session's latest turn (0 when none was appended, or the keys expired).
    public var latest: Int

    /// Whether `turns` are exactly base+1 … latest.
    public var complete: Bool {
        guard let first = turns.first, let last = turns.last else { return latest == base }
        return first.offset == base + 1 && last.offset == latest && last.offset - first.offset + 1 == turns.count
    }
}

extension SharedStore {
    /// Appends `turn` to `session`'s stream as the writer of `epoch`, trimming the stream to about
    /// `cap` turns (`XADD … MAXLEN ~ cap`: whole stream nodes are dropped, so a few more may remain).
    /// The turn's offset, or `.staleEpoch` (nothing written) when `epoch` is not the session's current one.
    public func appendTurn(_ turn: [UInt8], session: String, epoch: Int, cap: Int,
                           completion: @escaping @Sendable (Result<Int, SharedStateError>) -> Void) {
        appendTurns([turn], session: session, epoch: epoch, cap: cap, completion: completion)
    }

    /// Appends `turns` (a pass's turns of one session, oldest first) in one script call, as
    /// `appendTurn` does one: the last one's offset (the session's latest offset when `turns` is empty).
    /// - Complexity: O(turns) in Redis.
    public func appendTurns(_ turns: [[UInt8]], session: String, epoch: Int, cap: Int,
                            completion: @escaping @Sendable (Result<Int, SharedStateError>) -> Void) {
        let keys = [SharedKeys.epoch(session), SharedKeys.turnCount(session), SharedKeys.turns(session)]
        let arguments = [Array(String(epoch).utf8), Array(String(max(1, cap)).utf8), Self.milliseconds(retention)] + turns
        evaluate(LuaScripts.append, keys: keys, arguments: arguments) { result in
            completion(result.flatMap(Self.fenced))
        }
    }

    /// Writes `snapshot` as the writer of its epoch, unless an older epoch (`.staleEpoch`) or a
    /// snapshot of a later offset is kept: true when written, false when the kept one is newer.
    public func writeSnapshot(_ snapshot: StoredSnapshot, session: String,
                              completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        let arguments = [Array(String(snapshot.epoch).utf8), Array(String(snapshot.offset).utf8),
                         Self.milliseconds(retention), snapshot.bytes]
        evaluate(LuaScripts.writeSnapshot, keys: [SharedKeys.epoch(session), SharedKeys.snapshot(session)],
                 arguments: arguments) { result in
            completion(result.flatMap { reply in
                guard case .array(let items) = reply, items.count == 2, let status = items[0].integerValue else {
                    return .failure(Self.unexpected(reply))
                }
                if status == 0 { return .failure(.staleEpoch(current: items[1].integerValue ?? 0)) }
                return .success(status == 1)
            })
        }
    }

    /// Reads `session`'s snapshot and at most `limit` turns after `after` (after the snapshot's offset
    /// when nil), in one atomic read.
    /// - Complexity: O(turns read) in Redis (XRANGE from an ID is O(log N + M)).
    public func history(_ session: String, after: Int? = nil, limit: Int = 1000,
                        completion: @escaping @Sendable (Result<SessionHistory, SharedStateError>) -> Void) {
        let keys = [SharedKeys.turnCount(session), SharedKeys.turns(session), SharedKeys.snapshot(session)]
        let arguments = [Array(String(after.map { max(0, $0) } ?? -1).utf8), Array(String(max(1, limit)).utf8)]
        evaluate(LuaScripts.read, keys: keys, arguments: arguments) { result in
            completion(result.flatMap { Self.history(from: $0, after: after) })
        }
    }

    /// A fenced script's `{1, value}` as the value, `{0, current epoch}` as `.staleEpoch`.
    static func fenced(_ reply: RedisReply) -> Result<Int, SharedStateError> {
        guard case .array(let items) = reply, items.count == 2, let status = items[0].integerValue,
              let value = items[1].integerValue else { return .failure(unexpected(reply)) }
        return status == 1 ? .success(value) : .failure(.staleEpoch(current: value))
    }

    static func history(from reply: RedisReply, after: Int?) -> Result<SessionHistory, SharedStateError> {
        guard case .array(let items) = reply, items.count == 5, let latest = items[0].integerValue,
              case .array(let entries) = items[4] else { return .failure(unexpected(reply)) }
        var snapshot: StoredSnapshot?
        if let epoch = items[1].integerValue, let offset = items[2].integerValue, case .bulk(let bytes) = items[3] {
            snapshot = StoredSnapshot(epoch: epoch, offset: offset, bytes: bytes)
        }
        var turns: [StoredTurn] = []
        turns.reserveCapacity(entries.count)
        for entry in entries {
            // An entry is {ID, {field, value}}; the ID is "N-0" for turn N.
            guard case .array(let parts) = entry, parts.count == 2, let id = parts[0].text,
                  let offset = Int(id.prefix { $0 != "-" }), case .array(let fields) = parts[1], fields.count == 2,
                  case .bulk(let bytes) = fields[1] else { return .failure(unexpected(entry)) }
            turns.append(StoredTurn(offset: offset, bytes: bytes))
        }
        return .success(SessionHistory(snapshot: snapshot, base: after.map { max(0, $0) } ?? snapshot?.offset ?? 0,
                                       turns: turns, latest: latest))
    }
}
