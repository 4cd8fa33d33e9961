import AutoLayout

/// The text fields of `set` on a view (`TextFields`), as docs/PROTOCOL.md describes under "Text".
extension Session {
    /// Applies the text fields of a `set` message to view `id`; nothing when none is present. A label
    /// whose text or font changes is measured again now; its wrapping follows at the next layout pass.
    func setTextFields(_ id: String, _ message: Fields) throws {
        guard TextFields.names.contains(where: message.has) else { return }
        try TextFields.apply(message, to: id, in: scene)
    }
}
