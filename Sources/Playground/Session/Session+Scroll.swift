import AutoLayout

/// `scrollRectToVisible`, as docs/PROTOCOL.md describes under "Scroll views".
extension Session {
    /// `{"type":"scrollRectToVisible","view":"form","rect":[x,y,w,h]}` (the scroll view's bounds space)
    /// or `{"type":"scrollRectToVisible","view":"form","item":"zipField"}` (a view inside it, its
    /// bounds converted): scrolls as little as shows the rectangle inside the adjusted content inset
    /// (`LayoutEngine.scrollRectToVisible`). Inside `animate` (or a keyboard handler) the offset animates.
    /// - Throws: `missing-field` (view, or both rect and item), `unknown-view`, `invalid-value` for a view
    ///   that is not a scroll view, `invalid-field` for a bad rectangle.
    func scrollRectToVisible(_ message: Fields) throws {
        guard let id = try message.string("view") else { throw ProtocolError.missing("view", in: "scrollRectToVisible") }
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        let rect: Rect
        if let values = try SessionLimits.coordinates(message.numbers("rect", count: 4), "rect"),
           let given = Rect(components: values) {
            rect = given
        } else if let itemID = try message.string("item") {
            guard let item = engine.view(itemID) else { throw ProtocolError(.unknownView(itemID)) }
            guard let converted = engine.convert(item.bounds, from: item, to: view) else {
                throw ProtocolError("invalid-value", "a transform on the way cannot be inverted")
            }
            rect = converted
        } else {
            throw ProtocolError.missing("rect' or 'item", in: "scrollRectToVisible")
        }
        try layoutCall { try engine.scrollRectToVisible(rect, in: view) }
    }
}
