/// Suggestions for unknown ids, and the strict check of fields before a message replaces the scene.
extension Session {
    /// Throws `unknown-field` for a field of the current message no handler read so far. Called before
    /// a message replaces the scene (`load`, `import`), so a misspelt field cannot throw a scene away;
    /// every other message is checked after it ran.
    func checkFieldsRead() throws {
        if let unknown = fieldLog?.unknownField() { throw unknown }
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
}
