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
    /// Where in an imported document's text the problem is (1-based line and column, as `XMLParser`
    /// counts them), sent as the error's `line` and `column`; nil otherwise.
    public internal(set) var line: Int?
    public internal(set) var column: Int?

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    init(_ error: LayoutError) {
        self.init(error.code, error.message)
    }

    static func missing(_ field: String, in type: String) -> ProtocolError {
        ProtocolError("missing-field", "'\(type)' needs the field '\(field)'")
    }

    static func invalid(_ field: String, _ expectation: String) -> ProtocolError {
        ProtocolError("invalid-field", "'\(field)' must be \(expectation)")
    }
}
