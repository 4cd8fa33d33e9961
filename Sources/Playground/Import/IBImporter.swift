import AutoLayout

/// Imports Interface Builder documents (`.xib`, `.storyboard`) as scene specs: the XML is read here
/// and only here; the layout engine gets the same kind of spec `load` builds from.
enum IBImporter {
    /// Reads `text` and builds the scene spec of one root.
    /// - Parameters:
    ///   - rootID: the IB id of a view controller, its view, a top-level view or a cell; nil for the
    ///     default root (a storyboard's initial view controller, else its first; a xib's first
    ///     top-level view).
    ///   - maxElements: elements the document may hold.
    ///   - textSizes: where labels, buttons and text fields take their intrinsic sizes from.
    /// - Throws: `IBImportError`: `bad-xml` (with line and column), `too-many-elements`,
    ///   `unsupported-document`, `unknown-root`, `no-root`.
    static func importDocument(_ text: String, rootID: String?, maxElements: Int,
                               textSizes: IBTextSizes = .document) throws -> IBImportResult {
        let element = try IBXMLReader.read(text, maxElements: maxElements)
        let document = try IBDocument(element)
        let root = try document.root(rootID)
        var builder = IBSceneBuilder(document: document, root: root, textSizes: textSizes)
        return builder.build()
    }

    /// Builds the scene of an import. When the whole document is refused, each constraint is tried on a scratch copy of the views,
    /// so one the engine refuses (a pairing UIKit rejects too, say) is left out with a warning instead
    /// of losing the document; then the scene is built from the whole document at once, as `load`
    /// builds it (views, then constraints, then one layout pass). The result's spec and warnings
    /// are updated to match what was built.
    /// - Throws: `ProtocolError` when the views themselves cannot be built (limits included).
    static func scene(of result: inout IBImportResult, time: Double, limits: SessionLimits) throws -> Scene {
        // Most documents build as they are: one pass. Only when that is refused are the constraints
        // vetted one by one.
        if let scene = try? SceneReader.scene(from: result.spec, time: time, limits: limits) {
            return scene
        }
        var base = result.spec
        base.constraints = []
        let scratch = try SceneReader.scene(from: base, time: time, limits: limits)
        var kept: [ConstraintSpec] = []
        for spec in result.spec.constraints {
            do {
                try SceneReader.addConstraint(spec, to: scratch, limits: limits)
                kept.append(spec)
            } catch let error as ProtocolError {
                if error.code == "too-many-constraints" { throw error }
                var warning: [String: Any] = ["element": "constraint",
                                              "message": "left out: \(error.code): \(error.message)"]
                if let ibID = spec.ibId { warning["ibId"] = ibID }
                result.warnings.append(warning)
            }
        }
        result.spec.constraints = kept
        return try SceneReader.scene(from: result.spec, time: time, limits: limits)
    }
}

/// Interface Builder import for tools outside the server (benchmarks, scripts): a document in, the
/// laid-out frames out, without a session.
public enum InterfaceBuilderLayout {
    /// Imports `document` (a xib's or storyboard's XML) and lays out `root` (an IB id; nil for the
    /// default root) as `import` does.
    /// - Returns: each view's frame `[x, y, width, height]` (superview coordinates, points) by scene id.
    /// - Throws: `ProtocolError` with `import`'s codes.
    public static func frames(ofDocument document: String, root: String? = nil,
                              limits: SessionLimits = SessionLimits()) throws -> [String: [Double]] {
        var result: IBImportResult
        do {
            result = try IBImporter.importDocument(document, rootID: root, maxElements: limits.maxImportElements)
        } catch let error as IBImportError {
            throw error.protocolError
        }
        let scene = try IBImporter.scene(of: &result, time: 0, limits: limits)
        var frames: [String: [Double]] = [:]
        for view in scene.engine.views { frames[view.identifier] = view.frame.components }
        return frames
    }
}
