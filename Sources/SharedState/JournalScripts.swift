/// The scripts behind a session journal in Redis (`SharedStore+Journal.swift`). Each write is fenced
/// by the lease's holder: it runs only while the lease names the caller, so once another server took
/// the session over (a new holder, a higher epoch), the old holder's writes are refused atomically.
/// Replies are arrays whose first element is a status number (1 done, 0 refused).
///
/// They read the holder's liveness key (`SharedKeys.server`) by a name they build, which a Redis
/// Cluster would refuse (a key outside the session's slot); docs/DEPLOY.md says what a sharded
/// deployment changes.
enum JournalScripts {
    /// KEYS lease, epoch, turn count, header, token, parked; ARGV holder, retention ms, header bytes
    /// ('' to keep the one there), session id. Takes the session's lease when it is free, the
    /// caller's own, parked, or held by a server whose liveness key is gone: a new holder gets a new
    /// epoch (INCR). {1, epoch, latest turn} when the caller holds it, {0, epoch, holder, ms the
    /// holder's liveness key has left} when a live server does.
    static let begin = LuaScript("""
        \(LuaScripts.readLease)
        if current then
          if holder == ARGV[1] then
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            redis.call('SET', KEYS[5], ARGV[4], 'PX', ARGV[2])
            return {1, tonumber(epoch), tonumber(redis.call('GET', KEYS[3]) or '0')}
          end
          local alive = redis.call('PTTL', 'lp:server:' .. holder)
          if redis.call('EXISTS', KEYS[6]) == 0 and alive > 0 then
            return {0, tonumber(epoch), holder, alive}
          end
        end
        \(LuaScripts.grantLease(milliseconds: "ARGV[2]", retention: "ARGV[2]"))
        redis.call('DEL', KEYS[6])
        if ARGV[3] ~= '' then redis.call('SET', KEYS[4], ARGV[3], 'PX', ARGV[2]) end
        redis.call('SET', KEYS[5], ARGV[4], 'PX', ARGV[2])
        return {1, epoch, tonumber(redis.call('GET', KEYS[3]) or '0')}
        """)

    /// KEYS lease, turn count, stream, header; ARGV holder, cap, retention ms, then each turn's bytes.
    /// Appends the turns as entries `N-0` (one more than the last), trimming to about `cap`, only
    /// while the caller holds the lease: {1, last N} or {0, 0}.
    static let append = LuaScript("""
        \(LuaScripts.requireHolder(else: "{0, 0}"))
        \(LuaScripts.appendTurns)
        redis.call('PEXPIRE', KEYS[4], ARGV[3])
        return {1, last}
        """)

    /// KEYS lease, epoch, turn count, stream, snapshot; ARGV holder, retention ms, bytes. Writes the
    /// snapshot as including every turn appended so far (its offset is the turn count) and drops
    /// those turns from the stream, only while the caller holds the lease: {1, offset} or {0, 0}.
    static let snapshot = LuaScript("""
        \(LuaScripts.requireHolder(else: "{0, 0}"))
        local offset = tonumber(redis.call('GET', KEYS[3]) or '0')
        redis.call('HSET', KEYS[5], 'epoch', redis.call('GET', KEYS[2]) or '0', 'offset', offset, 'data', ARGV[3])
        redis.call('PEXPIRE', KEYS[5], ARGV[2])
        redis.call('XTRIM', KEYS[4], 'MINID', (offset + 1) .. '-0')
        return {1, offset}
        """)

    /// KEYS lease, deadline, parked; ARGV holder, deadline ('' to clear), retention ms. Sets or clears
    /// the deadline and marks the session parked (a deadline) or held (none), only while the caller
    /// holds the lease: {1} or {0}.
    static let deadline = LuaScript("""
        \(LuaScripts.requireHolder(else: "{0}"))
        if ARGV[2] == '' then
          redis.call('DEL', KEYS[2], KEYS[3])
        else
          redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
          redis.call('SET', KEYS[3], '1', 'PX', ARGV[3])
        end
        return {1}
        """)

    /// KEYS lease, parked; ARGV holder, epoch. A parked session taken back on its holder's server:
    /// {1} when the lease is still the caller's of that epoch (nobody took it over meanwhile), and it
    /// counts as held again; {0} when another server took it (the caller's copy is out of date).
    static let reclaim = LuaScript("""
        if redis.call('GET', KEYS[1]) ~= ARGV[2] .. ':' .. ARGV[1] then return {0} end
        redis.call('DEL', KEYS[2])
        return {1}
        """)

    /// KEYS lease, turn count, stream, snapshot, header, deadline, token, parked; ARGV holder. Deletes
    /// the session's record (it ended) only while the caller holds the lease: {1} or {0}. The epoch
    /// stays, expiring with its retention, so a holder fenced out earlier stays fenced out.
    static let forget = LuaScript("""
        \(LuaScripts.requireHolder(else: "{0}"))
        redis.call('DEL', unpack(KEYS))
        return {1}
        """)

    /// KEYS turn count, stream, snapshot, header, deadline; ARGV count. One consistent read of the
    /// record: {latest turn, snapshot epoch, snapshot offset, snapshot data, entries after the
    /// snapshot, header, deadline} (false where a key is missing).
    static let read = LuaScript("""
        local latest = tonumber(redis.call('GET', KEYS[1]) or '0')
        local snapshot = redis.call('HMGET', KEYS[3], 'epoch', 'offset', 'data')
        local after = tonumber(snapshot[2] or '0')
        local entries = redis.call('XRANGE', KEYS[2], '(' .. after .. '-0', '+', 'COUNT', ARGV[1])
        return {latest, snapshot[1], snapshot[2], snapshot[3], entries,
                redis.call('GET', KEYS[4]), redis.call('GET', KEYS[5])}
        """)
}
