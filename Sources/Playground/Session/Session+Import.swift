import AutoLayout
import Foundation

/// `import`: an Interface Builder document (`.xib` or `.storyboard`) becomes the session's scene, as
/// `load` would make it from the scene spec the importer builds (docs/INTERFACE-BUILDER.md).
extension Session {
    /// Imports `message.document` and answers `scene` with the normalised scene, the `warnings` (one
    /// per element or attribute not modelled), the `root` laid out and, when the document offers
    /// several, `roots`.
    /// - Throws: `missing-field`, `invalid-field` (format, textSizes, root), `too-large` (past
    ///   `hello.limits.maxImportBytes`), the importer's codes with `line` and `column` (`bad-xml`, `too-many-elements`, `unsupported-document`,
    ///   `unknown-root`, `no-root`), then `load`'s (`too-many-views`, `too-complex`…). On any error
    ///   the current scene stays.
    func importDocument(_ message: Fields, turn: Turn) throws -> [String: Any] {
        guard let format = try message.string("format") else { throw ProtocolError.missing("format", in: "import") }
        guard let kind = IBDocument.Kind(rawValue: format) else {
            throw ProtocolError.invalid("format", "\"xib\" or \"storyboard\"")
        }
        guard let text = try message.string("document") else { throw ProtocolError.missing("document", in: "import") }
        let sizesName = try message.string("textSizes") ?? "document"
        guard let textSizes = IBTextSizes(rawValue: sizesName) else {
            throw ProtocolError.invalid("textSizes", "\"document\" or \"measured\"")
        }
        let rootID = try message.string("root")
        guard text.utf8.count <= limits.maxImportBytes else {
            throw ProtocolError("too-large", "an imported document holds at most \(limits.maxImportBytes) bytes")
        }
        var result: IBImportResult
        do {
            result = try IBImporter.importDocument(text, rootID: rootID, maxElements: limits.maxImportElements,
                                                   textSizes: textSizes)
        } catch let error as IBImportError {
            throw error.protocolError
        }
        if result.kind != kind {
            result.warnings.insert(["element": "document", "line": 1,
                                    "message": "the document is a \(result.kind.rawValue), not a \(kind.rawValue): read as a \(result.kind.rawValue)"],
                                   at: 0)
        }
        // Charged as `load` of the scene it makes, once that size is known.
        let items = result.spec.views.count + result.spec.constraints.count
        try turn.count(work: SessionLimits.rehearsalCost(items: items), op: false)
        let loaded = try IBImporter.scene(of: &result, time: scene.engine.time, limits: limits)
        try checkFieldsRead()
        replaceScene(with: loaded)
        var answer: [String: Any] = [
            "type": "scene", "scene": SceneWriter.document(of: loaded),
            "root": result.root.summary, "warnings": result.warnings,
        ]
        if result.roots.count > 1 { answer["roots"] = result.roots.map(\.summary) }
        return answer
    }
}
