/// Where a text that `JSONSerialization` refused stops being JSON (RFC 8259), and what was expected
/// there, so a client learns more than "not valid JSON": `bad-json` with `position` (a UTF-8 byte
/// offset) and `line` and `column` (1-based; the column counts Unicode scalars).
///
/// Only refused texts are read, so the message path pays nothing. The reader keeps its open containers
/// on an explicit stack: a text nested 100,000 deep is read without recursion.
enum JSONSyntax {
    /// The deepest nesting `JSONSerialization` reads (Foundation's limit); deeper texts are refused.
    static let maxDepth = 512

    /// The first place `text` breaks the JSON grammar, nests deeper than `maxDepth`, or holds a number
    /// outside the range of a double, as `bad-json`; nil when none is found. `noun` names the text in
    /// the error ("the message ends early"; a file read by the command line is a "document").
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func firstError(in text: String, noun: String = "message") -> ProtocolError? {
        var reader = Reader(bytes: Array(text.utf8), noun: noun)
        return reader.read()
    }

    /// What the reader looks for next.
    private enum Expectation {
        /// A value; `closing` when it is the first element of an array, which may be `]` instead.
        case value(closing: Bool)
        /// A key; `closing` right after `{`, where `}` may come instead.
        case key(closing: Bool)
        case colon
        /// `,` or the closing bracket of the innermost container, or the end of the text at the top.
        case separator
    }

    private struct Reader {
        let bytes: [UInt8]
        /// What the text is called in the errors: "message" or "document".
        let noun: String
        var index = 0
        /// The open containers: `{` or `[`, with the offset where each opened.
        var open: [(bracket: UInt8, offset: Int)] = []

        mutating func read() -> ProtocolError? {
            var expectation = Expectation.value(closing: false)
            while true {
                while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
                guard index < bytes.count else {
                    if case .separator = expectation, open.isEmpty { return nil }
                    return error("the \(noun) ends early, where \(describe(expectation)) was expected: it looks cut short")
                }
                let byte = bytes[index]
                switch expectation {
                case .value(let closing):
                    if closing, byte == UInt8(ascii: "]") {
                        open.removeLast()
                        index += 1
                        expectation = .separator
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard open.count < JSONSyntax.maxDepth else {
                            return error("the \(noun) nests deeper than \(JSONSyntax.maxDepth) levels")
                        }
                        open.append((byte, index))
                        index += 1
                        expectation = byte == UInt8(ascii: "{") ? .key(closing: true) : .value(closing: true)
                        continue
                    case UInt8(ascii: "\""):
                        if let failure = string() { return failure }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        if let failure = number() { return failure }
                    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                        if let failure = literal() { return failure }
                    default:
                        return error("expected \(describe(expectation)), found \(found)")
                    }
                    expectation = .separator
                case .key(let closing):
                    if closing, byte == UInt8(ascii: "}") {
                        open.removeLast()
                        index += 1
                        expectation = .separator
                        continue
                    }
                    guard byte == UInt8(ascii: "\"") else { return error("expected \(describe(expectation)), found \(found)") }
                    if let failure = string() { return failure }
                    expectation = .colon
                case .colon:
                    guard byte == UInt8(ascii: ":") else { return error("expected \(describe(expectation)), found \(found)") }
                    index += 1
                    expectation = .value(closing: false)
                case .separator:
                    guard let innermost = open.last else {
                        return error("expected the end of the \(noun) after its value, found \(found)")
                    }
                    let closer = innermost.bracket == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        expectation = innermost.bracket == UInt8(ascii: "{") ? .key(closing: false) : .value(closing: false)
                    } else if byte == closer {
                        open.removeLast()
                        index += 1
                    } else {
                        return error("expected \(describe(expectation)), found \(found)")
                    }
                }
            }
        }

        /// Words for what `expectation` wants at this point.
        func describe(_ expectation: Expectation) -> String {
            switch expectation {
            case .value(let closing):
                return "a value (an object, array, string, number, true, false or null)" + (closing ? " or ']'" : "")
            case .key(let closing): return "a key in double quotes" + (closing ? " or '}'" : "")
            case .colon: return "':' after the key"
            case .separator:
                guard let innermost = open.last else { return "the end of the \(noun)" }
                let (closer, container) = innermost.bracket == UInt8(ascii: "{") ? ("}", "object") : ("]", "array")
                let (line, column) = place(of: innermost.offset)
                return "',' or '\(closer)' to close the \(container) opened at line \(line), column \(column)"
            }
        }

        /// The byte here, quoted, for a message.
        var found: String {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "the byte 0x" + String(byte, radix: 16, uppercase: true)
        }

        /// A string token from its opening quote: escapes (RFC 8259 §7) checked, no control character.
        mutating func string() -> ProtocolError? {
            let start = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { return endsInsideString(openedAt: start) }
                    let escape = bytes[index + 1]
                    if escape == UInt8(ascii: "u") {
                        let digits = bytes[min(index + 2, bytes.count)..<min(index + 6, bytes.count)]
                        guard digits.count == 4, digits.allSatisfy(Self.isHexDigit) else {
                            return error("expected four hexadecimal digits after '\\u'")
                        }
                        index += 6
                    } else {
                        guard Array("\"\\/bfnrt".utf8).contains(escape) else {
                            index += 1
                            return error("'\\\(Character(Unicode.Scalar(escape)))' is not a JSON escape: use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
                        }
                        index += 2
                    }
                case 0x00..<0x20:
                    return error("a control character inside a string must be escaped (\\n, \\t, \\u00XX)")
                default:
                    index += 1
                }
            }
            return endsInsideString(openedAt: start)
        }

        mutating func endsInsideString(openedAt start: Int) -> ProtocolError {
            index = bytes.count
            return error("the \(noun) ends inside the string that opens at byte \(start): it looks cut short")
        }

        /// A number token (RFC 8259 §6), which must fit a double.
        mutating func number() -> ProtocolError? {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { return digitsExpected("after '-'") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, Self.isDigit(bytes[index]) else { return digitsExpected("after '.'") }
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, Self.isDigit(bytes[index]) else { return digitsExpected("in the exponent") }
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(token), value.isFinite else {
                return error("the number \(token.prefix(32)) is outside the range of a double", at: start)
            }
            return nil
        }

        mutating func digitsExpected(_ place: String) -> ProtocolError {
            guard index < bytes.count else { return error("the \(noun) ends inside a number: it looks cut short") }
            return error("expected a digit \(place), found \(found)")
        }

        /// `true`, `false` or `null`.
        mutating func literal() -> ProtocolError? {
            for word in ["true", "false", "null"] where bytes[index] == word.utf8.first {
                let wanted = Array(word.utf8)
                var matched = 0
                while matched < wanted.count, index + matched < bytes.count, bytes[index + matched] == wanted[matched] {
                    matched += 1
                }
                guard matched == wanted.count else {
                    index += matched
                    guard index < bytes.count else { return error("the \(noun) ends inside '\(word)': it looks cut short") }
                    return error("expected '\(word)', found \(found)")
                }
                index += matched
                return nil
            }
            return error("expected a value, found \(found)")
        }

        /// `bad-json` at byte `offset` (the reader's by default), with its line and column.
        func error(_ reason: String, at offset: Int? = nil) -> ProtocolError {
            let offset = offset ?? index
            let (line, column) = place(of: offset)
            var error = ProtocolError("bad-json", "the \(noun) is not valid JSON at byte \(offset) (line \(line), "
                                      + "column \(column)): \(reason)")
            error.position = offset
            error.line = line
            error.column = column
            return error
        }

        /// The 1-based line and column of byte `offset`; the column counts Unicode scalars (UTF-8
        /// continuation bytes are not counted).
        func place(of offset: Int) -> (line: Int, column: Int) {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return (line, column)
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
    }
}
