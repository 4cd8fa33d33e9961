/// Suggestions for unknown ids, and the strict check of fields before a message replaces the scene.
extension Session {
    /// Throws `unknown-field` for a field of the current message no handler read so far. Called before
    /// a message replaces the scene (`load`, `import`) and after an edit's rehearsal
    /// (`Session+Transaction.swift`), so a misspelt field changes nothing.
    func checkFieldsRead() throws {
        if let unknown = fieldLog?.unknownField() { throw unknown }
    }

    /// Throws `unknown-field` for a field of `object` (one message or one op of a list) or of the
    /// objects inside it that its handler has not read: called by single-step edits before their one
    /// engine call, so a misspelt field changes nothing.
    func checkFieldsRead(of object: Fields) throws {
        if let unknown = object.log?.unknownField(within: object.path) { throw unknown }
    }

    /// Throws `unknown-field` for a field of `object` (an `animate`, say) or of the objects inside it
    /// that its handler has not read, leaving its `ops` to their own handlers, which read them as they run.
    func checkFieldsRead(ofAllBut ops: String, in object: Fields) throws {
        let skipped = object.path.isEmpty ? "\(ops)[" : "\(object.path).\(ops)["
        if let unknown = object.log?.unknownField(within: object.path, skipping: skipped) { throw unknown }
    }

    /// `error` with the nearest existing view, layout guide or constraint id suggested, when it names
    /// an unknown one (`unknown-view`, `unknown-item`, `unknown-constraint`) and one is near.
    func withSuggestedID(_ error: ProtocolError) -> ProtocolError {
        guard let id = error.subject, error.suggestion == nil else { return error }
        let engine = scene.engine
        switch error.code {
        case "unknown-view": return error.suggesting(for: id, in: engine.views.map(\.identifier))
        case "unknown-constraint": return error.suggesting(for: id, in: engine.constraints.map(\.identifier))
        case "unknown-item":
            // `margins` is made on first use, so it is offered for every view.
            let guides = engine.views.flatMap { view in
                (Array(view.layoutGuides.keys) + ["margins"]).map { "\(view.identifier).\($0)" }
            }
            return error.suggesting(for: id, in: engine.views.map(\.identifier) + guides)
        default: return error
        }
    }

    /// The names a `missing-field` message quotes (`'set' needs the field 'constraint' or 'view'` gives
    /// `set`, `constraint` and `view`): the fields a misspelt key may have meant.
    static func quotedNames(in message: String) -> [String] {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
