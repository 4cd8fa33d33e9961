/// The session's scene document, written once per state of the model and reused until the model
/// changes.
///
/// An edit needs the document more than once: its undo step keeps the text from before it, the
/// rehearsal rebuilds a scratch scene from the same document (`Session+Transaction.swift`), and the
/// text after it tells whether it changed anything. Writing a 300-view document takes 1.3–1.6 ms, so
/// an `animate` every second per session wrote the whole document twice for each. Here the model has
/// a generation: every place that may change the model (a message that edits, a new scene, a layout
/// pass that had work to do) moves it on, and the document written at a generation is handed out
/// again while the generation stands. The document written after one edit is then the one the next
/// edit starts from, unless something changed the model in between.
///
/// What does not move the generation: the real-time clock's ticks (they change what running animations
/// show, not the model: `LayoutEngine.advance(to:)` moves the animator alone), and messages that only
/// read (`scene`, `export`, `convert`, `pointer` and the sharing messages: the rows of `MessageType.all`
/// that do not `changesModel`). Every other message moves it, whether or not it changed anything.
struct SceneDocuments {
    /// The model's generation: moved on by `modelChanged()`.
    private(set) var generation = 0
    /// The document written at `generation` for the scene `sceneID`, and its JSON text once encoded.
    private var cached: (generation: Int, sceneID: ObjectIdentifier, document: [String: Any], text: String?)?

    init() {}

    /// Notes that the model may have changed: the next document is written afresh.
    mutating func modelChanged() {
        generation &+= 1
        cached = nil
    }

    /// The document of `scene` (`SceneWriter.document(of:)`), written once per generation.
    mutating func document(of scene: Scene) -> [String: Any] {
        if let cached, cached.generation == generation, cached.sceneID == ObjectIdentifier(scene) {
            return cached.document
        }
        let document = SceneWriter.document(of: scene)
        cached = (generation, ObjectIdentifier(scene), document, nil)
        return document
    }

    /// The document of `scene` as JSON text (what an undo step keeps), encoded once per generation.
    mutating func text(of scene: Scene) -> String {
        let document = document(of: scene)
        if let text = cached?.text { return text }
        let text = Session.encode(document)
        cached?.text = text
        return text
    }
}

extension Session {
    /// The scene's document (`SceneWriter.document(of:)`), written once per generation of the model.
    func sceneDocument() -> [String: Any] { documents.document(of: scene) }

    /// The scene's document as JSON text: what an undo step keeps.
    func sceneText() -> String { documents.text(of: scene) }

    /// Notes that a message that is not an edit (`device`, `keyboard`, `drag`, `advance`, …) may have
    /// changed the model: the document is written afresh, and a slider drag in progress ends, so the
    /// next `set` is a step of its own whose undo keeps what that message changed.
    func modelChangedOutsideHistory() {
        documents.modelChanged()
        history.lastKey = nil
    }
}
