import Cassowary

/// `systemLayoutSizeFitting`: the size a view's constraints and its subviews' give it on their own, as
/// `UIView.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` (Apple,
/// "systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)"), the call
/// self-sizing table and collection view cells are measured with.
///
/// The view is measured in isolation, as a cell being sized is: constraints that tie the view or its
/// descendants to views outside its subtree are left out, and so are the engine's pins of the view's
/// own frame (the root's `UIView-Encapsulated-Layout-*` size, autoresizing-mask constants). The size
/// then asks for `width == targetSize.width` at the horizontal fitting priority and `height ==
/// targetSize.height` at the vertical one, wrapping labels are wrapped at the widths that gives them
/// (UIKit's two passes), and the engine is put back as it was: no frame, constraint or text changes.
extension LayoutEngine {
    /// `UIView.layoutFittingCompressedSize`: the smallest size the constraints allow.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// `UIView.layoutFittingExpandedSize`: the largest size the constraints allow (UIKit's constant is
    /// 10 000 000 points on each axis).
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)
    /// `UILayoutPriority.fittingSizeLevel`: 50, the priority `systemLayoutSizeFitting(_:)` uses on
    /// both axes, below hugging (250) and compression resistance (750).
    public static let fittingSizeLevel = 50.0

    /// The size (points, the frame's: alignment rectangle plus `alignmentRectInsets`, rounded to
    /// pixels) that fits `view`'s constraints closest to `targetSize` with the given priorities.
    /// `systemLayoutSizeFitting(_:)` is this with `fittingSizeLevel` on both axes. A required (1000)
    /// priority that conflicts with the view's own required constraints is dropped: they win.
    /// - Parameters:
    ///   - targetSize: points, each component finite and in 0…1e7.
    ///   - horizontalFittingPriority, verticalFittingPriority: in (0, 1000].
    /// - Throws: `invalidValue` for a bad target size, `invalidPriority` for a bad priority.
    public func systemLayoutSizeFitting(_ targetSize: Size, of view: View,
                                        horizontalFittingPriority: Double = LayoutEngine.fittingSizeLevel,
                                        verticalFittingPriority: Double = LayoutEngine.fittingSizeLevel) throws -> Size {
        for value in [targetSize.width, targetSize.height] where !(value.isFinite && value >= 0 && value <= 1e7) {
            throw LayoutError.invalidValue("a target size is finite and in 0…1e7 points")
        }
        for priority in [horizontalFittingPriority, verticalFittingPriority]
        where !(priority.isFinite && priority > 0 && priority <= LayoutConstraint.required) {
            throw LayoutError.invalidPriority(priority)
        }
        updateStackViews()
        let subtree = Set(([view] + view.descendants).map(ObjectIdentifier.init))
        let suspended = (orderedConstraints + engineConstraints.all).filter { constraint in
            constraint.installed != nil && isOutsideTie(constraint, of: view, subtree: subtree)
        }
        // Wrapping labels are re-wrapped at their fitting widths; each is measured again afterwards at the
        // width it had, which gives back its lines, intrinsic size and baselines.
        var wrapped: [(View, Double?)] = []
        if hasHadTextViews {
            root.forEachDescendant { label in
                if label.textContent?.wraps == true { wrapped.append((label, label.textState.wrapWidth)) }
            }
        }
        let hadBroken = mayHaveBrokenConstraints
        for constraint in suspended { uninstall(constraint) }
        let targets = [
            fittingConstraint(view, .width, targetSize.width, horizontalFittingPriority),
            fittingConstraint(view, .height, targetSize.height, verticalFittingPriority),
        ]
        for target in targets { install(target, reportConflict: false) }
        solver.updateVariables()
        if hasHadTextViews { wrapTextAtLaidOutWidths() }
        let vars = view.variables
        let insets = view.alignmentRectInsets
        let size = Rect(x: 0, y: 0, width: solver.value(of: vars.width) + insets.left + insets.right,
                        height: solver.value(of: vars.height) + insets.top + insets.bottom)
            .roundedToPixels(scale: scale).size

        for target in targets { uninstall(target) }
        for (label, width) in wrapped { measureText(of: label, wrappingAt: width) }
        for constraint in suspended { install(constraint) }
        mayHaveBrokenConstraints = hadBroken || orderedConstraints.contains { $0.isBroken }
        solver.updateVariables()
        return size
    }

    /// Whether `constraint` ties the subtree of `view` to the outside: one item inside and one outside,
    /// or an engine pin of `view`'s own frame to a number (root size, autoresizing mask).
    private func isOutsideTie(_ constraint: LayoutConstraint, of view: View, subtree: Set<ObjectIdentifier>) -> Bool {
        func inside(_ item: LayoutItem) -> Bool {
            guard let owner = (item as? View) ?? (item as? LayoutGuide)?.owningView else { return false }
            return subtree.contains(ObjectIdentifier(owner))
        }
        guard let second = constraint.secondItem else {
            return constraint.isInternal && constraint.firstItem === view && constraint.relation == .equal
                && constraint.viewConstraintKind?.isContentSize != true
        }
        return inside(constraint.firstItem) != inside(second)
    }

    /// `view.attribute == constant` at `priority`, owned by the engine for one measurement.
    private func fittingConstraint(_ view: View, _ attribute: LayoutAttribute, _ constant: Double,
                                   _ priority: Double) -> LayoutConstraint {
        let constraint = LayoutConstraint(identifier: "UIView-Fitting-\(view.identifier)-\(attribute.rawValue)",
                                          item: view, attribute: attribute, constant: constant, priority: priority)
        constraint.isInternal = true
        return constraint
    }
}
