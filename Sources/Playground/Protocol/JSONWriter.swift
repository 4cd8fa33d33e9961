import Foundation

/// The one writer of outgoing messages: `frames` from the engine's snapshot (`JSONWriter+Frames.swift`)
/// and every other message built of JSON values (`[String: Any]`, arrays, strings, numbers, booleans,
/// `NSNull`), into a `MessageBuffer`, byte for byte as Foundation's `JSONSerialization` writes it with
/// `.sortedKeys`, the encoding every message but `frames` has always had:
///
/// - keys sorted as JSONSerialization sorts them (`compare` with `.numeric`, `.caseInsensitive`,
///   `.forcedOrdering` in the system locale: `"a" < "A" < "a2" < "a10" < "b"`), with a fast path for
///   keys of ASCII letters only that differ other than in case (every key of the protocol's own), which
///   that comparison orders alphabetically ignoring case, shorter prefix first;
/// - strings escaped as `ByteCursor.string` describes (`/` as `\/`);
/// - integers in decimal; floating-point numbers as Swift's shortest round-trip `description` with a
///   trailing `.0` dropped (`375`, `0.1`, `-0`, `1e+16`, `2.5e-08`), *not* micro-rounded like `frames`;
/// - `NSNumber`s (from decoded client JSON) as the Swift value they hold.
///
/// A value JSONSerialization refuses (a non-finite number, a type that is not JSON) makes `value(_:)`
/// return false; the caller then writes something else in its place.
struct JSONWriter {
    let buffer: MessageBuffer
    /// End of what is written so far.
    private var count: Int

    /// Starts a message in `buffer`, replacing the previous one.
    init(into buffer: MessageBuffer) {
        self.buffer = buffer
        count = buffer.begin()
    }

    /// Ends the message: it is `buffer.message` from now on.
    func finish() {
        buffer.commit(end: count)
    }

    /// Drops what was written since `init`.
    mutating func restart() {
        count = buffer.headroom
    }

    /// Writes fixed ASCII text (punctuation and keys the caller knows to be in order).
    mutating func raw(_ text: StaticString) {
        write(reserving: text.utf8CodeUnitCount) { $0.put(text) }
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// Writes `value` as JSON; false (with part of it written) when JSONSerialization would refuse it.
    mutating func value(_ value: Any) -> Bool {
        let valueType = type(of: value)
        if valueType is NSNumber.Type, let number = value as? NSNumber { return self.number(number) }
        // The common types by their metatype, before any cast: a failed `as` costs a runtime search, and
        // `as [Any]` would copy a list of ids or of entries (a `changes` announcement's orders, a
        // document's views) and cast each element again.
        if valueType == String.self, let string = value as? String {
            self.string(string)
            return true
        }
        if valueType == [String: Any].self, let object = value as? [String: Any] { return self.object(object) }
        if valueType == JSONFragment.self, let fragment = value as? JSONFragment {
            write(reserving: fragment.bytes.count) { $0.put(fragment.bytes) }
            return true
        }
        if valueType == [String].self, let strings = value as? [String] {
            return list(strings) { writer, element in writer.string(element); return true }
        }
        if valueType == [[String: Any]].self, let objects = value as? [[String: Any]] {
            return list(objects) { writer, element in writer.object(element) }
        }
        switch value {
        case let string as String:
            self.string(string)
        case let bool as Bool:
            self.bool(bool)
        case let int as Int:
            write(reserving: 20) { $0.integer(Int64(int)) }
        case let double as Double:
            return floating(double)
        case let array as [Any]:
            return list(array) { writer, element in writer.value(element) }
        case let object as [String: Any]:
            return self.object(object)
        case is NSNull:
            raw("null")
        case let float as Float:
            guard float.isFinite else { return false }
            description(float.description)
        case let integer as any BinaryInteger:
            description(String(integer))
        case let substring as Substring:
            string(String(substring))
        default:
            return false
        }
        return true
    }

    /// Writes an object with its keys sorted.
    mutating func object(_ object: [String: Any]) -> Bool {
        raw("{")
        var first = true
        for (key, element) in object.sorted(by: { Self.precedes($0.key, $1.key) }) {
            if !first { raw(",") }
            first = false
            string(key)
            raw(":")
            guard value(element) else { return false }
        }
        raw("}")
        return true
    }

    /// Writes a JSON string.
    mutating func string(_ string: String) {
        write(reserving: string.utf8.count * 6 + 2) { $0.string(string) }
    }

    private mutating func list<Element>(_ array: [Element], _ element: (inout JSONWriter, Element) -> Bool) -> Bool {
        raw("[")
        for (index, item) in array.enumerated() {
            if index > 0 { raw(",") }
            guard element(&self, item) else { return false }
        }
        raw("]")
        return true
    }

    /// A finite double as JSONSerialization writes it (`ByteCursor.double`); false for a non-finite one.
    private mutating func floating(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        write(reserving: 32) { $0.double(value) }
        return true
    }

    /// A decoded number as JSONSerialization writes it: the Swift value it holds.
    private mutating func number(_ number: NSNumber) -> Bool {
        if number is NSDecimalNumber {
            description(number.description)
            return true
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            bool(number.boolValue)
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return floating(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            description(number.uint64Value.description)
        default:
            description(number.int64Value.description)
        }
        return true
    }

    private mutating func description(_ text: String) {
        write(reserving: text.utf8.count) { $0.description(text) }
    }

    /// Makes room for `maximum` more bytes, then lets `body` write up to that many at the end.
    @inline(__always)
    mutating func write(reserving maximum: Int, _ body: (inout ByteCursor) -> Void) {
        let base = buffer.reserve(count + maximum)
        var out = ByteCursor(base + count)
        body(&out)
        count = out.next - base
    }

    // MARK: Key order

    /// Whether key `a` sorts before key `b` as JSONSerialization's `.sortedKeys` sorts them.
    static func precedes(_ a: String, _ b: String) -> Bool {
        if let order = letterOrder(a, b) { return order }
        return a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
                         locale: NSLocale.system) == .orderedAscending
    }

    /// The order of two keys of ASCII letters only that differ other than in case: the first letter that
    /// differs ignoring case decides, else the shorter key comes first. Nil for any other pair (the
    /// locale's rules decide those).
    private static func letterOrder(_ a: String, _ b: String) -> Bool? {
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b -> Bool? in
                var decided: Bool?
                for index in 0..<max(a.count, b.count) {
                    guard index < a.count else { return isLetters(b[index...]) ? decided ?? true : nil }
                    guard index < b.count else { return isLetters(a[index...]) ? decided ?? false : nil }
                    let x = a[index], y = b[index]
                    guard isLetter(x), isLetter(y) else { return nil }
                    if decided == nil, x | 0x20 != y | 0x20 { decided = x | 0x20 < y | 0x20 }
                }
                return decided
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isLetters(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool { bytes.allSatisfy(isLetter) }
}

extension JSONWriter {
    /// `value` as JSON text written by this writer, or nil when JSONSerialization would refuse it.
    static func text(of value: Any) -> String? {
        let buffer = MessageBuffer()
        var writer = JSONWriter(into: buffer)
        guard writer.value(value) else { return nil }
        writer.finish()
        return buffer.text
    }
}
