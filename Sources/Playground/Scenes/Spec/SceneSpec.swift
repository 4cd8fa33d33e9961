import AutoLayout

/// A whole scene, typed: what `load`, undo, the rehearsal and `import` build a `Scene` from, through
/// `SceneReader.scene(from:time:limits:)`. Actions, keyboard handlers and steps stay as the decoded
/// JSON their messages are run from.
struct SceneSpec {
    var name = "untitled"
    var title: String
    /// The scene's `description`.
    var summary = ""
    var root = SceneRootSpec()
    /// In document order: a parent before its subviews.
    var views: [ViewSpec] = []
    var guides: [GuideSpec] = []
    var constraints: [ConstraintSpec] = []
    var actions: [SceneAction] = []
    var keyboardHandlers: [String: [[String: Any]]] = [:]
    var steps: [SceneStep] = []
    /// The document the steps rebuild the scene from; nil for a scene without steps or without a
    /// document (an import's).
    var stepSource: Fields?

    /// A scene named `name`, titled `title` (the name when nil), with nothing in it.
    init(name: String = "untitled", title: String? = nil) {
        self.name = name
        self.title = title ?? name
    }
}
