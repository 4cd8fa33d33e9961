import AutoLayout

/// Writes `frames` messages straight to JSON bytes: the hottest message of the protocol, sent at the
/// display rate by every animating session. Foundation's `JSONSerialization` still encodes every other
/// message; this one skips building `[String: Any]` dictionaries of boxed numbers per view per frame.
///
/// The output is the documented message (`type`, `seq`, `time`, `final`, `views`, optional `keyboard`)
/// with numbers in their shortest round-trip form after rounding to a micro-point: `375`, `-31.5`,
/// `0.2`, never `375.0` or `0.30000000000000004`. The buffer is reused from message to message; each
/// piece reserves its largest size once and is then written through a pointer, without a capacity or
/// uniqueness check per byte.
struct FramesEncoder {
    private let buffer = ByteBuffer()
    /// Bytes left free before each message, for a transport to write its own header in place (taken
    /// at the next `begin`).
    var headroom = 0
    /// End of what is written so far (the message starts at `headroom`).
    private var count = 0
    private var viewCount = 0
    private var fieldCount = 0

    init() {}

    /// Largest text of one number: a sign, ten integer digits, a point and six decimals, or Swift's
    /// description of a double (at most 24 characters) beyond 2³².
    static let maximumNumberBytes = 32

    /// Starts a message: `{"type":"frames","seq":…,"time":…,"final":…,"views":{`.
    mutating func begin(sequence: Int, time: Double, final: Bool) {
        count = headroom
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
    }

    /// The message's bytes, valid until the encoder writes again; `headroom` bytes precede them.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: buffer.base + headroom, count: count - headroom)
    }

    /// The message as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

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

/// The growable block of bytes behind a `FramesEncoder` (a class so that the block is freed once).
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    /// Empty until the first message: an idle session holds no message bytes.
    init() {
        base = .allocate(capacity: 0)
        capacity = 0
    }

    deinit { base.deallocate() }

    /// The block, holding at least `size` bytes (the first ones kept when it grows).
    @inline(__always)
    func reserve(_ size: Int) -> UnsafeMutablePointer<UInt8> {
        if size > capacity { grow(to: size) }
        return base
    }

    private func grow(to size: Int) {
        let newCapacity = Swift.max(size, capacity * 2, 1024)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: capacity)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// A write position in a block the caller has made large enough.
struct ByteCursor {
    private(set) var next: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { next = start }

    @inline(__always) mutating func put(_ byte: UInt8) {
        next.pointee = byte
        next += 1
    }

    @inline(__always) mutating func put(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        next.update(from: text.utf8Start, count: length)
        next += length
    }

    /// `[a,b,c,d]`: a rectangle, in every frame (written out; `list` serves the rarer transforms).
    @inline(__always) mutating func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        put(UInt8(ascii: "["))
        number(a)
        put(UInt8(ascii: ","))
        number(b)
        put(UInt8(ascii: ","))
        number(c)
        put(UInt8(ascii: ","))
        number(d)
        put(UInt8(ascii: "]"))
    }

    /// `[v0,v1,…]`: `count` numbers, `value(i)` the i-th.
    @inline(__always) mutating func list(_ count: Int, _ value: (Int) -> Double) {
        put(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { put(UInt8(ascii: ",")) }
            number(value(i))
        }
        put(UInt8(ascii: "]"))
    }

    mutating func integer(_ value: Int64) {
        if value < 0 { put(UInt8(ascii: "-")) }
        digits(value.magnitude)
    }

    /// Rounds to a micro-point and writes the shortest JSON text that reads back as exactly that
    /// double. Non-finite values, which JSON cannot carry, are written as `null`.
    ///
    /// Below 2³² the double nearest n / 10⁶ has an ulp under 10⁻⁶, so no decimal with fewer digits
    /// reads back as the same double: n / 10⁶ written with its trailing zeros trimmed is the shortest
    /// round-trip form. Larger values (far outside any screen) use Swift's shortest description.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            put("null")
            return
        }
        let micros = FrameStream.microPoints(value)
        guard abs(value) < 4_294_967_296 else {
            var text = (micros / 1e6 + 0).description
            if text.hasSuffix(".0") { text.removeLast(2) }
            for byte in text.utf8 { put(byte) }
            return
        }
        let magnitude = UInt64(abs(micros))
        if magnitude == 0 {
            put(UInt8(ascii: "0"))
            return
        }
        if micros < 0 { put(UInt8(ascii: "-")) }
        digits(magnitude / 1_000_000)
        let fraction = Int(magnitude % 1_000_000)
        guard fraction != 0 else { return }
        // Six decimals two at a time, then the trailing zeros taken back (the fraction is not 0).
        put(UInt8(ascii: "."))
        pair(fraction / 10_000)
        pair(fraction / 100 % 100)
        pair(fraction % 100)
        while next[-1] == UInt8(ascii: "0") { next -= 1 }
    }

    /// The two decimal digits of `value` (0…99).
    @inline(__always) private mutating func pair(_ value: Int) {
        let digits: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        next.update(from: digits.utf8Start + 2 * value, count: 2)
        next += 2
    }

    /// The decimal digits of `value`.
    @inline(__always) mutating func digits(_ value: UInt64) {
        if value < 10 {
            put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 100 {
            pair(Int(value))
            return
        }
        var length = 2
        var rest = value / 100
        while rest > 0 {
            length += 1
            rest /= 10
        }
        var position = next + length
        next = position
        rest = value
        repeat {
            position -= 1
            position.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
    }

    /// A JSON string: `"`, `\` and control characters escaped; everything else copied as UTF-8.
    mutating func string(_ string: String) {
        put(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): put(#"\""#)
            case UInt8(ascii: "\\"): put(#"\\"#)
            case 0x0A: put(#"\n"#)
            case 0x0D: put(#"\r"#)
            case 0x09: put(#"\t"#)
            case 0..<0x20:
                put("\\u00")
                put(UInt8(ascii: "0") + (byte >> 4))
                put(byte & 0xF < 10 ? UInt8(ascii: "0") + (byte & 0xF) : UInt8(ascii: "a") + (byte & 0xF) - 10)
            default: put(byte)
            }
        }
        put(UInt8(ascii: "\""))
    }
}
