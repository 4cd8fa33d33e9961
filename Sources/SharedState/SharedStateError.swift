/// Why a shared-state operation did not happen. Every operation ends with a value or one of these,
/// within a bound (`RedisConnection.Configuration`): none waits for a Redis that is down or stalled.
public enum SharedStateError: Error, Equatable, Sendable {
    /// Redis cannot be reached: not connected (down, or between reconnect attempts), the connection
    /// broke while the command was under way, or no reply came within the command timeout. The command
    /// may or may not have run.
    case unavailable
    /// More commands are waiting for replies than the connection's bound (`maximumOutstanding`); the
    /// command was not sent.
    case overloaded
    /// A fenced write carried an epoch older than the session's current one: another server took the
    /// session over (`SharedStore.acquireLease`). Nothing was written.
    case staleEpoch(current: Int)
    /// Redis answered with an error reply (its text, such as `WRONGTYPE …`).
    case server(String)
    /// Redis answered with a reply of a shape the operation does not expect (a description of it).
    case unexpectedReply(String)
}
