import AutoLayout

/// One constraint of a scene, typed (docs/PROTOCOL.md, "Scene documents"): either two anchors with a
/// relation, multiplier, constant and priority, or an `equation` the engine parses. Made by
/// `SceneReader.constraintSpec(_:)` from JSON or directly by the importer; built by
/// `SceneReader.addConstraint(_:to:limits:)`.
struct ConstraintSpec: Sendable {
    /// The two forms a constraint is written in.
    enum Form: Sendable {
        /// `first relation second × multiplier + constant`; no `second` for a constant width or height.
        case anchors(first: AnchorSpec, relation: LayoutRelation, second: AnchorSpec?, multiplier: Double,
                     constant: Double, priority: Double)
        /// `"picker.top == root.top + 400 @750"` (at most 1000 characters), parsed by the engine.
        case equation(String)
    }

    var form: Form
    /// The identifier; nil makes the first free `c1`, `c2`, … when it is built.
    var id: String?
    var isActive = true
    /// Saved as broken (it lost to a conflict): a document adds its broken constraints last, so the
    /// same ones break again.
    var broken = false
    /// The Interface Builder object id an imported constraint came from (at most 64 characters).
    var ibId: String?

    /// A constraint between two anchors (UIKit's defaults: multiplier 1, constant 0, required).
    static func anchors(_ first: AnchorSpec, _ relation: LayoutRelation = .equal, _ second: AnchorSpec? = nil,
                        multiplier: Double = 1, constant: Double = 0, priority: Double = 1000,
                        id: String? = nil, ibId: String? = nil) -> ConstraintSpec {
        ConstraintSpec(form: .anchors(first: first, relation: relation, second: second, multiplier: multiplier,
                                      constant: constant, priority: priority), id: id, ibId: ibId)
    }
}
