/// Apple's Visual Format Language, as `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:
/// views:)` reads it (Apple, Auto Layout Guide, appendix "Visual Format Language"; the grammar is on
/// `VisualFormat`).
///
/// `parse(_:)` checks the syntax; `constraints(_:metrics:views:options:superview:)` also resolves names
/// and produces the constraint descriptions. Both are pure: nothing is added to an engine
/// (`LayoutEngine.addVisualFormat(_:metrics:views:options:idPrefix:)` does that).
///
/// Examples from Apple's guide: `[button]-[textField]`, `[button(>=50)]`, `|-50-[purpleBox]-50-|`,
/// `V:[topField]-10-[bottomField]`, `[maroonView][blueView]`, `[button(100@20)]`, `[button1(==button2)]`,
/// `[flexibleButton(>=70,<=100)]`, `|-[find]-[findNext]-[findField(>=20)]-|`.
public enum VisualFormatParser {
    /// Points between two sibling views joined by a lone `-`.
    public static let standardSpacing = 8.0
    /// Points between a view and its superview's edge joined by a lone `-`.
    public static let standardSuperviewSpacing = 20.0

    /// Parses a format's syntax.
    /// - Throws: `ConstraintParseError` of kind `.syntax` (code `vfl-syntax`) at the first character
    ///   that does not fit the grammar, e.g. `Expected ']' after the view name` at offset 6 of `H:|-[a-|`.
    public static func parse(_ text: String) throws -> VisualFormat {
        var parser = Parser(text: text)
        return try parser.format()
    }

    /// Parses a format and returns its constraints (see `VisualFormat.constraints(metrics:views:options:
    /// superview:)` for their shape and order).
    /// - Parameters:
    ///   - metrics: numbers (points or priorities) by name.
    ///   - views: item name of each view name (UIKit's views dictionary).
    ///   - options: alignment and direction options.
    ///   - superview: the item name of the superview of an item, for `|`; nil when there is none.
    /// - Throws: `ConstraintParseError`: syntax, unknown views or metrics, `|` without a superview, or
    ///   options that do not fit the orientation.
    public static func constraints(_ text: String, metrics: [String: Double] = [:], views: [String: String],
                                   options: VisualFormatOptions = [], superview: (String) -> String?)
        throws -> [ConstraintDescription]
    {
        try parse(text).constraints(metrics: metrics, views: views, options: options, superview: superview)
    }

    private struct Parser {
        let text: String
        var scanner: TextScanner

        init(text: String) {
            self.text = text
            scanner = TextScanner(text)
        }

        func fail(_ reason: String, at position: Int? = nil) -> ConstraintParseError {
            ConstraintParseError(.visualFormat, .syntax, reason, text: text, position: position ?? scanner.position)
        }

        /// A description of the current character for messages.
        var found: String {
            guard let character = scanner.current else { return "the end of the format" }
            return character == " " ? "a space" : "'\(character)'"
        }

        mutating func format() throws -> VisualFormat {
            var orientation = VisualFormat.Orientation.horizontal
            if let letter = scanner.current, letter == "H" || letter == "V" {
                guard scanner.peek(1) == ":" else {
                    let arrangement = letter == "V" ? "vertical" : "horizontal"
                    throw fail("Expected ':' after '\(letter)' to specify \(arrangement) arrangement", at: 1)
                }
                orientation = letter == "V" ? .vertical : .horizontal
                scanner.advance(2)
            }
            var leading: VisualFormat.SuperviewEdge?
            if scanner.current == "|" {
                let position = scanner.position
                scanner.advance()
                leading = VisualFormat.SuperviewEdge(connection: try connection(), position: position)
            }
            var views: [VisualFormat.ViewElement] = []
            var connections: [VisualFormat.Connection] = []
            var trailing: VisualFormat.SuperviewEdge?
            while true {
                guard scanner.current == "[" else {
                    throw fail(views.isEmpty && leading == nil
                        ? "Expected '|' or a view ('[') at the start of the format, found \(found)"
                        : "Expected a view ('[') after the connection, found \(found)")
                }
                views.append(try view())
                let joint = try connection()
                if scanner.current == "|" {
                    trailing = VisualFormat.SuperviewEdge(connection: joint, position: scanner.position)
                    scanner.advance()
                    guard scanner.isAtEnd else {
                        throw fail("Expected the end of the format after the superview's '|', found \(found)")
                    }
                    break
                }
                if joint == .flush {
                    if scanner.isAtEnd { break }
                    guard scanner.current == "[" else {
                        throw fail("Expected '-', '[', '|' or the end of the format after a view, found \(found)")
                    }
                }
                connections.append(joint)
            }
            return VisualFormat(text: text, orientation: orientation, leadingSuperview: leading, views: views,
                                connections: connections, trailingSuperview: trailing)
        }

        /// `[name(predicates)]`, at a `[`.
        mutating func view() throws -> VisualFormat.ViewElement {
            scanner.advance()
            let position = scanner.position
            guard let name = scanner.scanIdentifier() else {
                throw fail("Expected a view name (a C identifier: letters, digits and '_') after '[', found \(found)")
            }
            var predicates: [VisualFormat.Predicate] = []
            if scanner.scan("(") {
                predicates = try predicateList()
                guard scanner.scan("]") else { throw fail("Expected ']' after the view's predicates, found \(found)") }
            } else {
                guard scanner.scan("]") else { throw fail("Expected ']' after the view name, found \(found)") }
            }
            return VisualFormat.ViewElement(name: name, position: position, predicates: predicates)
        }

        /// Nothing (flush), `-`, `-N-`, `-metric-` or `-(predicates)-`.
        mutating func connection() throws -> VisualFormat.Connection {
            guard scanner.scan("-") else { return .flush }
            if scanner.current == "[" || scanner.current == "|" { return .standard }
            if scanner.isAtEnd { throw fail("Expected a view or '|' after '-'") }
            let predicates: [VisualFormat.Predicate]
            if scanner.scan("(") {
                predicates = try predicateList()
            } else {
                let position = scanner.position
                if let number = scanner.scanNumber(signed: false) {
                    predicates = [VisualFormat.Predicate(object: .number(number), position: position)]
                } else if let name = scanner.scanIdentifier() {
                    predicates = [VisualFormat.Predicate(object: .name(name), position: position)]
                } else {
                    throw fail("Expected a view, '|', a number, a metric name or '(' after '-', found \(found)")
                }
            }
            guard scanner.scan("-") else {
                throw fail("Expected '-' to end the connection's predicate, found \(found)")
            }
            return .predicates(predicates)
        }

        /// `predicate (, predicate)* )`, after the `(`.
        mutating func predicateList() throws -> [VisualFormat.Predicate] {
            var predicates = [try predicate()]
            while scanner.scan(",") { predicates.append(try predicate()) }
            guard scanner.scan(")") else { throw fail("Expected ',' or ')' in the predicate list, found \(found)") }
            return predicates
        }

        /// `(relation)?(object)(@priority)?`.
        mutating func predicate() throws -> VisualFormat.Predicate {
            let relationStart = scanner.position
            let relation = scanner.scanRelation()
            if relation == nil, let character = scanner.current, "=<>".contains(character) {
                throw fail("Expected a relation '==', '<=' or '>='", at: relationStart)
            }
            let position = scanner.position
            let object: VisualFormat.Value
            if let number = scanner.scanNumber(signed: true) {
                object = .number(number)
            } else if let name = scanner.scanIdentifier() {
                object = .name(name)
            } else {
                throw fail("Expected a number, a metric name or a view name in the predicate, found \(found)")
            }
            var priority: VisualFormat.Value?
            var priorityPosition: Int?
            if scanner.scan("@") {
                priorityPosition = scanner.position
                if let number = scanner.scanNumber(signed: false) {
                    priority = .number(number)
                } else if let name = scanner.scanIdentifier() {
                    priority = .name(name)
                } else {
                    throw fail("Expected a priority (a number or a metric name) after '@', found \(found)")
                }
            }
            return VisualFormat.Predicate(relation: relation ?? .equal, object: object, priority: priority,
                                          position: position, priorityPosition: priorityPosition)
        }
    }
}
