import AutoLayout

/// Collects what one edit changes, while it runs, as the `SceneChange` that takes it back: the edit's
/// handlers tell it each view, constraint, root or guide list they are about to change
/// (`Session+Undo.swift`), and it keeps that item's document entry from before the first change.
///
/// An edit also changes entries it does not name: a layout pass may break or heal any constraint
/// (`broken`), and move the views whose entries hold layout results (a view translating its
/// autoresizing mask keeps its `frame`, a scroll view its content size, a wrapping label its
/// intrinsic size). The recorder reads those few entries when it starts and compares them when it
/// finishes, so no other part of the document is written.
///
/// - Complexity: starting is O(views that hold layout results) (`LayoutEngine.holdsLayoutResults`,
///   kept apart by the engine), plus O(constraints) when the engine holds a broken constraint; each
///   item noted costs the writing of its own entry.
final class ChangeRecorder {
    /// The scene the edit runs on: a change noted against another (a scratch copy) is ignored.
    let scene: Scene
    private var change = SceneChange()
    /// Views whose entries hold layout results, with their entries before the edit.
    private let layoutViews: [String: String]
    /// The constraints broken before the edit, with their entries then.
    private let broken: [String: String]
    /// Whether an animation was running when the edit began (`Session.rollBack`).
    let wasAnimating: Bool

    init(scene: Scene) {
        self.scene = scene
        var layoutViews: [String: String] = [:]
        // The engine keeps these views apart: a scene is built by thousands of edits, each of which
        // would otherwise walk every view to find the few.
        scene.engine.forEachViewHoldingLayoutResults { view in
            layoutViews[view.identifier] = Session.encode(SceneWriter.view(of: view, in: scene))
        }
        self.layoutViews = layoutViews
        var broken: [String: String] = [:]
        for constraint in scene.engine.brokenConstraints {
            broken[constraint.identifier] = Self.entry(of: constraint, in: scene)
        }
        self.broken = broken
        wasAnimating = scene.engine.isAnimating
    }

    /// Notes that view `id` (or the root, whose entry is the document's `root`) is about to change.
    func willChange(view id: String) {
        let engine = scene.engine
        if id == engine.root.identifier {
            if change.root == nil { change.root = Session.encode(SceneWriter.root(of: scene)) }
            return
        }
        guard change.views[id] == nil else { return }
        let text = engine.view(id).map { Session.encode(SceneWriter.view(of: $0, in: scene)) }
        change.views[id] = SceneItemState(text: text, predecessor: nil)
    }

    /// Notes that constraint `id` is about to change; `removing`: it is about to be taken out, so the
    /// entry it follows is kept too, to put it back in its place.
    func willChange(constraint id: String, removing: Bool = false) {
        let engine = scene.engine
        if change.constraints[id] == nil {
            change.constraints[id] = SceneItemState(text: engine.constraint(id).map { Self.entry(of: $0, in: scene) })
        }
        if removing, change.constraints[id]?.text != nil, change.constraints[id]?.predecessor == nil,
           let index = engine.constraints.firstIndex(where: { $0.identifier == id }) {
            change.constraints[id]?.predecessor = index > 0 ? engine.constraints[index - 1].identifier : ""
        }
    }

    /// Notes that constraint `id` was just added by the edit: before it, there was none.
    func added(constraint id: String) {
        if change.constraints[id] == nil { change.constraints[id] = SceneItemState(text: nil) }
    }

    /// Notes that the custom layout guides are about to change.
    func willChangeGuides() {
        if change.guides == nil { change.guides = JSONWriter.text(of: SceneWriter.guides(of: scene)) ?? "[]" }
    }

    /// The change that takes the edit back, once it ran and the scene was laid out: the entries noted,
    /// less those that ended as they began, plus the constraints the edit broke or healed and the
    /// views whose layout results it moved. Nil when nothing changed.
    func finish() -> SceneChange? {
        let engine = scene.engine
        var result = SceneChange()
        for (id, state) in change.views {
            let now = engine.view(id).map { Session.encode(SceneWriter.view(of: $0, in: scene)) }
            if now != state.text { result.views[id] = state }
        }
        for (id, state) in change.constraints {
            let now = engine.constraint(id).map { Self.entry(of: $0, in: scene) }
            if now != state.text { result.constraints[id] = state }
        }
        if let root = change.root, Session.encode(SceneWriter.root(of: scene)) != root { result.root = root }
        if let guides = change.guides, (JSONWriter.text(of: SceneWriter.guides(of: scene)) ?? "[]") != guides {
            result.guides = guides
        }
        for (id, before) in layoutViews where change.views[id] == nil {
            if engine.view(id).map({ Session.encode(SceneWriter.view(of: $0, in: scene)) }) != before {
                result.views[id] = SceneItemState(text: before)
            }
        }
        // A constraint broken before and not now, or the other way round, that the edit did not name.
        var flipped = broken.filter { change.constraints[$0.key] == nil && engine.constraint($0.key)?.isBroken != true }
        for constraint in engine.brokenConstraints where broken[constraint.identifier] == nil
            && change.constraints[constraint.identifier] == nil {
            var entry = SceneWriter.constraint(constraint, ibId: scene.constraintIBIds[constraint.identifier])
            entry["broken"] = false
            flipped[constraint.identifier] = Session.encode(entry)
        }
        for (id, before) in flipped { result.constraints[id] = SceneItemState(text: before) }
        return result.isEmpty ? nil : result
    }

    private static func entry(of constraint: LayoutConstraint, in scene: Scene) -> String {
        Session.encode(SceneWriter.constraint(constraint, ibId: scene.constraintIBIds[constraint.identifier]))
    }
}
