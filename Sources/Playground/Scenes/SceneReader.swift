import Foundation
import AutoLayout

/// Builds scenes and their parts from protocol JSON (docs/PROTOCOL.md, "Scene documents"), validating
/// every field. Shared by `load` and by `add`, so a view or constraint means the same in both.
enum SceneReader {
    /// Per-session caps, announced in `hello.limits`.
    typealias Limits = SessionLimits

    /// Builds a scene from a scene document: `sceneSpec(_:)`, then `scene(from:time:limits:)` of the spec.
    /// - Throws: `ProtocolError` naming the first bad field; nothing is built then.
    static func scene(from document: Fields, time: Double, limits: Limits) throws -> Scene {
        try scene(from: try sceneSpec(document), time: time, limits: limits)
    }

    /// Builds a scene from its spec: the root, the views, the stacks and hidden flags once every view
    /// exists, the guides, the constraints (those saved as broken last), then one layout pass.
    /// - Throws: `ProtocolError`: `invalid-field` for a root size, safe area or scale out of range,
    ///   the limits (`too-many-views`, `too-many-constraints`, label length, coordinates) and the
    ///   engine's codes; nothing is built then.
    static func scene(from spec: SceneSpec, time: Double, limits: Limits) throws -> Scene {
        let root = spec.root
        guard [root.size.width, root.size.height].allSatisfy({ $0 > 0 && $0 <= 10_000 }) else {
            throw ProtocolError.invalid("root.size", "two sizes in (0, 10000] points")
        }
        guard root.safeArea.components.allSatisfy({ $0 >= 0 && $0 <= 10_000 }) else {
            throw ProtocolError.invalid("root.safeArea", "four insets ≥ 0 as [top, left, bottom, right]")
        }
        guard [1, 2, 3].contains(root.scale) else { throw ProtocolError.invalid("root.scale", "1, 2 or 3") }
        let engine = LayoutEngine(size: root.size, safeArea: root.safeArea, scale: root.scale, time: time)
        let scene = Scene(name: spec.name, title: spec.title, summary: spec.summary, engine: engine)
        // The root's own margins, written by `scene` so that they survive a reload.
        if let margins = root.layoutMargins {
            do {
                try engine.setLayoutMargins(margins, of: engine.root)
            } catch let error as LayoutError {
                throw ProtocolError(error)
            }
        }
        if let insets = root.insetsLayoutMarginsFromSafeArea {
            engine.setInsetsLayoutMarginsFromSafeArea(insets, of: engine.root)
        }
        scene.device = root.device?.name
        scene.screen = root.screen ?? (root.device != nil || root.safeArea != EdgeInsets())
        scene.orientation = root.orientation
        for view in spec.views {
            try addView(view, to: scene, limits: limits, applyingStack: false)
        }
        for view in spec.views where view.stack != nil || view.hidden != nil {
            try StackFields.apply(stack: view.stack, hidden: view.hidden, to: view.id, in: scene)
        }
        for guide in spec.guides {
            try addGuide(guide, to: scene)
        }
        // Constraints saved as broken go in last, so the same ones break again: a reloaded or shared
        // scene keeps its state (the newest change is what breaks).
        // Nothing is removed while the document's constraints go in, so the search for a free `cN`
        // goes on from where the last one stopped.
        var unnamedFrom = 1
        for constraint in spec.constraints where !constraint.broken {
            try addConstraint(constraint, to: scene, limits: limits, unnamedFrom: &unnamedFrom)
        }
        for constraint in spec.constraints where constraint.broken {
            try addConstraint(constraint, to: scene, limits: limits, unnamedFrom: &unnamedFrom)
        }
        scene.actions = spec.actions
        scene.keyboardHandlers = spec.keyboardHandlers
        scene.steps = spec.steps
        scene.stepSource = spec.stepSource
        engine.layoutIfNeeded()
        // The scene is done growing until its next edit: what doubling left spare goes back.
        engine.fitCapacities()
        return scene
    }

    /// Adds one view described by JSON fields (`viewSpec(_:)`), as `add` does.
    static func addView(_ fields: Fields, to scene: Scene, limits: Limits) throws {
        try addView(try viewSpec(fields), to: scene, limits: limits)
    }

    /// Adds one view. A scene document applies `stack` and `hidden` once all its views exist
    /// (`applyingStack` false).
    /// - Throws: `too-many-views`, `invalid-field` (label over 200 characters or color over 64, `ibId`
    ///   or `outlet` over 64, text over 10000), `invalid-value` (a coordinate of 1e9 or more), and the
    ///   engine's codes; a view refused after it went in is removed again.
    static func addView(_ spec: ViewSpec, to scene: Scene, limits: Limits, applyingStack: Bool = true) throws {
        let engine = scene.engine
        guard engine.viewCount < limits.maxViews else {
            throw ProtocolError("too-many-views", "a scene holds at most \(limits.maxViews) views")
        }
        let id = spec.id
        let label = spec.label
        let color = spec.color ?? Scene.palette[engine.viewCount % Scene.palette.count]
        // Byte counts first: a character is at least one byte, so within the byte limit is within
        // the character limit without counting characters.
        guard label.utf8.count <= 200 || label.count <= 200, color.utf8.count <= 64 || color.count <= 64 else {
            throw ProtocolError.invalid("label", "at most 200 characters (color at most 64)")
        }
        _ = try SessionLimits.coordinates(spec.frame?.components, "frame")
        _ = try SessionLimits.coordinates(spec.transform.map { [$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty] }, "transform")
        _ = try SessionLimits.coordinates(spec.alignmentRectInsets?.components, "alignmentRectInsets")
        let ibId = try checkedIBId(spec.ibId)
        guard (spec.outlet?.count ?? 0) <= 64 else { throw ProtocolError.invalid("outlet", "a string of at most 64 characters") }
        if let text = spec.text { try TextFields.checkLimits(text) }
        let view: View
        do {
            view = try engine.addView(id, parent: spec.parent)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
        do {
            if let alpha = spec.alpha { try engine.setAlpha(alpha, of: view) }
            // Priorities before the size: the content size constraints are then installed once.
            if let hugging = spec.contentHugging { try engine.setContentHugging(hugging, of: view) }
            if let resistance = spec.compressionResistance { try engine.setCompressionResistance(resistance, of: view) }
            if let intrinsic = spec.intrinsicSize { try engine.setIntrinsicContentSize(intrinsic, of: view) }
            if let rect = spec.frame {
                try engine.setBounds(Rect(origin: .zero, size: rect.size), of: view)
                try engine.setCenter(Point(x: rect.midX, y: rect.midY), of: view)
            }
            if let transform = spec.transform { try engine.setTransform(transform, of: view) }
            if let mask = spec.autoresizingMask { engine.setAutoresizingMask(mask, of: view) }
            engine.setTranslatesAutoresizingMaskIntoConstraints(spec.translatesAutoresizingMaskIntoConstraints, of: view)
            if let margins = spec.layoutMargins { try engine.setLayoutMargins(margins, of: view) }
            if let insets = spec.alignmentRectInsets { try engine.setAlignmentRectInsets(insets, of: view) }
        } catch let error as LayoutError {
            try? engine.removeView(id)
            throw ProtocolError(error)
        }
        scene.appearance[id] = ViewAppearance(label: label, color: color, ibId: ibId, outlet: spec.outlet,
                                             control: spec.control)
        try TextFields.apply(spec.text, to: id, in: scene, removingOnFailure: true)
        if let scroll = spec.scroll { try ScrollFields.apply(scroll, to: id, in: scene, removingOnFailure: true) }
        if applyingStack, spec.stack != nil || spec.hidden != nil {
            try StackFields.apply(stack: spec.stack, hidden: spec.hidden, to: id, in: scene, removingOnFailure: true)
        }
    }

    /// Takes view `id` out of the scene again, with its appearance: a view just added whose other
    /// fields (text, scroll, stack) were then refused.
    static func forgetView(_ id: String, in scene: Scene) {
        try? scene.engine.removeView(id)
        scene.appearance[id] = nil
    }

    /// Adds one constraint described by JSON fields (`constraintSpec(_:)`), as `add` does. Without an
    /// `id` one is made (`c1`, `c2`, …).
    @discardableResult
    static func addConstraint(_ fields: Fields, to scene: Scene, limits: Limits) throws -> LayoutConstraint {
        var unnamedFrom = 1
        return try addConstraint(try constraintSpec(fields), to: scene, limits: limits, unnamedFrom: &unnamedFrom)
    }

    /// Adds one constraint; without an `id` one is made (`c1`, `c2`, …).
    @discardableResult
    static func addConstraint(_ spec: ConstraintSpec, to scene: Scene, limits: Limits) throws -> LayoutConstraint {
        var unnamedFrom = 1
        return try addConstraint(spec, to: scene, limits: limits, unnamedFrom: &unnamedFrom)
    }

    /// `addConstraint(_:to:limits:)` for one of a run of constraints added with nothing removed
    /// between them (a scene document's): a made id is searched for from `c<unnamedFrom>` on
    /// (`uniqueID(in:from:)`), every id below it being taken.
    /// - Throws: `too-many-constraints`, `unknown-item`, `invalid-field` (`ibId` over 64 characters),
    ///   the equation parser's codes, and the engine's (`invalid-pairing`, …).
    @discardableResult
    static func addConstraint(_ spec: ConstraintSpec, to scene: Scene, limits: Limits,
                              unnamedFrom: inout Int) throws -> LayoutConstraint {
        let engine = scene.engine
        guard engine.constraints.count < limits.maxConstraints else {
            throw ProtocolError("too-many-constraints", "a scene holds at most \(limits.maxConstraints) constraints")
        }
        guard case let .anchors(first, relation, second, multiplier, constant, priority) = spec.form else {
            return try addEquationConstraint(spec, to: scene, unnamedFrom: &unnamedFrom)
        }
        let firstItem = try item(first.item, in: engine)
        let secondItem = try second.map { try item($0.item, in: engine) }
        let id = spec.id ?? uniqueID(in: engine, from: &unnamedFrom)
        let ibId = try checkedIBId(spec.ibId)
        let constraint = LayoutConstraint(
            identifier: id, item: firstItem, attribute: first.attribute, relatedBy: relation,
            toItem: secondItem, attribute: second?.attribute, multiplier: multiplier,
            constant: constant, priority: priority, isActive: spec.isActive)
        do {
            try engine.add(constraint)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
        scene.constraintIBIds[id] = ibId
        return constraint
    }

    /// Adds a custom layout guide described by JSON fields (`guideSpec(_:)`).
    static func addGuide(_ fields: Fields, to scene: Scene) throws {
        try addGuide(try guideSpec(fields), to: scene)
    }

    /// Adds a custom layout guide, addressed as `"owner.id"`.
    /// - Throws: `unknown-view` for the owner, and the engine's codes.
    static func addGuide(_ spec: GuideSpec, to scene: Scene) throws {
        guard let owner = scene.engine.view(spec.owner) else { throw ProtocolError(.unknownView(spec.owner)) }
        do {
            try scene.engine.addLayoutGuide(spec.id, to: owner)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
    }

    /// Removes a custom layout guide named `"owner.id"`.
    static func removeGuide(_ name: String, from scene: Scene) throws {
        let parts = name.split(separator: ".").map(String.init)
        guard parts.count == 2, let owner = scene.engine.view(parts[0]) else {
            throw ProtocolError(.unknownItem(name))
        }
        do {
            try scene.engine.removeLayoutGuide(parts[1], from: owner)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
    }

    /// Checks `ibId`, the Interface Builder object id an imported view or constraint came from: at
    /// most 64 characters.
    /// - Throws: `invalid-field` for a longer one.
    static func checkedIBId(_ ibId: String?) throws -> String? {
        guard let ibId else { return nil }
        guard ibId.utf8.count <= 64 || ibId.count <= 64 else { throw ProtocolError.invalid("ibId", "a string of at most 64 characters") }
        return ibId
    }

    /// The view or layout guide named `name`.
    /// - Throws: `unknown-item`.
    static func item(_ name: String, in engine: LayoutEngine) throws -> LayoutItem {
        guard let item = engine.item(spelled: name) else { throw ProtocolError(.unknownItem(name)) }
        return item
    }

    /// The first free id of the form `c1`, `c2`, ….
    static func uniqueID(in engine: LayoutEngine) -> String {
        var start = 1
        return uniqueID(in: engine, from: &start)
    }

    /// The first free id of the form `c1`, `c2`, … when every id below `c<start>` is known to be
    /// taken; `start` is left at the id made, where the next search of the same run begins. Counting
    /// from `c1` for each of a document's n unnamed constraints cost n²/2 lookups (900 of them: 400 M
    /// instructions).
    static func uniqueID(in engine: LayoutEngine, from start: inout Int) -> String {
        while engine.constraint("c\(start)") != nil { start += 1 }
        return "c\(start)"
    }
}
