import AutoLayout
import Foundation

/// `undo` and `redo`: every edit a client makes (`set`, `add`, `remove`, and the `batch`, `animate`
/// and `action` messages that run them) is undone as one step.
///
/// A step holds what the edit changed in the scene's document (as `scene` answers it), as it was
/// before (`UndoStep`). The edits whose handlers name each view, constraint, root or guide list before
/// they change it (`MessageType.recordedByChange`: most `set`s, `add`s, removing a constraint, and the
/// `batch`es and `animate`s of those) keep just those entries (`ChangeRecorder`), so
/// recording one costs what it touched; the others (`action`, `keyboard`, `device`, removing a view,
/// scrolling, `step`) keep the whole document from before. Undoing writes the current document,
/// puts the step's entries into it (`SceneChange.applied(to:)`) and rebuilds the scene from the result,
/// as `load` does, keeping the entries it replaced to redo. So a step restores the model exactly
/// (constants, priorities, `active`, views, their properties); what is not in a document is not
/// restored: running animations end unfinished, and positions left by `exerciseAmbiguity` go.
/// Messages that change nothing (a failed edit) leave no step. `load` and `import` clear the history.
/// Consecutive `set`s of one constraint's `constant` alone, or of one view's `alpha` alone, make one
/// step, as a slider drag in an editor is one change: the page sends every position it passes.
extension Session {
    /// What a top-level message does to the history (`MessageType.history`): `record` for edits
    /// (`set`, `add`, `remove`, `batch`, `animate`, `action`, `scrollRectToVisible`, `step`), `clear`
    /// for new scenes (`load`, `import`).
    ///
    /// Whether an edit names everything it changes to the `ChangeRecorder` before changing it is its
    /// row's `recordedByChange`: a `set` of a constraint or of a view's fields other than `bounds`, its
    /// stack, scroll or text; an `add` (a view, a constraint, a format, an equation or a guide); a
    /// `remove` of a constraint; a `batch` or `animate` of nothing else, and
    /// `layoutIfNeeded`/`setNeedsLayout` (they change no entry).
    enum HistoryEffect: Sendable { case record, clear }

    /// Runs `body` (one top-level message) and updates the history: an edit that changed the scene's
    /// document, even one that failed part way, becomes a step; a new scene clears the history once it
    /// is loaded.
    func keepingHistory(_ effect: HistoryEffect, _ row: MessageType, _ message: Fields,
                        _ body: () throws -> [String: Any]?) throws -> [String: Any]? {
        switch effect {
        case .clear:
            let answer = try body()
            history.clear()
            return answer
        case .record:
            let key = try Self.sliderKey(message)
            // The next position of a slider drag joins the step already recorded.
            let joins = key != nil && key == history.lastKey && !history.undoStack.isEmpty
            if try row.recordedByChange.holds(for: message) {
                let recorder = ChangeRecorder(scene: scene)
                changeRecorder = recorder
                defer {
                    changeRecorder = nil
                    // Laid out first, so what the recorder compares is the state the next edit starts from.
                    scene.engine.layoutIfNeeded()
                    documents.modelChanged()
                    if recorder.scene === scene, let change = recorder.finish() {
                        announce(ChangeAnnouncement.of(change, in: scene, viewOrder: &viewOrderText,
                                                       constraintOrder: &constraintOrderText))
                        if joins {
                            history.extendNewest(with: change, limits: limits)
                        } else {
                            history.record(.change(change), limits: limits)
                        }
                        history.lastKey = key
                    }
                }
                return try body()
            }
            // Written by the previous edit when the model has not changed since (`SceneDocuments`).
            let before = sceneText()
            let beforeDocument = sceneDocument()
            defer {
                scene.engine.layoutIfNeeded()
                documents.modelChanged()
                if sceneText() != before {
                    announce(ChangeAnnouncement.between(beforeDocument, sceneDocument()))
                    if !joins { history.record(.document(before), limits: limits) }
                    history.lastKey = key
                }
            }
            return try body()
        }
    }

    /// Keeps `changes` (a `ChangeAnnouncement`) for the answer of the message being received, and sends
    /// it to the followers as a `changes` event; an edit that added or removed views, constraints or
    /// guides sends them the whole `scene` at the turn's end instead (`endTurn`).
    private func announce(_ changes: [String: Any]) {
        turnChanges = changes
        if !structureChanged {
            sharing?.forward(.message(["type": "changes", "changes": changes, "re": NSNull()], .event))
        }
    }

    /// Tells the recorder of the edit being run (if any, and if it runs on the live scene) that view `id`
    /// is about to change (`ChangeRecorder.willChange(view:)`).
    func willChange(view id: String) {
        guard let changeRecorder, changeRecorder.scene === scene else { return }
        changeRecorder.willChange(view: id)
    }

    /// As `willChange(view:)`, for constraint `id`; `removing` when it is about to be taken out.
    func willChange(constraint id: String, removing: Bool = false) {
        guard let changeRecorder, changeRecorder.scene === scene else { return }
        changeRecorder.willChange(constraint: id, removing: removing)
    }

    /// As `willChange(view:)`, for a constraint the edit just added.
    func added(constraint id: String) {
        guard let changeRecorder, changeRecorder.scene === scene else { return }
        changeRecorder.added(constraint: id)
    }

    /// As `willChange(view:)`, for the custom layout guides.
    func willChangeGuides() {
        guard let changeRecorder, changeRecorder.scene === scene else { return }
        changeRecorder.willChangeGuides()
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
    /// - Complexity: O(views + constraints): the document is written and the scene rebuilt from it.
    func undo() throws -> [String: Any] {
        guard let step = history.popUndo() else {
            throw ProtocolError("nothing-to-undo", "no edit to undo since the scene was loaded")
        }
        let (document, back) = try restoring(step)
        history.pushRedo(back, limits: limits)
        return try restore(document)
    }

    /// `{"type":"redo"}`: the edit the last `undo` took back. Answers as `undo`.
    /// - Throws: `nothing-to-redo` when nothing was undone since the last edit.
    /// - Complexity: as `undo`.
    func redo() throws -> [String: Any] {
        guard let step = history.popRedo() else {
            throw ProtocolError("nothing-to-redo", "no undone edit to redo")
        }
        let (document, back) = try restoring(step)
        history.pushUndo(back, limits: limits)
        return try restore(document)
    }

    /// `answer` with `"undo"` and `"redo"`: the steps left each way (`scene`, `undo` and `redo` answers
    /// carry them so a page can enable its buttons).
    func historyCounted(_ answer: [String: Any]) -> [String: Any] {
        answer.merging(["undo": history.undoStack.count, "redo": history.redoStack.count]) { $1 }
    }

    /// The document `step` gives back, and the step that takes the scene from there to where it is now.
    private func restoring(_ step: UndoStep) throws -> (document: [String: Any], back: UndoStep) {
        switch step {
        case .document(let text):
            return (try Fields.decode(text).raw, .document(sceneText()))
        case .change(let change):
            let current = sceneDocument()
            return (try change.applied(to: current), .change(change.inverse(in: current)))
        }
    }

    private func restore(_ document: [String: Any]) throws -> [String: Any] {
        let restored = try SceneReader.scene(from: Fields(document), time: scene.engine.time, limits: limits)
        // Stepping back still rebuilds from the scene as it was loaded, not from an undo step.
        restored.stepSource = scene.stepSource
        replaceScene(with: restored)
        return historyCounted(["type": "scene", "scene": sceneDocument()])
    }
}
