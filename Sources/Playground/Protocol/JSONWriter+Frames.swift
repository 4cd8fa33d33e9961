import AutoLayout

/// `frames`, the hottest message of the protocol (sent at the display rate by every animating
/// session), written field by field from the engine's snapshot instead of from a `[String: Any]` of
/// boxed numbers per view per frame.
///
/// The output is the documented message (`type`, `seq`, `time`, `final`, `views`, optional `keyboard`)
/// with numbers rounded to a micro-point in their shortest round-trip form (`ByteCursor.number`):
/// `375`, `-31.5`, `0.2`, never `375.0` or `0.30000000000000004`; keys in the documented order, not
/// sorted. Each piece reserves its largest size once and is then written through a pointer, without a
/// capacity check per byte.
extension JSONWriter {
    /// Largest text of one number: a sign, ten integer digits, a point and six decimals, or Swift's
    /// description of a double (at most 24 characters) beyond 2³².
    static let maximumNumberBytes = 32

    /// Starts a `frames` message: `{"type":"frames","seq":…,"time":…,"final":…,"views":{`.
    mutating func beginFrames(sequence: Int, time: Double, final: Bool) {
        write(reserving: 96) { out in
            out.put(#"{"type":"frames","seq":"#)
            out.integer(Int64(sequence))
            out.put(#","time":"#)
            out.number(time)
            out.put(final ? #","final":true,"views":{"# : #","final":false,"views":{"#)
        }
    }

    /// Writes the entry of one view in `views`: `"id":{…}` with the fields `change.fields` names.
    mutating func presentedView(_ change: PresentedChange) {
        let id = change.identifier
        // An escaped byte takes at most six (`\u001f`); quotes, comma, colon and braces add six.
        write(reserving: id.utf8.count * 6 + 6) { out in
            // The previous byte is `{` only before the first view.
            if out.next[-1] != UInt8(ascii: "{") { out.put(UInt8(ascii: ",")) }
            out.string(id)
            out.put(":{")
        }
        let state = change.state
        var first = true
        if change.fields.contains(.frame) { field("frame", state.frame, first: &first) }
        if change.fields.contains(.bounds) { field("bounds", state.bounds, first: &first) }
        if change.fields.contains(.alpha) {
            openField("alpha", reserving: Self.maximumNumberBytes, first: &first) { out in out.number(state.alpha) }
        }
        if change.fields.contains(.transform) {
            let t = state.transform
            openField("transform", reserving: 6 * (Self.maximumNumberBytes + 1) + 1, first: &first) { out in
                out.list(6) { i in
                    switch i {
                    case 0: t.a
                    case 1: t.b
                    case 2: t.c
                    case 3: t.d
                    case 4: t.tx
                    default: t.ty
                    }
                }
            }
        }
        if change.fields.contains(.hidden) {
            let hidden = change.isHidden
            openField("hidden", reserving: 5, first: &first) { out in out.put(hidden ? "true" : "false") }
        }
        raw("}")
    }

    /// Closes `views`, adds `keyboard` when given and closes the message.
    mutating func endFrames(keyboard: Rect?) {
        write(reserving: 16 + 4 * (Self.maximumNumberBytes + 1)) { out in
            out.put(UInt8(ascii: "}"))
            if let keyboard {
                out.put(#","keyboard":"#)
                out.numbers(keyboard.origin.x, keyboard.origin.y, keyboard.size.width, keyboard.size.height)
            }
            out.put(UInt8(ascii: "}"))
        }
    }

    /// Writes `"name":[x,y,w,h]` into the open view.
    private mutating func field(_ name: StaticString, _ rect: Rect, first: inout Bool) {
        openField(name, reserving: 4 * (Self.maximumNumberBytes + 1) + 1, first: &first) { out in
            out.numbers(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
        }
    }

    @inline(__always)
    private mutating func openField(_ name: StaticString, reserving maximum: Int, first: inout Bool,
                                    _ body: (inout ByteCursor) -> Void) {
        let separator = !first
        first = false
        write(reserving: name.utf8CodeUnitCount + 4 + maximum) { out in
            if separator { out.put(UInt8(ascii: ",")) }
            out.put(UInt8(ascii: "\""))
            out.put(name)
            out.put("\":")
            body(&out)
        }
    }
}
