import Glibc

/// Byte searches over received messages: the client reads tens of thousands of messages a second and
/// must not decode them as JSON (or make Strings of them) to find a type or an id.
enum MessageScan {
    /// Whether `key` occurs in `bytes` (a byte search: the client reads thousands of messages a second).
    static func contains(_ key: StaticString, in bytes: UnsafeRawBufferPointer) -> Bool {
        let pattern = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, memcmp(bytes.baseAddress! + index, pattern.baseAddress!, pattern.count) == 0 {
                return true
            }
            index += 1
        }
        return false
    }

    /// The non-negative integer right after the first `key` in `bytes`.
    static func integer(after key: StaticString, in bytes: UnsafeRawBufferPointer) -> Int? {
        let pattern = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        guard bytes.count >= pattern.count else { return nil }
        var index = 0
        outer: while index <= bytes.count - pattern.count {
            for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] {
                index += 1
                continue outer
            }
            var value = 0
            var position = index + pattern.count
            var digits = 0
            while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
                value = value * 10 + Int(bytes[position] - 48)
                position += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        return nil
    }

    /// The string value right after the first `key` (which ends with the value's opening quote) in
    /// `bytes`, up to the next quote; nil when `key` is absent or the value has no end. For plain values
    /// such as join codes: escapes are not decoded.
    static func string(after key: StaticString, in bytes: UnsafeRawBufferPointer) -> String? {
        let pattern = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        guard bytes.count >= pattern.count else { return nil }
        for index in 0...(bytes.count - pattern.count)
        where UnsafeRawBufferPointer(rebasing: bytes[index..<index + pattern.count]).elementsEqual(pattern) {
            let start = index + pattern.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return nil
    }
}
