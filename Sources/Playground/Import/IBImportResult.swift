import AutoLayout

/// What importing one root of a document gives: the scene spec `load` builds from, the warnings about
/// what was not modelled, and, for comparing with Xcode, the frames the document saved.
struct IBImportResult {
    /// The scene (root, views, guides, constraints), as `load` builds it.
    var spec: SceneSpec
    /// One entry per element or attribute not modelled: `{"ibId", "element", "line", "message"}`.
    var warnings: [[String: Any]]
    /// Whether the document is a xib or a storyboard, by its own `type`.
    let kind: IBDocument.Kind
    /// The root laid out, and every root the document offers.
    let root: IBDocument.Root
    let roots: [IBDocument.Root]
    /// The frame Xcode saved for each scene view (superview coordinates, points), by scene id.
    var savedFrames: [String: Rect]
    /// Scene ids of views Xcode marked `misplaced` or `ambiguous`: their saved frames are stale.
    var staleViews: Set<String>
    /// Scene id by IB id, for views.
    var viewIDs: [String: String]
}
