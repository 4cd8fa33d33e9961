import AutoLayout

/// Writes `frames` messages straight to JSON bytes: the hottest message of the protocol, sent at the
/// display rate by every animating session. Foundation's `JSONSerialization` still encodes every other
/// message; this one skips building `[String: Any]` dictionaries of boxed numbers per view per frame.
///
/// The output is the documented message (`type`, `seq`, `time`, `final`, `views`, optional `keyboard`)
/// with numbers in their shortest round-trip form after rounding to a micro-point: `375`, `-31.5`,
/// `0.2`, never `375.0` or `0.30000000000000004`. The buffer is reused from message to message.
struct FramesEncoder {
    private(set) var bytes: [UInt8] = []
    private var viewCount = 0
    private var fieldCount = 0

    init() {}

    /// Starts a message: `{"type":"frames","seq":…,"time":…,"final":…,"views":{`.
    mutating func begin(sequence: Int, time: Double, final: Bool) {
        bytes.removeAll(keepingCapacity: true)
        viewCount = 0
        append(#"{"type":"frames","seq":"#)
        appendInteger(Int64(sequence))
        append(#","time":"#)
        Self.appendNumber(time, to: &bytes)
        append(final ? #","final":true,"views":{"# : #","final":false,"views":{"#)
    }

    /// Number of views written since `begin`.
    var viewsWritten: Int { viewCount }

    /// Opens the entry of view `id` in `views`.
    mutating func beginView(_ id: String) {
        if viewCount > 0 { bytes.append(UInt8(ascii: ",")) }
        viewCount += 1
        fieldCount = 0
        appendString(id)
        append(":{")
    }

    /// Writes `"name":[x,y,w,h]` into the open view.
    mutating func field(_ name: StaticString, _ rect: Rect) {
        openField(name)
        appendArray(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
    }

    /// Writes `"name":[a,b,c,d,tx,ty]` into the open view.
    mutating func field(_ name: StaticString, _ transform: AffineTransform) {
        openField(name)
        appendArray(transform.a, transform.b, transform.c, transform.d)
        bytes.removeLast()   // the "]": two more components follow
        bytes.append(UInt8(ascii: ","))
        Self.appendNumber(transform.tx, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendNumber(transform.ty, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    /// True when the open view has at least one field.
    var viewHasFields: Bool { fieldCount > 0 }

    /// Writes `"name":number` into the open view.
    mutating func field(_ name: StaticString, _ value: Double) {
        openField(name)
        Self.appendNumber(value, to: &bytes)
    }

    /// Writes `"name":true` or `"name":false` into the open view.
    mutating func field(_ name: StaticString, _ value: Bool) {
        openField(name)
        bytes.append(contentsOf: Array((value ? "true" : "false").utf8))
    }

    /// Closes the open view.
    mutating func endView() {
        bytes.append(UInt8(ascii: "}"))
    }

    /// Drops the view opened at `mark` (it had no changed field) so it does not appear in `views`.
    mutating func cancelView(at mark: Int) {
        bytes.removeSubrange(mark...)
        viewCount -= 1
    }

    /// The current length: take it before `beginView` to pass to `cancelView`.
    var mark: Int { bytes.count }

    /// Closes `views`, adds `keyboard` when given and closes the message.
    mutating func end(keyboard: Rect?) {
        bytes.append(UInt8(ascii: "}"))
        if let keyboard {
            append(#","keyboard":"#)
            appendArray(keyboard.origin.x, keyboard.origin.y, keyboard.size.width, keyboard.size.height)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The message as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Numbers

    /// Rounds to a micro-point (as `FrameStream.number`) and appends the shortest JSON text that reads
    /// back as exactly that double. Non-finite values, which JSON cannot carry, are written as `null`.
    ///
    /// Below 2³² the double nearest n / 10⁶ has an ulp under 10⁻⁶, so no decimal with fewer digits
    /// reads back as the same double: n / 10⁶ written with its trailing zeros trimmed is the shortest
    /// round-trip form. Larger values (far outside any screen) use Swift's shortest description.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        let micros = (value * 1e6).rounded()
        guard abs(value) < 4_294_967_296 else {
            var text = (micros / 1e6 + 0).description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
            return
        }
        var magnitude = UInt64(abs(micros))
        if magnitude == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if micros < 0 { bytes.append(UInt8(ascii: "-")) }
        var fraction = magnitude % 1_000_000
        magnitude /= 1_000_000
        appendDigits(magnitude, to: &bytes)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // `digits` fractional digits, with leading zeros.
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    private static func appendDigits(_ value: UInt64, to bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: room for the 20 digits of UInt64.max
        let count = withUnsafeMutableBytes(of: &scratch) { buffer -> Int in
            var remaining = value
            var index = buffer.count
            while remaining > 0, index > 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            return index
        }
        withUnsafeBytes(of: &scratch) { bytes.append(contentsOf: $0[count...]) }
    }

    // MARK: Helpers

    private mutating func openField(_ name: StaticString) {
        if fieldCount > 0 { bytes.append(UInt8(ascii: ",")) }
        fieldCount += 1
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        append("\":")
    }

    private mutating func appendArray(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        bytes.append(UInt8(ascii: "["))
        Self.appendNumber(x, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendNumber(y, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendNumber(width, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendNumber(height, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        Self.appendDigits(value.magnitude, to: &bytes)
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A JSON string: `"`, `\` and control characters escaped; everything else copied as UTF-8.
    private mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(#"\""#)
            case UInt8(ascii: "\\"): append(#"\\"#)
            case 0x0A: append(#"\n"#)
            case 0x0D: append(#"\r"#)
            case 0x09: append(#"\t"#)
            case 0..<0x20:
                append("\\u00")
                bytes.append(UInt8(ascii: "0") + (byte >> 4))
                bytes.append(byte & 0xF < 10 ? UInt8(ascii: "0") + (byte & 0xF) : UInt8(ascii: "a") + (byte & 0xF) - 10)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
