import AutoLayout

/// A write position in a `MessageBuffer` block the caller has made large enough: every outgoing
/// message's bytes are written through one of these, by `JSONWriter`. Every number of every message is
/// written here, in one of two documented forms: `number` (micro-point rounded, shortest; `frames`) and
/// `double` (JSONSerialization's form; every other message).
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

    /// Copies `bytes` as they are (text encoded before: `JSONFragment`).
    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { source in
            guard let start = source.baseAddress else { return }
            next.update(from: start, count: source.count)
            next += source.count
        }
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
        let micros = MicroPoints.scaled(value)
        guard abs(value) < 4_294_967_296 else {
            description((micros / 1e6 + 0).description)
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

    /// A JSON string escaped as Foundation's `JSONSerialization` escapes it: `"`, `\\` and `/` behind a
    /// backslash, `\b \f \n \r \t` by name, other control characters as `\u00xx` (lower-case hex),
    /// everything else copied as UTF-8. Needs `6 × string.utf8.count + 2` bytes at most.
    mutating func string(_ string: String) {
        put(UInt8(ascii: "\""))
        // Read from the string's own bytes: walking `utf8` checks its representation at every byte.
        var string = string
        string.withUTF8 { bytes in escape(bytes) }
        put(UInt8(ascii: "\""))
    }

    private mutating func escape(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): put(#"\""#)
            case UInt8(ascii: "\\"): put(#"\\"#)
            case UInt8(ascii: "/"): put(#"\/"#)
            case 0x08: put(#"\b"#)
            case 0x0C: put(#"\f"#)
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
    }

    /// A finite double as JSONSerialization writes it: Swift's shortest round-trip description without
    /// a trailing `.0` (`375`, `0.1`, `-0`, `1e+16`, `2.5e-08`). Needs 32 bytes at most.
    mutating func double(_ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 {
            // Whole numbers below 10¹⁵ print without an exponent: their digits, as `description`
            // less `.0` (`-0.0` → `-0`).
            if value == 0, value.sign == .minus { put("-0") } else { integer(Int64(value)) }
            return
        }
        description(value.description)
    }

    /// A number's description as it is, less a trailing `.0`. Needs `text.utf8.count` bytes.
    mutating func description(_ text: String) {
        var text = text
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return }
            next.update(from: start, count: bytes.count)
            next += bytes.count
        }
    }
}
