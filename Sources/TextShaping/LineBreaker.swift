import AutoLayout

/// Greedy line breaking, as Core Text's word wrap: each line takes as many characters as fit in the
/// width, and breaks at the last opportunity before the first character that does not fit.
///
/// Break opportunities (a subset of Unicode's line breaking rules, UAX #14, enough for Latin text):
/// after a run of spaces and after a hyphen. Spaces at the end of a line hang: they never make a line
/// overflow and are not part of its width. A word wider than the line breaks between characters, and
/// `characters` wrapping breaks anywhere. A newline always ends a line.
enum LineBreaker {
    /// The lines of `characters` (with their advances, points) wrapped at `width` (nil: unbounded).
    static func lines(_ characters: [Character], advances: [Double], width: Double?,
                      wrapping: TextWrapping) -> [TextLine] {
        var lines: [TextLine] = []
        guard !characters.isEmpty else { return lines }
        var start = 0
        var lineWidth = 0.0
        var lastBreak: Int?   // a line may end before this index
        func emit(_ end: Int) {
            var trimmed = end
            while trimmed > start, characters[trimmed - 1].isWhitespace, !characters[trimmed - 1].isNewline {
                trimmed -= 1
            }
            let text = String(characters[start..<trimmed])
            lines.append(TextLine(text: text, width: advances[start..<trimmed].reduce(0, +)))
        }
        let limit = width ?? .infinity
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let advance = advances[index]
            if character.isNewline {
                emit(index)
                start = index + 1
                lineWidth = 0
                lastBreak = nil
            } else if character.isWhitespace {
                lineWidth += advance
                lastBreak = index + 1
            } else {
                // Twice at most: back to the last break, then, if the rest of the word still does not
                // fit, before this character.
                while lineWidth + advance > limit + 1e-9, index > start {
                    let end = wrapping == .words ? (lastBreak ?? index) : index
                    emit(end)
                    start = end
                    lineWidth = advances[start..<index].reduce(0, +)
                    lastBreak = nil
                }
                lineWidth += advance
                if character == "-" { lastBreak = index + 1 }
            }
            index += 1
        }
        emit(characters.count)
        return lines
    }
}
