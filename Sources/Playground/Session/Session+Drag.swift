import AutoLayout

/// `drag`: moving a view with the pointer through edit variables, like the Cassowary demos
/// (docs/PROTOCOL.md, "drag").
extension Session {
    /// `{"type":"drag","view":"card","phase":"begin"|"move"|"end","point":[x,y]}`: `point` is where the
    /// top-left corner of the view's frame should go, in its superview's bounds space. `begin` and `move`
    /// suggest it (a `move` without `begin` begins); `end` releases the view, after a last move to `point`
    /// when given (so one `end` with a point is a whole nudge).
    func drag(_ message: Fields) throws {
        guard let id = try message.string("view") else { throw ProtocolError.missing("view", in: "drag") }
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        guard view !== engine.root else { throw ProtocolError.invalid("view", "a view other than root") }
        let phase = try message.string("phase") ?? "move"
        let point = try message.numbers("point", count: 2).map { Point(x: $0[0], y: $0[1]) }
        // Checked before the engine is touched, so a refused drag moves nothing.
        try checkFieldsRead(of: message)
        switch phase {
        case "begin", "move":
            guard let point else { throw ProtocolError.missing("point", in: "drag") }
            try layoutCall { try engine.drag(view, to: point) }
        case "end":
            try layoutCall { try engine.endDrag(view, at: point) }
        default:
            throw ProtocolError.invalid("phase", "\"begin\", \"move\" or \"end\"")
        }
    }
}
