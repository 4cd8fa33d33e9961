import Foundation

/// What RFC 8259 forbids or discourages but Foundation's `JSONSerialization` accepts silently: a key
/// twice in one object (§4: names "SHOULD be unique"; one of the values would be dropped) and a comma
/// before `}` or `]` (not in the grammar; accepted by the Linux Foundation parser). The strict protocol
/// refuses both, so a client's typo cannot hide a field.
public enum StrictJSON {
    /// Why the strict protocol refuses `text` as one JSON object, as the session's `bad-json` says it
    /// but calling it the document (the position, line and column counted in `text` itself), or nil
    /// when it reads. For a document read from a file, whose positions must not count the message it
    /// is sent in.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func refusal(of text: String) -> ProtocolError? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return JSONSyntax.firstError(in: text, noun: "document")
                ?? ProtocolError("bad-json", "the document is not valid JSON")
        }
        guard object is [String: Any] else { return ProtocolError("bad-json", "a scene document must be a JSON object") }
        do {
            try check(text)
            return nil
        } catch {
            return error as? ProtocolError ?? ProtocolError("bad-json", "the document is not strict JSON")
        }
    }

    /// Throws `bad-json` with `position` (a UTF-8 byte offset) for the first duplicate key (the offset
    /// of its second occurrence's opening quote) or trailing comma (the offset of the comma). Keys are
    /// compared after unescaping, so `"a"` and `"\u0061"` are the same key. `text` must already have
    /// parsed as JSON.
    static func check(_ text: String) throws {
        var bytes = Array(text.utf8)
        bytes.append(0)
        // One set of keys per open container; nil for an array.
        var stack: [Set<String>?] = []
        var index = 0
        let end = bytes.count - 1
        // The offset of the last comma outside strings, when nothing but white space followed it.
        var pendingComma: Int?
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"), let comma = pendingComma {
                var error = ProtocolError("bad-json", "trailing comma at byte \(comma)")
                error.position = comma
                throw error
            }
            if !isWhiteSpace(byte) { pendingComma = byte == UInt8(ascii: ",") ? index : nil }
            switch byte {
            case UInt8(ascii: "{"): stack.append([]); index += 1
            case UInt8(ascii: "["): stack.append(nil); index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast(); index += 1
            case UInt8(ascii: "\""):
                let start = index
                var escaped = false
                index += 1
                while index < end, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { escaped = true; index += 1 }
                    index += 1
                }
                index += 1
                // A string is a key when the next significant byte is a colon.
                var next = index
                while next < end, isWhiteSpace(bytes[next]) { next += 1 }
                guard bytes[next] == UInt8(ascii: ":"), let last = stack.indices.last, stack[last] != nil else { continue }
                let key = escaped ? unescaped(bytes[start..<index]) : String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
                if stack[last]?.insert(key).inserted == false {
                    var error = ProtocolError("bad-json", "duplicate key '\(key.prefix(64))' at byte \(start)")
                    error.position = start
                    throw error
                }
            default: index += 1
            }
        }
    }

    /// JSON's insignificant white space (RFC 8259 §2).
    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The value of one JSON string token (quotes included) with its escapes resolved.
    private static func unescaped(_ token: ArraySlice<UInt8>) -> String {
        (try? JSONSerialization.jsonObject(with: Data(token), options: [.fragmentsAllowed]) as? String) ?? ""
    }
}
