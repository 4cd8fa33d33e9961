/// Ambiguous scrollable content size: Interface Builder's "Scrollable Content Size Ambiguity", when
/// the constraints on a scroll view's `contentLayoutGuide` leave its width or height undetermined, so
/// `contentSize` along that axis is not fixed (Apple, "Working with Scroll Views" in the Auto Layout
/// Guide: the content's size must be defined by the constraints to the content layout guide).
extension LayoutEngine {
    /// The axes along which the content size of scroll view `view` is ambiguous: `horizontal` when the
    /// content guide's width can move without making any constraint less satisfied, `vertical` for its
    /// height. Empty for a view that is not a scroll view, and for one whose content guide no
    /// constraint mentions (its content size is then 0 by definition, as an unset `contentSize`).
    public func ambiguousContentSizeAxes(of view: View) -> Set<LayoutAttribute.Axis> {
        guard view.scrollView != nil, let guide = view.layoutGuides["content"],
              orderedConstraints.contains(where: { $0.isActive && ($0.firstItem === guide || $0.secondItem === guide) })
        else { return [] }
        return withoutExerciseStays {
            var axes: Set<LayoutAttribute.Axis> = []
            if isFree(guide.variables.width) { axes.insert(.horizontal) }
            if isFree(guide.variables.height) { axes.insert(.vertical) }
            return axes
        }
    }

    /// Every scroll view whose content size is ambiguous, parents first, with the axes
    /// (`ambiguousContentSizeAxes(of:)`).
    public func scrollViewsWithAmbiguousContentSize() -> [(view: View, axes: Set<LayoutAttribute.Axis>)] {
        views.compactMap { view in
            guard view.scrollView != nil else { return nil }
            let axes = ambiguousContentSizeAxes(of: view)
            return axes.isEmpty ? nil : (view, axes)
        }
    }

    /// Xcode's wording for an ambiguous content size: `Scrollable content size is ambiguous for
    /// "form"`, then which of the content width and height the constraints on `form.content` leave
    /// undetermined.
    public static func scrollableContentSizeMessage(for view: View, axes: Set<LayoutAttribute.Axis>) -> String {
        let sizes = [(LayoutAttribute.Axis.horizontal, "width"), (.vertical, "height")]
            .filter { axes.contains($0.0) }.map(\.1).joined(separator: " and ")
        return "Scrollable content size is ambiguous for \"\(view.identifier)\": content \(sizes) "
            + "not determined by the constraints on \(view.identifier).content"
    }
}
