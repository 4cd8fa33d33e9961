/// Why a document cannot be imported: a protocol error code, a sentence, and where in the text
/// (1-based line and column) when the problem has a place.
struct IBImportError: Error, Sendable, Equatable {
    let code: String
    let message: String
    let line: Int?
    let column: Int?

    init(_ code: String, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
    }

    /// Pointing at an element's start tag.
    init(_ code: String, _ message: String, at element: IBElement) {
        self.init(code, message, line: element.line, column: element.column)
    }

    /// The protocol error sent to the client: the place leads the message and rides along as
    /// `line` and `column`.
    var protocolError: ProtocolError {
        var error: ProtocolError
        if let line, let column {
            error = ProtocolError(code, "line \(line), column \(column): \(message)")
            error.line = line
            error.column = column
        } else {
            error = ProtocolError(code, message)
        }
        return error
    }
}
