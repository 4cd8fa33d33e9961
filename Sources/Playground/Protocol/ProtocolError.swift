import AutoLayout

/// A refused client message: a stable kebab-case `code` and a sentence for people, sent as
/// `{"type":"error","re":…,"code":…,"message":…}`. A refused message changes nothing after the point
/// where it failed; the session and the connection go on.
public struct ProtocolError: Error, Equatable, Sendable {
    public let code: String
    public let message: String
    /// The character offset of the problem in a parsed text (a format or an equation), sent as the
    /// error's `position`; nil otherwise.
    public internal(set) var position: Int?
    /// Where in an imported document's text the problem is (1-based line and column, as libxml2
    /// counts them), sent as the error's `line` and `column`; nil otherwise.
    public internal(set) var line: Int?
    public internal(set) var column: Int?
    /// Where the refused field is (`views[2].priorty`), sent as the error's `field` with `unknown-field`.
    public internal(set) var field: String?
    /// The nearest known name to a misspelt field, id or attribute, sent as the error's `suggestion`.
    public internal(set) var suggestion: String?
    /// The unknown id an `unknown-view`, `unknown-constraint` or `unknown-item` names, so the session
    /// can suggest the nearest existing one; not sent.
    var subject: String?

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    init(_ error: LayoutError) {
        self.init(error.code, error.message)
        switch error {
        case .unknownView(let id), .unknownConstraint(let id), .unknownItem(let id): subject = id
        default: break
        }
    }

    /// A parse error: its code, Apple-style message with the caret, and its `position`. An unknown
    /// attribute gets the nearest attribute name suggested (`navView.widht`: `width`) in its reason
    /// and as `suggestion`.
    init(_ error: ConstraintParseError) {
        var error = error
        var nearest: String?
        if error.kind == .unknownAttribute, let name = error.name,
           let suggestion = Suggestion.nearest(to: name, in: UIKitSpelling.attributeNames) {
            nearest = suggestion
            error = ConstraintParseError(error.grammar, error.kind, error.reason + ": did you mean '\(suggestion)'?",
                                         text: error.text, position: error.position)
        }
        self.init(error.code, error.message)
        position = error.position
        suggestion = nearest
    }

    /// This error with `suggestion` set and `: did you mean 'x'?` appended to its message, when
    /// `candidates` hold a name near `word`.
    func suggesting(for word: String, in candidates: some Sequence<String>) -> ProtocolError {
        guard let nearest = Suggestion.nearest(to: word, in: candidates) else { return self }
        var error = ProtocolError(code, message + ": did you mean '\(nearest)'?")
        error.position = position
        error.line = line
        error.column = column
        error.field = field
        error.subject = subject
        error.suggestion = nearest
        return error
    }

    static func missing(_ field: String, in type: String) -> ProtocolError {
        ProtocolError("missing-field", "'\(type)' needs the field '\(field)'")
    }

    static func invalid(_ field: String, _ expectation: String) -> ProtocolError {
        ProtocolError("invalid-field", "'\(field)' must be \(expectation)")
    }
}
