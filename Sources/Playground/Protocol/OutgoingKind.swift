/// What an outgoing message is, said by the session that queued it, so a transport can count and
/// route messages without reading their bytes.
public enum OutgoingKind: Sendable, Hashable {
    /// A `frames` message.
    case frames
    /// The answer to a request: `ok`, `scene`, `ambiguity`, `convert`, `added`, `export`.
    case reply
    /// A message no request is waiting on: `hello`, `conflict`, `animationEnd`.
    case event
    /// An `error`, answering a request or (with `re` null) a tick.
    case error
}
