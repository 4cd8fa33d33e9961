import AutoLayout
import Foundation

/// `undo` and `redo`: every edit a client makes (`set`, `add`, `remove`, and the `batch`, `animate`
/// and `action` messages that run them) is undone as one step.
///
/// A step is the scene's document (as `scene` answers it) from before the edit; undoing rebuilds the
/// scene from it, as `load` does, and keeps the current document to redo. So a step restores the model
/// exactly (constants, priorities, `active`, views, their properties); what is not in a document is
/// not restored: running animations end unfinished, and positions left by `exerciseAmbiguity` go.
/// Messages that change nothing (a failed edit) leave no step. `load` and `import` clear the history.
/// Consecutive `set`s of one constraint's `constant` alone, or of one view's `alpha` alone, make one
/// step, as a slider drag in an editor is one change: the page sends every position it passes.
extension Session {
    /// What a top-level message does to the history: `record` for edits, `clear` for new scenes.
    enum HistoryEffect { case record, clear }

    /// The effect of a top-level message of `type`, nil for messages that leave the history alone.
    static func historyEffect(of type: String) -> HistoryEffect? {
        switch type {
        case "set", "add", "remove", "batch", "animate", "action", "scrollRectToVisible", "step": .record
        case "load", "import": .clear
        default: nil
        }
    }

    /// Runs `body` (one top-level message) and updates the history: an edit that changed the scene's
    /// document, even one that failed part way, becomes a step; a new scene clears the history once it
    /// is loaded.
    func keepingHistory(_ effect: HistoryEffect, _ message: Fields,
                        _ body: () throws -> [String: Any]?) throws -> [String: Any]? {
        switch effect {
        case .clear:
            let answer = try body()
            history.clear()
            return answer
        case .record:
            let key = try Self.sliderKey(message)
            // The next position of a slider drag joins the step already recorded, whatever it changes:
            // the documents before and after are not needed, and writing them (twice a message) would
            // be most of a tweak's cost.
            if let key, key == history.lastKey, !history.undoStack.isEmpty {
                defer { documents.modelChanged() }
                return try body()
            }
            // Written by the previous edit when the model has not changed since (`SceneDocuments`).
            let before = sceneText()
            defer {
                // Laid out first, so the text after is the state the next edit starts from, which it
                // can reuse: the turn's own layout pass then has nothing to do.
                scene.engine.layoutIfNeeded()
                documents.modelChanged()
                if sceneText() != before {
                    if key == nil || key != history.lastKey || history.undoStack.isEmpty {
                        history.record(before, limit: limits.maxUndoSteps, maxBytes: limits.maxUndoBytes)
                    }
                    history.lastKey = key
                }
            }
            return try body()
        }
    }

    /// What a slider drags, nil for any other message: `constraint ID` for a `set` that changes only
    /// a constraint's `constant`, `view ID alpha` for a `set` of one view's `alpha` alone.
    private static func sliderKey(_ message: Fields) throws -> String? {
        guard try message.string("type") == "set" else { return nil }
        if let id = try message.string("constraint") {
            guard message.has("constant"), !message.has("priority"), !message.has("active") else { return nil }
            return "constraint \(id)"
        }
        guard let id = try message.string("view"), message.has("alpha"), try isSingleChangeSet(message) else {
            return nil
        }
        return "view \(id) alpha"
    }

    /// `{"type":"undo"}`: the scene as it was before the last edit. Answers as `load` does
    /// (`{"type":"scene","scene":{…}}`) with `"undo"` and `"redo"`, the steps left each way.
    /// - Throws: `nothing-to-undo` when there is no step.
    func undo() throws -> [String: Any] {
        guard let previous = history.undo(from: sceneText()) else {
            throw ProtocolError("nothing-to-undo", "no edit to undo since the scene was loaded")
        }
        return try restore(previous)
    }

    /// `{"type":"redo"}`: the edit the last `undo` took back. Answers as `undo`.
    /// - Throws: `nothing-to-redo` when nothing was undone since the last edit.
    func redo() throws -> [String: Any] {
        guard let next = history.redo(from: sceneText()) else {
            throw ProtocolError("nothing-to-redo", "no undone edit to redo")
        }
        return try restore(next)
    }

    /// `answer` with `"undo"` and `"redo"`: the steps left each way (`scene`, `undo` and `redo` answers
    /// carry them so a page can enable its buttons).
    func historyCounted(_ answer: [String: Any]) -> [String: Any] {
        answer.merging(["undo": history.undoStack.count, "redo": history.redoStack.count]) { $1 }
    }

    private func restore(_ text: String) throws -> [String: Any] {
        let document = try Fields.decode(text)
        let restored = try SceneReader.scene(from: document, time: scene.engine.time, limits: limits)
        // Stepping back still rebuilds from the scene as it was loaded, not from an undo step.
        restored.stepSource = scene.stepSource
        replaceScene(with: restored)
        return historyCounted(["type": "scene", "scene": sceneDocument()])
    }
}
