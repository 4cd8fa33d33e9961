/// `translatesAutoresizingMaskIntoConstraints`: the frame becomes required constraints that make it
/// follow the superview's size as the autoresizing mask says.
///
/// Per axis, with the superview extent S₀, origin p₀ and size s₀ when the frame was set, and the
/// trailing margin m₀ = S₀ − p₀ − s₀, the flexible parts share the change of S in proportion to their
/// values at S₀ (the springs-and-struts rule). Each part is linear in S, so it is written as
/// `view.leading == superview.trailing × k + c` and `view.width == superview.width × k + c` in the
/// superview's bounds space, where its trailing edge is S. UIKit names these constraints
/// `NSAutoresizingMaskLayoutConstraint`.
extension LayoutEngine {
    /// Turns autoresizing-mask translation on or off, as `translatesAutoresizingMaskIntoConstraints`.
    /// On, explicit constraints that disagree with the frame conflict, as on a device.
    public func setTranslatesAutoresizingMaskIntoConstraints(_ on: Bool, of view: View) {
        guard view !== root else { return }
        // Off and staying off: a view that does not translate has no mask constraints to remove and
        // has its size rules already (every view of a loaded document comes through here).
        guard on || view.translatesAutoresizingMaskIntoConstraints else { return }
        view.translatesAutoresizingMaskIntoConstraints = on
        if on { layoutResultCandidates.insert(view.identifier) }
        updateAutoresizingConstraints(of: view)
        // After: the frame the mask pins is never negative, so neither order of the two conflicts.
        updateNonNegativeSize(of: view)
    }

    /// Sets the autoresizing mask, as `autoresizingMask`.
    public func setAutoresizingMask(_ mask: AutoresizingMask, of view: View) {
        view.autoresizingMask = mask
        updateAutoresizingConstraints(of: view)
    }

    func updateAutoresizingConstraints(of view: View) {
        // Known by the view's slot and their kind, named `NSAutoresizingMaskLayoutConstraint-<id>-minX`
        // (`…-width`, `…-minY`, `…-height`) only when asked.
        guard view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview else {
            for kind in [ViewConstraintKind.autoresizingMinX, .autoresizingWidth, .autoresizingMinY, .autoresizingHeight] {
                uninstallInternal(.view(slot: view.slot, kind))
            }
            return
        }
        let mask = view.autoresizingMask
        let frame = view.frame, container = superview.frame.size
        let horizontal = Self.axisRule(origin: frame.minX, size: frame.width, extent: container.width,
                                       flexibleLeading: mask.contains(.flexibleLeftMargin),
                                       flexibleSize: mask.contains(.flexibleWidth),
                                       flexibleTrailing: mask.contains(.flexibleRightMargin))
        let vertical = Self.axisRule(origin: frame.minY, size: frame.height, extent: container.height,
                                     flexibleLeading: mask.contains(.flexibleTopMargin),
                                     flexibleSize: mask.contains(.flexibleHeight),
                                     flexibleTrailing: mask.contains(.flexibleBottomMargin))
        let pins: [(ViewConstraintKind, LayoutAttribute, LayoutAttribute, (Double, Double))] = [
            (.autoresizingMinX, .left, .right, horizontal.origin), (.autoresizingWidth, .width, .width, horizontal.size),
            (.autoresizingMinY, .top, .bottom, vertical.origin), (.autoresizingHeight, .height, .height, vertical.size),
        ]
        for (kind, attribute, superviewAttribute, (factor, constant)) in pins {
            if factor != 0 {
                pinInternal(kind, of: view, attribute, to: superview, attribute: superviewAttribute,
                            multiplier: factor, constant: constant)
            } else if attribute.kind == .dimension {
                pinInternal(kind, of: view, attribute, constant: constant)
            } else {
                // A fixed offset from the superview's leading edge, which is 0 in its bounds space.
                pinInternal(kind, of: view, attribute, to: superview, constant: constant)
            }
        }
    }

    /// (k, c) pairs giving origin = k·S + c and size = k·S + c on one axis.
    static func axisRule(origin: Double, size: Double, extent: Double, flexibleLeading: Bool,
                         flexibleSize: Bool, flexibleTrailing: Bool)
        -> (origin: (Double, Double), size: (Double, Double))
    {
        let trailing = extent - origin - size
        let parts = [(flexibleLeading, origin), (flexibleSize, size), (flexibleTrailing, trailing)]
        let flexibleTotal = parts.filter(\.0).map(\.1).reduce(0, +)
        // Each flexible part p grows by (S − S₀)·p / Σflexible; with no flexible part nothing moves.
        func share(_ flexible: Bool, _ value: Double) -> (Double, Double) {
            guard flexible, flexibleTotal > 0 else { return (0, value) }
            let k = value / flexibleTotal
            return (k, value - k * extent)
        }
        let leading = share(flexibleLeading, origin)
        let sizeRule = share(flexibleSize, size)
        return (leading, sizeRule)
    }
}
