/// A Lua script for Redis: its source. Its digest, the name EVALSHA takes, is Redis's own (the reply
/// to SCRIPT LOAD, kept by `SharedStore`), never computed here.
struct LuaScript: Sendable {
    let source: String

    init(_ source: String) {
        self.source = source
    }
}

/// The scripts behind the fenced operations: each runs atomically in Redis, so a check (the lease's
/// holder, the current epoch) and the write it guards cannot be separated by another server's write.
/// Replies are arrays whose first element is a status number (1 done, 0 refused, 2 kept).
enum LuaScripts {
    /// KEYS lease, epoch; ARGV holder, lease ms, retention ms. The lease if free (a new epoch: INCR)
    /// or already the caller's (renewed), else who holds it: {granted, epoch, holder}.
    static let acquire = LuaScript("""
        \(readLease)
        if current then
          if holder == ARGV[1] then
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            return {1, tonumber(epoch), holder}
          end
          return {0, tonumber(epoch), holder}
        end
        \(grantLease(milliseconds: "ARGV[2]", retention: "ARGV[3]"))
        return {1, epoch, ARGV[1]}
        """)

    /// Lua reading the lease at KEYS[1] (`EPOCH:HOLDER`) into `current`, `epoch` and `holder`, all
    /// nil when it is free. Shared by the scripts that take leases.
    static let readLease = """
        local current = redis.call('GET', KEYS[1])
        local epoch, holder
        if current then epoch, holder = string.match(current, '^(%d+):(.*)$') end
        """

    /// Lua giving the lease at KEYS[1] to ARGV[1] for the milliseconds in `milliseconds` under a new
    /// epoch (INCR of KEYS[2], which is kept for `retention` milliseconds), left in `epoch`. Both are
    /// Lua expressions (`ARGV[2]`).
    static func grantLease(milliseconds: String, retention: String) -> String {
        """
        epoch = redis.call('INCR', KEYS[2])
        redis.call('PEXPIRE', KEYS[2], \(retention))
        redis.call('SET', KEYS[1], epoch .. ':' .. ARGV[1], 'PX', \(milliseconds))
        """
    }

    /// Lua returning `refusal` unless the lease at KEYS[1] names ARGV[1] as its holder: the fence of
    /// every write a holder alone may make.
    static func requireHolder(else refusal: String) -> String {
        """
        local lease = redis.call('GET', KEYS[1])
        if not lease or string.match(lease, '^%d+:(.*)$') ~= ARGV[1] then return \(refusal) end
        """
    }

    /// KEYS lease, epoch; ARGV `EPOCH:HOLDER`, lease ms, retention ms. Renews the lease (and the epoch's
    /// retention) only if it is still that one: {1} or {0}.
    static let renew = LuaScript("""
        if redis.call('GET', KEYS[1]) == ARGV[1] then
          redis.call('PEXPIRE', KEYS[1], ARGV[2])
          redis.call('PEXPIRE', KEYS[2], ARGV[3])
          return {1}
        end
        return {0}
        """)

    /// KEYS epoch, turn count, stream; ARGV epoch, cap, retention ms, then each turn's bytes. Appends
    /// the turns as entries `N-0` (N the turn's number, one more than the last) trimming to about `cap`
    /// entries, only if the epoch is the current one: {1, last N}, or {0, current epoch}. The epoch's
    /// own retention is refreshed by the lease's scripts, which run far less often than this one.
    static let append = LuaScript("""
        local current = tonumber(redis.call('GET', KEYS[1]) or '0')
        if current ~= tonumber(ARGV[1]) then return {0, current} end
        \(appendTurns)
        return {1, last}
        """)

    /// Lua appending ARGV[4…] to the stream KEYS[3] as entries `N-0` after the count KEYS[2] (INCRBY,
    /// left in `last`), trimmed to about ARGV[2] entries, both kept ARGV[3] milliseconds. Shared by
    /// the epoch-fenced and the holder-fenced appends.
    static let appendTurns = """
        local count = #ARGV - 3
        local last = redis.call('INCRBY', KEYS[2], count)
        for i = 1, count do
          redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[2], (last - count + i) .. '-0', 'd', ARGV[3 + i])
        end
        redis.call('PEXPIRE', KEYS[2], ARGV[3])
        redis.call('PEXPIRE', KEYS[3], ARGV[3])
        """

    /// KEYS epoch, snapshot; ARGV epoch, offset, retention ms, bytes. Writes the snapshot only if the
    /// epoch is current ({0, current epoch} if not) and it is not older than the one kept ({2, kept
    /// offset}): {1, offset}.
    static let writeSnapshot = LuaScript("""
        local current = tonumber(redis.call('GET', KEYS[1]) or '0')
        if current ~= tonumber(ARGV[1]) then return {0, current} end
        local kept = tonumber(redis.call('HGET', KEYS[2], 'offset') or '-1')
        if tonumber(ARGV[2]) < kept then return {2, kept} end
        redis.call('HSET', KEYS[2], 'epoch', ARGV[1], 'offset', ARGV[2], 'data', ARGV[4])
        redis.call('PEXPIRE', KEYS[2], ARGV[3])
        return {1, tonumber(ARGV[2])}
        """)

    /// KEYS turn count, stream, snapshot; ARGV after (-1: after the snapshot), count. One consistent
    /// read: {latest turn, snapshot epoch, snapshot offset, snapshot data, entries after the base}
    /// (the snapshot fields false when there is none).
    static let read = LuaScript("""
        local latest = tonumber(redis.call('GET', KEYS[1]) or '0')
        local snapshot = redis.call('HMGET', KEYS[3], 'epoch', 'offset', 'data')
        local after = tonumber(ARGV[1])
        if after < 0 then after = tonumber(snapshot[2] or '0') end
        local entries = redis.call('XRANGE', KEYS[2], '(' .. after .. '-0', '+', 'COUNT', ARGV[2])
        return {latest, snapshot[1], snapshot[2], snapshot[3], entries}
        """)

    /// KEYS key; ARGV value. Deletes the key only if it holds that value: {1} or {0}. Releases claims
    /// and leases (`EPOCH:HOLDER`) alike.
    static let deleteIfValue = LuaScript("""
        if redis.call('GET', KEYS[1]) == ARGV[1] then
          redis.call('DEL', KEYS[1])
          return {1}
        end
        return {0}
        """)
}
