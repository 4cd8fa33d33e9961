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
