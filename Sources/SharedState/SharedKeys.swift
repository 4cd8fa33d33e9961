/// The names of the playground's keys and channels in Redis, all under the prefix `lp:`.
///
/// A session's keys share the hash tag `{SESSION}`, so that in a Redis Cluster they live in one slot
/// and the Lua scripts that touch several of them (`LuaScripts`) stay valid.
public enum SharedKeys {
    /// A resume token's entry: its value is the home (server) of the token's session.
    public static func token(_ token: String) -> String { "lp:token:\(token)" }
    /// A join code's entry: its value is the home of the shared session.
    public static func joinCode(_ code: String) -> String { "lp:code:\(code)" }
    /// The Pub/Sub channel on which a share's encoded frames and events are published.
    public static func shareChannel(_ code: String) -> String { "lp:share:\(code)" }
    /// The session's lease: `EPOCH:HOLDER`, expiring unless renewed.
    static func lease(_ session: String) -> String { "lp:{\(session)}:lease" }
    /// The session's fencing epoch: an integer that only grows (INCR per new holder).
    static func epoch(_ session: String) -> String { "lp:{\(session)}:epoch" }
    /// The number of the session's last appended turn.
    static func turnCount(_ session: String) -> String { "lp:{\(session)}:turn" }
    /// The stream of the session's turns, entry IDs `N-0` for turn N.
    static func turns(_ session: String) -> String { "lp:{\(session)}:turns" }
    /// The session's snapshot: a hash of `epoch`, `offset` (the last turn it includes) and `data`.
    static func snapshot(_ session: String) -> String { "lp:{\(session)}:snapshot" }
}

extension SharedKeys {
    /// A server's liveness: set with a short expiry and refreshed by the server while it runs, so a
    /// lease whose holder's key is gone belongs to a dead (or cut off) server and may be taken over.
    /// `JournalScripts.begin` builds the same name from the holder.
    public static func server(_ holder: String) -> String { "lp:server:\(holder)" }
    /// The counter new session numbers are taken from (INCRBY), so ids are unique across servers.
    public static let sessionCounter = "lp:sessions"
    /// The session's header (id, strictness, time 0) as the journal wrote it: it never changes.
    static func header(_ session: String) -> String { "lp:{\(session)}:header" }
    /// Wall-clock Unix seconds after which the session can no longer be rejoined; unset while a
    /// connection holds it.
    static func deadline(_ session: String) -> String { "lp:{\(session)}:deadline" }
    /// Set while the session's holder keeps it parked (its connection dropped): any server may take
    /// the lease over for a `rejoin`.
    static func parked(_ session: String) -> String { "lp:{\(session)}:parked" }
}
