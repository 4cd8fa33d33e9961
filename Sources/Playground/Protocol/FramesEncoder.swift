import AutoLayout

/// Writes `frames` messages straight to JSON bytes in a `MessageBuffer`: the hottest message of the
/// protocol, sent at the display rate by every animating session. Other messages go through
/// `JSONWriter`, into the same kind of buffer with the same `ByteCursor`; this one skips building
/// `[String: Any]` dictionaries of boxed numbers per view per frame.
///
/// The output is the documented message (`type`, `seq`, `time`, `final`, `views`, optional `keyboard`)
/// with numbers in their shortest round-trip form after rounding to a micro-point: `375`, `-31.5`,
/// `0.2`, never `375.0` or `0.30000000000000004`, and keys in the documented order (not sorted). Each
/// piece reserves its largest size once and is then written through a pointer, without a capacity or
/// uniqueness check per byte.
struct FramesEncoder {
    /// Where the message goes, after the buffer's headroom.
    let buffer: MessageBuffer
    /// End of what is written so far (the message starts at the buffer's headroom).
    private var count = 0
    private var viewCount = 0
    private var fieldCount = 0

    /// An encoder writing into `buffer` (a fresh one by default).
    init(into buffer: MessageBuffer = MessageBuffer()) {
        self.buffer = buffer
    }

    /// Largest text of one number: a sign, ten integer digits, a point and six decimals, or Swift's
    /// description of a double (at most 24 characters) beyond 2³².
    static let maximumNumberBytes = 32

    /// Starts a message: `{"type":"frames","seq":…,"time":…,"final":…,"views":{`.
    mutating func begin(sequence: Int, time: Double, final: Bool) {
        count = buffer.begin()
        viewCount = 0
        write(reserving: 96) { out in
            out.put(#"{"type":"frames","seq":"#)
            out.integer(Int64(sequence))
            out.put(#","time":"#)
            out.number(time)
            out.put(final ? #","final":true,"views":{"# : #","final":false,"views":{"#)
        }
    }

    /// Opens the entry of view `id` in `views`.
    mutating func beginView(_ id: String) {
        let separator = viewCount > 0
        viewCount += 1
        fieldCount = 0
        // An escaped byte takes at most six (`\u001f`); quotes, comma, colon and brace add five.
        write(reserving: id.utf8.count * 6 + 5) { out in
            if separator { out.put(UInt8(ascii: ",")) }
            out.string(id)
            out.put(":{")
        }
    }

    /// Writes `"name":[x,y,w,h]` into the open view.
    mutating func field(_ name: StaticString, _ rect: Rect) {
        openField(name, reserving: 4 * (Self.maximumNumberBytes + 1) + 1) { out in
            out.numbers(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
        }
    }

    /// Writes `"name":[a,b,c,d,tx,ty]` into the open view.
    mutating func field(_ name: StaticString, _ transform: AffineTransform) {
        openField(name, reserving: 6 * (Self.maximumNumberBytes + 1) + 1) { out in
            out.list(6) { i in
                switch i {
                case 0: transform.a
                case 1: transform.b
                case 2: transform.c
                case 3: transform.d
                case 4: transform.tx
                default: transform.ty
                }
            }
        }
    }

    /// Writes `"name":number` into the open view.
    mutating func field(_ name: StaticString, _ value: Double) {
        openField(name, reserving: Self.maximumNumberBytes) { out in out.number(value) }
    }

    /// Writes `"name":true` or `"name":false` into the open view.
    mutating func field(_ name: StaticString, _ value: Bool) {
        openField(name, reserving: 5) { out in out.put(value ? "true" : "false") }
    }

    /// Closes the open view.
    mutating func endView() {
        write(reserving: 1) { out in out.put(UInt8(ascii: "}")) }
    }

    /// Closes `views`, adds `keyboard` when given and closes the message.
    mutating func end(keyboard: Rect?) {
        write(reserving: 16 + 4 * (Self.maximumNumberBytes + 1)) { out in
            out.put(UInt8(ascii: "}"))
            if let keyboard {
                out.put(#","keyboard":"#)
                out.numbers(keyboard.origin.x, keyboard.origin.y, keyboard.size.width, keyboard.size.height)
            }
            out.put(UInt8(ascii: "}"))
        }
        buffer.commit(end: count)
    }

    /// The message as text (after `end`).
    var text: String { buffer.text }

    // MARK: Writing

    /// Makes room for `maximum` more bytes, then lets `body` write up to that many at the end.
    @inline(__always)
    private mutating func write(reserving maximum: Int, _ body: (inout ByteCursor) -> Void) {
        let base = buffer.reserve(count + maximum)
        var out = ByteCursor(base + count)
        body(&out)
        count = out.next - base
    }

    @inline(__always)
    private mutating func openField(_ name: StaticString, reserving maximum: Int, _ body: (inout ByteCursor) -> Void) {
        let separator = fieldCount > 0
        fieldCount += 1
        write(reserving: name.utf8CodeUnitCount + 4 + maximum) { out in
            if separator { out.put(UInt8(ascii: ",")) }
            out.put(UInt8(ascii: "\""))
            out.put(name)
            out.put("\":")
            body(&out)
        }
    }
}
