/// A cursor over the characters of a format or an equation, shared by the two parsers. Positions are
/// 0-based character offsets.
struct TextScanner {
    let characters: [Character]
    var position = 0

    init(_ text: String) {
        characters = Array(text)
    }

    var isAtEnd: Bool { position >= characters.count }

    var current: Character? { isAtEnd ? nil : characters[position] }

    func peek(_ offset: Int = 0) -> Character? {
        let index = position + offset
        return index < characters.count ? characters[index] : nil
    }

    mutating func advance(_ count: Int = 1) { position = min(position + count, characters.count) }

    /// Consumes `literal` if the text continues with it.
    mutating func scan(_ literal: String) -> Bool {
        let wanted = Array(literal)
        guard position + wanted.count <= characters.count,
              Array(characters[position..<position + wanted.count]) == wanted else { return false }
        position += wanted.count
        return true
    }

    /// Consumes a multiplication sign, `*` or UIKit's `×` (U+00D7), and returns it.
    mutating func scanTimes() -> Character? {
        guard let character = current, character == "*" || character == "×" else { return nil }
        position += 1
        return character
    }

    /// Consumes a minus sign, `-` or `−` (U+2212, as UIKit prints constraints).
    mutating func scanMinus() -> Bool {
        guard let character = current, character == "-" || character == "−" else { return false }
        position += 1
        return true
    }

    mutating func skipSpaces() {
        while let character = current, character == " " || character == "\t" { position += 1 }
    }

    /// A relation: `==`, `<=` or `>=`.
    mutating func scanRelation() -> LayoutRelation? {
        for relation in [LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual] where scan(relation.rawValue) {
            return relation
        }
        return nil
    }

    /// A C identifier: a letter or `_`, then letters, digits and `_`.
    mutating func scanIdentifier() -> String? {
        guard let first = current, Self.isIdentifierHead(first) else { return nil }
        let start = position
        while let character = current, Self.isIdentifierHead(character) || Self.isDigit(character) { position += 1 }
        return String(characters[start..<position])
    }

    /// A decimal number as `strtod` reads one in the C locale, without hexadecimal or `inf`/`nan`:
    /// an optional sign (when `signed`: `+`, `-` or `−`), digits with an optional fraction, an optional
    /// exponent. Leaves the cursor in place and returns nil when no number starts here.
    mutating func scanNumber(signed: Bool) -> Double? {
        var start = position
        var end = position
        var negative = false
        if signed, end < characters.count, characters[end] == "−" {
            negative = true
            end += 1
            start = end
        } else if signed, end < characters.count, characters[end] == "+" || characters[end] == "-" {
            end += 1
        }
        let digitsStart = end
        while end < characters.count, Self.isDigit(characters[end]) { end += 1 }
        var digitCount = end - digitsStart
        if end < characters.count, characters[end] == "." {
            var fractionEnd = end + 1
            while fractionEnd < characters.count, Self.isDigit(characters[fractionEnd]) { fractionEnd += 1 }
            if fractionEnd - end - 1 > 0 || digitCount > 0 {
                digitCount += fractionEnd - end - 1
                end = fractionEnd
            }
        }
        guard digitCount > 0 else { return nil }
        if end < characters.count, characters[end] == "e" || characters[end] == "E" {
            var exponentEnd = end + 1
            if exponentEnd < characters.count, characters[exponentEnd] == "+" || characters[exponentEnd] == "-" {
                exponentEnd += 1
            }
            let exponentDigits = exponentEnd
            while exponentEnd < characters.count, Self.isDigit(characters[exponentEnd]) { exponentEnd += 1 }
            if exponentEnd > exponentDigits { end = exponentEnd }
        }
        guard let value = Double(String(characters[start..<end])), value.isFinite else { return nil }
        position = end
        return negative ? -value : value
    }

    static func isDigit(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (48...57).contains(ascii)
    }

    static func isIdentifierHead(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (65...90).contains(ascii) || (97...122).contains(ascii) || ascii == 95
    }
}
