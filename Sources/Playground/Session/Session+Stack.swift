import AutoLayout

/// The stack view fields of `set` on a view: `stack` (merged over the current configuration) and
/// `hidden`, as docs/PROTOCOL.md describes under "Stack views".
extension Session {
    /// Applies `stack` and `hidden` of a `set` message to view `id`; nothing when neither is present.
    func setStackFields(_ id: String, _ message: Fields) throws {
        guard message.has("stack") || message.has("hidden") else { return }
        try StackFields.apply(message, to: id, in: scene)
    }
}
