/// Reads a constraint written as an equation, in the form `LayoutConstraint.equation` prints:
///
///     equation   ::= anchor relation rightSide (@ priority)?
///     anchor     ::= item "." attribute          e.g. picker.top, root.safeArea.top, card.margins.leading
///     relation   ::= == | <= | >=
///     rightSide  ::= anchor (times number | "/" number)? ((plus | minus) number)?
///                  | number times anchor ((plus | minus) number)?
///                  | number                      (a constant: width and height only)
///     times      ::= "*" | "×"
///     plus, minus::= "+" | "-" or "−"
///     priority   ::= number | required | defaultHigh | defaultLow | fittingSizeLevel
///
/// Spaces are optional. Items are view ids (letters, digits, `_`, `-`) and guides through their owner
/// (`root.safeArea`, `root.keyboard`, `VIEW.margins`); the attribute is the part after the last dot. Numbers
/// are decimal (`400`, `-2.5`, `−2.5`, `1e3`); `/ d` is a multiplier of `1/d`. The priority defaults to 1000
/// (required); `defaultHigh` is 750, `defaultLow` 250 and `fittingSizeLevel` 50, as `UILayoutPriority`.
/// UIKit's spellings are read too (`UIKitSpelling`): `×` and `−` (U+00D7, U+2212) as UIKit's
/// constraint descriptions print them, `topAnchor` for `top`, `safeAreaLayoutGuide`,
/// `layoutMarginsGuide` and `keyboardLayoutGuide` for the guides, and `view` for the root
/// (resolved by `LayoutEngine.item(spelled:)`).
///
/// Examples: `picker.top == root.safeArea.top + 400 @750`, `a.width == 100`,
/// `a.width >= b.width * 0.5 + 10 @999`, `a.centerX == root.centerX`,
/// `navView.topAnchor == view.safeAreaLayoutGuide.topAnchor`, `navView.top == root.top × 1 − 20`.
public enum EquationParser {
    /// Parses one equation. Item names are not checked (`LayoutEngine.addEquation(_:identifier:isActive:)`
    /// resolves them); attribute names are.
    /// - Throws: `ConstraintParseError` with the character offset of the culprit: kind `.syntax` (code
    ///   `equation-syntax`) when the text does not follow the grammar, `.unknownAttribute` for an attribute
    ///   that is not one of `LayoutAttribute`'s names.
    public static func parse(_ text: String) throws -> ConstraintDescription {
        var parser = Parser(text: text)
        return try parser.equation()
    }

    /// The priority names accepted after `@`.
    public static let priorityNames: [String: Double] = [
        "required": 1000, "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50,
    ]

    private struct Parser {
        let text: String
        var scanner: TextScanner

        init(text: String) {
            self.text = text
            scanner = TextScanner(text)
        }

        func fail(_ reason: String, at position: Int? = nil, kind: ConstraintParseError.Kind = .syntax)
            -> ConstraintParseError
        {
            ConstraintParseError(.equation, kind, reason, text: text, position: position ?? scanner.position)
        }

        var found: String {
            guard let character = scanner.current else { return "the end of the equation" }
            return "'\(character)'"
        }

        mutating func equation() throws -> ConstraintDescription {
            scanner.skipSpaces()
            guard let first = try anchor() else {
                throw fail("Expected 'item.attribute' (like 'picker.top') at the start, found \(found)")
            }
            scanner.skipSpaces()
            let relationPosition = scanner.position
            guard let relation = scanner.scanRelation() else {
                if scanner.current == "=" { throw fail("Expected '==' for equality, found a single '='") }
                throw fail("Expected a relation '==', '<=' or '>=', found \(found)", at: relationPosition)
            }
            scanner.skipSpaces()
            var description = ConstraintDescription(firstItem: first.item, firstAttribute: first.attribute,
                                                    relation: relation, firstItemPosition: first.position)
            if let second = try anchor() {
                description.secondItem = second.item
                description.secondAttribute = second.attribute
                description.secondItemPosition = second.position
                scanner.skipSpaces()
                if let times = scanner.scanTimes() {
                    description.multiplier = try number(signed: true, what: "a multiplier after '\(times)'")
                } else if scanner.scan("/") {
                    scanner.skipSpaces()
                    let divisorPosition = scanner.position
                    let divisor = try number(signed: true, what: "a divisor after '/'")
                    guard divisor != 0 else { throw fail("Cannot divide by 0", at: divisorPosition) }
                    description.multiplier = 1 / divisor
                }
                try constantTerm(&description)
            } else if let value = scanner.scanNumber(signed: true) {
                scanner.skipSpaces()
                if let times = scanner.scanTimes() {
                    scanner.skipSpaces()
                    guard let second = try anchor() else {
                        throw fail("Expected 'item.attribute' after '\(times)', found \(found)")
                    }
                    description.secondItem = second.item
                    description.secondAttribute = second.attribute
                    description.secondItemPosition = second.position
                    description.multiplier = value
                    try constantTerm(&description)
                } else {
                    description.constant = value
                }
            } else {
                throw fail("Expected 'item.attribute' or a number after '\(relation.rawValue)', found \(found)")
            }
            scanner.skipSpaces()
            var hasPriority = false
            if scanner.scan("@") {
                hasPriority = true
                scanner.skipSpaces()
                let position = scanner.position
                if let value = scanner.scanNumber(signed: false) {
                    description.priority = value
                } else if let name = scanner.scanIdentifier() {
                    guard let value = EquationParser.priorityNames[name] else {
                        throw fail("'\(name)' is not a priority: use a number in (0, 1000], required, defaultHigh, defaultLow or fittingSizeLevel",
                                   at: position)
                    }
                    description.priority = value
                } else {
                    throw fail("Expected a priority after '@', found \(found)")
                }
                scanner.skipSpaces()
            }
            guard scanner.isAtEnd else {
                throw fail(hasPriority ? "Expected the end of the equation after the priority, found \(found)"
                                       : "Expected '+', '-', '@' or the end of the equation, found \(found)")
            }
            return description
        }

        /// `(+|-|−) number` after the second item, if present.
        mutating func constantTerm(_ description: inout ConstraintDescription) throws {
            scanner.skipSpaces()
            let sign: Double
            if scanner.scan("+") { sign = 1 } else if scanner.scanMinus() { sign = -1 } else { return }
            scanner.skipSpaces()
            description.constant = sign * (try number(signed: false, what: "a constant in points"))
        }

        mutating func number(signed: Bool, what: String) throws -> Double {
            scanner.skipSpaces()
            guard let value = scanner.scanNumber(signed: signed) else { throw fail("Expected \(what), found \(found)") }
            return value
        }

        /// `item(.guide)?.attribute`, or nil (cursor unmoved) when the text here is not an anchor.
        mutating func anchor() throws -> (item: String, attribute: LayoutAttribute, position: Int)? {
            let start = scanner.position
            // A number (`100`, `-2.5`, `1e3`) is not an anchor, but `2.top` and `1-view.top` are.
            if scanner.scanNumber(signed: true) != nil {
                let next = scanner.current
                scanner.position = start
                guard let next, Self.isIDCharacter(next) || next == "." else { return nil }
            }
            var segments: [String] = []
            while true {
                let segmentStart = scanner.position
                while let character = scanner.current, Self.isIDCharacter(character) { scanner.advance() }
                if scanner.position > segmentStart, scanner.current == "." {
                    segments.append(String(scanner.characters[segmentStart..<scanner.position]))
                    scanner.advance()
                    continue
                }
                // The last segment is the attribute: letters, digits and '_' only.
                scanner.position = segmentStart
                guard !segments.isEmpty else {
                    scanner.position = start
                    return nil
                }
                guard let name = scanner.scanIdentifier() else {
                    throw fail("Expected an attribute (like 'top') after '.', found \(found)")
                }
                guard let attribute = UIKitSpelling.attribute(named: name) else {
                    var error = fail("'\(name)' is not a layout attribute", at: segmentStart, kind: .unknownAttribute)
                    error.name = name
                    throw error
                }
                return (UIKitSpelling.itemName(segments.joined(separator: ".")), attribute, start)
            }
        }

        /// Characters of view ids (`A–Z a–z 0–9 _ -`).
        static func isIDCharacter(_ character: Character) -> Bool {
            TextScanner.isIdentifierHead(character) || TextScanner.isDigit(character) || character == "-"
        }
    }
}
