import Foundation

/// What an edit changed in the scene's document, as its answer (`ok`) and a shared session's followers
/// (the `changes` event) are told it (docs/PROTOCOL.md, "Changes"), so a page keeps its copy of the
/// document without asking for the whole `scene`:
///
/// `{"views":[entry…], "constraints":[entry…], "removed":{"views":[id…],"constraints":[id…]},
///   "viewOrder":[id…], "constraintOrder":[id…], "root":{…}, "guides":[…]}`
///
/// Entries are the document's own (`SceneWriter`), for each view and constraint the edit changed or
/// added; `removed` only when some went, the orders only when entries were added or removed (the ids
/// of the whole list, in document order), `root` and `guides` only when they changed.
enum ChangeAnnouncement {
    /// The announcement of `change` (what `ChangeRecorder.finish()` gave), read from `scene` as the edit
    /// left it; `viewOrder` and `constraintOrder` are the session's encoded orders, extended here when an
    /// order is sent.
    /// - Complexity: O(entries changed), plus for the view order O(1) after a view added at the end
    ///   (else O(views)), and for the constraint order O(constraints) pointer comparisons; each order the
    ///   encoding of the ids added since it was last sent and a copy of its bytes.
    static func of(_ change: SceneChange, in scene: Scene, viewOrder: inout ViewOrderText,
                   constraintOrder: inout ConstraintOrderText) -> [String: Any] {
        let engine = scene.engine
        var views: [[String: Any]] = []
        var removedViews: [String] = []
        var viewsMoved = false
        for (id, before) in change.views.sorted(by: { $0.key < $1.key }) {
            if let view = engine.view(id) {
                views.append(SceneWriter.view(of: view, in: scene))
                viewsMoved = viewsMoved || before.text == nil
            } else {
                removedViews.append(id)
            }
        }
        var constraints: [[String: Any]] = []
        var removedConstraints: [String] = []
        var constraintsMoved = false
        for (id, before) in change.constraints.sorted(by: { $0.key < $1.key }) {
            if let constraint = engine.constraint(id) {
                constraints.append(SceneWriter.constraint(constraint, ibId: scene.constraintIBIds[id]))
                constraintsMoved = constraintsMoved || before.text == nil || before.predecessor != nil
            } else {
                removedConstraints.append(id)
            }
        }
        var result: [String: Any] = ["views": views, "constraints": constraints]
        if !removedViews.isEmpty || !removedConstraints.isEmpty {
            result["removed"] = ["views": removedViews, "constraints": removedConstraints]
        }
        if viewsMoved || !removedViews.isEmpty {
            result["viewOrder"] = viewOrder.text(of: engine)
        }
        if constraintsMoved || !removedConstraints.isEmpty {
            result["constraintOrder"] = constraintOrder.text(of: engine.constraints)
        }
        if change.root != nil { result["root"] = SceneWriter.root(of: scene) }
        if change.guides != nil { result["guides"] = SceneWriter.guides(of: scene) }
        return result
    }

    /// The announcement of what differs from document `before` to document `after` (both written by
    /// `SceneWriter`): for an edit that keeps whole documents for its undo step.
    /// - Complexity: O(entries of both documents).
    static func between(_ before: [String: Any], _ after: [String: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        var removed: [String: Any] = [:]
        for (key, orderKey) in [("views", "viewOrder"), ("constraints", "constraintOrder")] {
            let old = before[key] as? [[String: Any]] ?? []
            let new = after[key] as? [[String: Any]] ?? []
            var oldByID: [String: [String: Any]] = [:]
            for entry in old { if let id = entry["id"] as? String { oldByID[id] = entry } }
            let newIDs = new.compactMap { $0["id"] as? String }
            result[key] = new.filter { entry in
                guard let id = entry["id"] as? String, let previous = oldByID[id] else { return true }
                return !NSDictionary(dictionary: previous).isEqual(to: entry)
            }
            let gone = Set(oldByID.keys).subtracting(newIDs)
            if !gone.isEmpty { removed[key] = gone.sorted() }
            if old.compactMap({ $0["id"] as? String }) != newIDs { result[orderKey] = newIDs }
        }
        if !removed.isEmpty { result["removed"] = removed }
        for key in ["root", "guides"] {
            let old: [Any] = before[key].map { [$0] } ?? []
            let new: [Any] = after[key].map { [$0] } ?? []
            if !NSArray(array: old).isEqual(to: new) { result[key] = after[key] ?? [Any]() }
        }
        return result
    }
}
