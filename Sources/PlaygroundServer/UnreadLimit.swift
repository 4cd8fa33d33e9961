/// How much a connection's session may hold for a client that does not read, and for how long.
///
/// Frames merge (`Outbox`), but replies, events and errors do not: a client that keeps sending and
/// never reads would have its answers queued without bound. Past `maxBytes` of them unsent, the
/// connection is no longer read (`lws_rx_flow_control`), so the client's further messages wait in the
/// kernel's buffers, and then in the client, instead of becoming answers; it is read again once half
/// of them are sent. A connection that stays unread for `timeout` is closed with 1008.
///
/// Reading a connection stops only after a turn, so its backlog may pass `maxBytes` by one turn's
/// answers. What still grows while it is not read comes from other sessions: events forwarded to a
/// follower, the answers of a follower holding the controls. A backlog past `closingBytes` is closed
/// at once instead of waiting for the timeout.
struct UnreadLimit {
    /// `Session.unsentBytes` past which the connection is no longer read.
    let maxBytes: Int
    /// Seconds it may stay unread before it is closed with 1008.
    let timeout: Double

    /// Reading resumes at or below this.
    var resumeBytes: Int { maxBytes / 2 }
    /// A connection already unread whose backlog still grows past this is closed at once.
    var closingBytes: Int { 4 * maxBytes }

    /// Seconds a closing connection whose client reads nothing keeps its TCP connection: the close
    /// frame can only go out once the client takes what its socket holds.
    static let closeGrace: Int32 = 5
}
