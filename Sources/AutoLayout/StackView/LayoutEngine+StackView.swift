import Cassowary

/// Stack views and hidden views.
///
/// A view with a `StackView` configuration lays out its arranged subviews with engine constraints named
/// as UIKit names them (see `StackConstraintBuilder`). They are rebuilt whenever the configuration, the
/// arranged views, their `isHidden` or their intrinsic sizes change: at once for changes made here, and
/// in the layout pass's update-constraints phase for the rest (a removed view, a new intrinsic size).
///
/// When a required stack constraint conflicts with the app's constraints, the latest-changed app
/// constraint of the conflicting set is broken, as UIKit does for the classic hidden view with a required height
/// (`UISV-hiding` wins, the height constraint is reported and broken); it heals when the view shows again.
extension LayoutEngine {
    /// Makes `view` a stack view with `stack` (nil: an ordinary view again), as setting `UIStackView`'s
    /// properties and `addArrangedSubview`. Arranged views stop translating their autoresizing masks, as
    /// `addArrangedSubview` does.
    /// - Throws: `unknownView` (an arranged id), `invalidValue` (spacing not finite, an arranged view that is
    ///   not a subview of `view`, or listed twice); nothing changes then.
    public func setStack(_ stack: StackView?, of view: View) throws {
        guard let stack else {
            if let layout = view.stackLayout { removeGenerated(layout) }
            view.stackLayout = nil
            healBrokenConstraints()
            setNeedsLayout()
            return
        }
        guard stack.spacing.isFinite, abs(stack.spacing) < 1e9 else {
            throw LayoutError.invalidValue("stack spacing must be a finite number of points under 1e9")
        }
        var arranged: [View] = []
        for id in stack.arrangedSubviews {
            guard let subview = viewsByID[id] else { throw LayoutError.unknownView(id) }
            guard subview.superview === view else {
                throw LayoutError.invalidValue("arranged view '\(id)' is not a subview of stack view '\(view.identifier)'")
            }
            guard !arranged.contains(where: { $0 === subview }) else {
                throw LayoutError.invalidValue("arranged view '\(id)' is listed twice")
            }
            arranged.append(subview)
        }
        for subview in arranged where subview.translatesAutoresizingMaskIntoConstraints {
            setTranslatesAutoresizingMaskIntoConstraints(false, of: subview)
        }
        if let layout = view.stackLayout {
            layout.configuration = stack
            layout.arranged = arranged
        } else {
            view.stackLayout = StackLayout(configuration: stack, arranged: arranged)
            hasHadStackViews = true
        }
        updateStack(of: view)
    }

    /// The stack configuration of `view`, nil for an ordinary view. Arranged views removed since are gone
    /// from `arrangedSubviews`, as in UIKit.
    public func stack(of view: View) -> StackView? {
        guard let layout = view.stackLayout else { return nil }
        var configuration = layout.configuration
        configuration.arrangedSubviews = liveArranged(of: view, layout).map(\.identifier)
        return configuration
    }

    /// Hides or shows a view, as `UIView.isHidden`: a hidden view and its subviews are not drawn, and a
    /// hidden arranged view of a stack collapses. Layout follows at the next pass.
    public func setHidden(_ hidden: Bool, of view: View) {
        guard view.isHidden != hidden else { return }
        view.isHidden = hidden
        presentationSnapshot.modelChanged(view.slot)
        if let stack = view.superview, stack.stackLayout != nil { updateStack(of: stack) }
        setNeedsLayout()
    }

    /// The update-constraints phase of a layout pass: rebuilds the constraints of every stack view whose
    /// inputs changed since they were generated.
    func updateStackViews() {
        // Runs on every layout pass: nothing to walk until a view has been made a stack view, then the
        // tree is walked without building the list of views.
        guard hasHadStackViews else { return }
        if root.stackLayout != nil { updateStack(of: root) }
        root.forEachDescendant { view in
            if view.stackLayout != nil { updateStack(of: view) }
        }
    }

    // MARK: Generating

    private func liveArranged(of stack: View, _ layout: StackLayout) -> [View] {
        layout.arranged.filter { viewsByID[$0.identifier] === $0 && $0.superview === stack }
    }

    /// Rebuilds `stack`'s constraints if their inputs changed.
    private func updateStack(of stack: View) {
        guard let layout = stack.stackLayout else { return }
        layout.arranged = liveArranged(of: stack, layout)
        let arranged = layout.arranged
        var configuration = layout.configuration
        configuration.arrangedSubviews = arranged.map(\.identifier)
        let fingerprint = StackFingerprint(configuration: configuration, arranged: arranged.map(ObjectIdentifier.init),
                                           hidden: arranged.map(\.isHidden),
                                           // Proportions also follow arranged stacks' own contents.
                                           intrinsic: configuration.distribution == .fillProportionally
                                               ? arranged.map(StackConstraintBuilder.proportionalSize)
                                               : arranged.map(\.intrinsicContentSize))
        guard fingerprint != layout.fingerprint else { return }
        layout.configuration = configuration
        layout.fingerprint = fingerprint
        removeGenerated(layout)
        let edge: LayoutItem = configuration.isLayoutMarginsRelativeArrangement
            ? (guide(named: "margins", of: stack) ?? stack) : stack
        var builder = StackConstraintBuilder(stack: stack, configuration: configuration, arranged: arranged,
                                             edge: edge)
        for constraint in builder.build() {
            installStackConstraint(constraint)
            layout.generated.append(constraint.identifier)
        }
        healBrokenConstraints()
        setNeedsLayout()
    }

    private func removeGenerated(_ layout: StackLayout) {
        for id in layout.generated { uninstallInternal(.name(id)) }
        layout.generated.removeAll()
    }

    /// Installs an engine constraint of a stack. A required one that conflicts breaks the latest-changed
    /// app constraint of the conflicting set instead (retried until it fits); with none to break, it is
    /// broken itself. Either way the conflict is reported.
    private func installStackConstraint(_ constraint: LayoutConstraint) {
        uninstallInternal(.name(constraint.identifier))
        _ = engineConstraints.updateValue(constraint, forKey: .name(constraint.identifier))
        setNeedsLayout()
        guard let made = try? ConstraintExpression.make(for: constraint, resolve: resolve) else { return }
        for _ in 0..<16 {
            do {
                try solver.addConstraint(made)
                constraint.installed = made
                constraint.isBroken = false
                owners.installed(constraint)
                tagFrameVariables(of: constraint)
                return
            } catch SolverError.unsatisfiableConstraint(_, let conflicting) {
                let set = conflicting.compactMap { owners.owner(of: $0) }
                let users = set.filter { !$0.isInternal }
                guard let victim = latestChanged(of: users) else {
                    constraint.isBroken = true
                    mayHaveBrokenConstraints = true
                    conflicts.append(LayoutConflict(broken: constraint, set: set + [constraint]))
                    return
                }
                uninstall(victim)
                victim.isBroken = true
                mayHaveBrokenConstraints = true
                conflicts.append(LayoutConflict(broken: victim,
                                                set: set.filter { $0 !== victim } + [constraint, victim]))
            } catch {
                return
            }
        }
    }
}
