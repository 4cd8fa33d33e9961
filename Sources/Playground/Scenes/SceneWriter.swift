import AutoLayout

/// Writes a scene back as a normalised scene document: every default filled in, current values
/// (constants, priorities, activity, alpha, transform) in place of the loaded ones.
enum SceneWriter {
    static func document(of scene: Scene) -> [String: Any] {
        let engine = scene.engine
        var document: [String: Any] = [
            "name": scene.name,
            "title": scene.title,
            "description": scene.summary,
            "root": self.root(of: scene),
            "views": engine.views.map { view(of: $0, in: scene) },
            "constraints": engine.constraints.map { constraint($0, ibId: scene.constraintIBIds[$0.identifier]) },
            "actions": scene.actions.map { ["name": $0.name, "title": $0.title, "ops": $0.ops] as [String: Any] },
        ]
        if !scene.keyboardHandlers.isEmpty { document["on"] = scene.keyboardHandlers }
        if !scene.steps.isEmpty { document["steps"] = scene.steps.map(\.document) }
        let guides = guides(of: scene)
        if !guides.isEmpty { document["guides"] = guides }
        return document
    }

    /// The document's `root` object: size, safe area, scale, margins, whether it is a screen, and the
    /// device preset if any.
    static func root(of scene: Scene) -> [String: Any] {
        let engine = scene.engine
        let root = engine.root
        var fields: [String: Any] = [
            "size": [root.frame.width, root.frame.height],
            "safeArea": engine.safeAreaInsets.components,
            "scale": engine.scale,
            "layoutMargins": root.layoutMargins.components,
            "insetsLayoutMarginsFromSafeArea": root.insetsLayoutMarginsFromSafeArea,
            "screen": scene.screen,
        ]
        if let device = scene.device {
            fields["device"] = device
            fields["orientation"] = scene.orientation.rawValue
        }
        return fields
    }

    /// The document's `guides`: every custom layout guide, owners in view order, each owner's by id.
    /// - Complexity: O(views + guides).
    static func guides(of scene: Scene) -> [[String: Any]] {
        let engine = scene.engine
        return ([engine.root] + engine.views).flatMap { owner in
            owner.layoutGuides.values.filter { $0.kind == .custom }
                .sorted { $0.identifier < $1.identifier }
                .map { ["id": String($0.identifier.dropFirst(owner.identifier.count + 1)), "owner": owner.identifier] }
        }
    }

    /// One entry of the document's `views`.
    static func view(of view: View, in scene: Scene) -> [String: Any] {
        let appearance = scene.appearance[view.identifier]
        var result: [String: Any] = [
            "id": view.identifier,
            "parent": view.superview?.identifier ?? "root",
            "label": appearance?.label ?? view.identifier,
            "color": appearance?.color ?? Scene.palette[0],
            "alpha": view.alpha,
            "intrinsicSize": [view.intrinsicContentSize.width, view.intrinsicContentSize.height],
            "contentHugging": view.contentHuggingPriority,
            "compressionResistance": view.compressionResistancePriority,
            "translatesAutoresizingMaskIntoConstraints": view.translatesAutoresizingMaskIntoConstraints,
            "layoutMargins": view.layoutMargins.components,
        ]
        if let ibId = appearance?.ibId { result["ibId"] = ibId }
        if let outlet = appearance?.outlet { result["outlet"] = outlet }
        if let control = appearance?.control { result["control"] = control.document }
        if view.alignmentRectInsets != EdgeInsets() { result["alignmentRectInsets"] = view.alignmentRectInsets.components }
        if !view.autoresizingMask.isEmpty { result["autoresizingMask"] = view.autoresizingMask.names }
        result["hidden"] = view.isHidden
        if let stack = StackFields.document(of: view, in: scene.engine) { result["stack"] = stack }
        if view.transform != .identity { result["transform"] = view.transform.components }
        if view.translatesAutoresizingMaskIntoConstraints { result["frame"] = view.frame.components }
        result.merge(TextFields.document(of: view)) { _, text in text }
        if let scroll = ScrollFields.document(of: view, in: scene.engine) {
            result["kind"] = "scroll"
            result["scroll"] = scroll
        }
        return result
    }

    /// One entry of the document's `constraints`.
    static func constraint(_ constraint: LayoutConstraint, ibId: String?) -> [String: Any] {
        var result: [String: Any] = [
            "id": constraint.identifier,
            "first": "\(constraint.firstItem.identifier).\(constraint.firstAttribute.rawValue)",
            "relation": constraint.relation.rawValue,
            "multiplier": constraint.multiplier,
            "constant": constraint.constant,
            "priority": constraint.priority,
            "active": constraint.isActive,
            "broken": constraint.isBroken,
        ]
        if let ibId { result["ibId"] = ibId }
        if let item = constraint.secondItem, let attribute = constraint.secondAttribute {
            result["second"] = "\(item.identifier).\(attribute.rawValue)"
        }
        return result
    }
}
