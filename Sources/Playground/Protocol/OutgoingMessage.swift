/// A reply, event or error waiting in a session's outbox, as values; written to JSON bytes only when
/// the transport takes it.
enum OutgoingMessage {
    /// `{"re":id,"type":"ok"}`: a request that asked for nothing else.
    case ok(re: Any)
    /// `{"finished":…,"re":id,"type":"animationEnd"}`; `re` null for a request without an id.
    case animationEnd(re: Any?, finished: Bool)
    /// Any other message, as JSON values, and its kind.
    case message([String: Any], OutgoingKind)

    /// The text written in place of a message JSON cannot carry (a non-finite number): a bug, reported
    /// to the client rather than dropped.
    static let unencodable: StaticString = #"{"type":"error","code":"internal","message":"unencodable message"}"#

    /// Writes the message into `buffer` through `JSONWriter` and returns its kind (`.error` when it
    /// could not be encoded). Keys come in JSONSerialization's sorted order, which `ok` and
    /// `animationEnd` write directly: `finished` < `re` < `type`.
    func write(into buffer: MessageBuffer) -> OutgoingKind {
        var writer = JSONWriter(into: buffer)
        var kind = OutgoingKind.reply
        let written: Bool
        switch self {
        case .ok(let id):
            writer.raw(#"{"re":"#)
            written = writer.value(id)
            writer.raw(#","type":"ok"}"#)
        case .animationEnd(let id, let finished):
            kind = .event
            writer.raw(#"{"finished":"#)
            writer.bool(finished)
            writer.raw(#","re":"#)
            if let id { written = writer.value(id) } else { writer.raw("null"); written = true }
            writer.raw(#","type":"animationEnd"}"#)
        case .message(let message, let messageKind):
            kind = messageKind
            written = writer.object(message)
        }
        if !written {
            writer.restart()
            writer.raw(Self.unencodable)
            kind = .error
        }
        writer.finish()
        return kind
    }
}
