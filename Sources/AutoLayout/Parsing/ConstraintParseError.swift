/// Why a Visual Format Language string or a constraint equation was refused, with the character
/// offset where the problem lies.
///
/// `message` reads like the reason of the exception Apple's parser throws
/// (`NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`): the reason, the text, and
/// a caret under the offending character, e.g.
///
///     Unable to parse constraint format: 
///     Expected ']' after the view name 
///     H:|-[a-| 
///           ^
public struct ConstraintParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which grammar was being parsed.
    public enum Grammar: Sendable {
        /// Apple's Visual Format Language ("Visual Format Language" appendix, Auto Layout Guide).
        case visualFormat
        /// `item.attribute == item.attribute * multiplier + constant @priority`.
        case equation
    }

    /// What went wrong.
    public enum Kind: Sendable {
        /// The text does not follow the grammar (code `vfl-syntax` or `equation-syntax`).
        case syntax
        /// A view name that is not a key of the views map (code `unknown-view`).
        case unknownView
        /// A name that is neither a metric nor (where allowed) a view (code `unknown-metric`).
        case unknownMetric
        /// An item name the engine does not know (code `unknown-item`).
        case unknownItem
        /// Not one of `LayoutAttribute`'s names (code `unknown-attribute`).
        case unknownAttribute
        /// Alignment or direction options that do not fit the format's orientation (code `invalid-options`).
        case invalidOptions
    }

    /// The grammar of `text`.
    public let grammar: Grammar
    /// The kind of problem, which gives `code`.
    public let kind: Kind
    /// One sentence, without the text and caret.
    public let reason: String
    /// The text that was parsed.
    public let text: String
    /// The 0-based offset, in characters, of the offending character in `text` (`text.count` at the end).
    public let position: Int
    /// The unknown attribute or item name an equation's error is about, so a caller can suggest the
    /// nearest known one; nil otherwise.
    public var name: String?

    /// An error at `position` (clamped to 0…`text.count`).
    public init(_ grammar: Grammar, _ kind: Kind, _ reason: String, text: String, position: Int) {
        self.grammar = grammar
        self.kind = kind
        self.reason = reason
        self.text = text
        self.position = max(0, min(position, text.count))
    }

    /// The stable protocol code: `vfl-syntax`, `equation-syntax`, `unknown-view`, `unknown-metric`,
    /// `unknown-item`, `unknown-attribute` or `invalid-options`.
    public var code: String {
        switch kind {
        case .syntax: grammar == .visualFormat ? "vfl-syntax" : "equation-syntax"
        case .unknownView: "unknown-view"
        case .unknownMetric: "unknown-metric"
        case .unknownItem: "unknown-item"
        case .unknownAttribute: "unknown-attribute"
        case .invalidOptions: "invalid-options"
        }
    }

    /// The reason, the text and a caret under `position`, each line ending in " \n" as in Apple's
    /// exception reasons.
    public var message: String {
        let heading = grammar == .visualFormat
            ? "Unable to parse constraint format: " : "Unable to parse constraint equation: "
        let caret = String(repeating: " ", count: position) + "^"
        return "\(heading)\n\(reason) \n\(text) \n\(caret)"
    }

    /// Same as `message`.
    public var description: String { message }
}
