import AutoLayout

/// One side of a constraint, `"picker.top"` or `"root.safeArea.top"` already split: the item's name
/// (a view id, `owner.guide`, or `root.safeArea`) and the layout attribute. The item is resolved
/// against the engine only when the constraint is built.
struct AnchorSpec: Sendable, Equatable {
    /// A view id or a layout guide's `owner.id` name.
    var item: String
    var attribute: LayoutAttribute
}
