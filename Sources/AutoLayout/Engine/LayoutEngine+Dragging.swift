import Cassowary

/// Dragging a view the way the Cassowary demos drag points: the view's `minX` and `minY` become edit
/// variables of the solver at ``dragPriority`` and every move is a `suggestValue`, so the view follows
/// the pointer exactly as far as the constraints allow (paper §3.4 and §4.3).
///
/// - A required constraint always wins: a view pinned at 1000 does not move. Optional constraints below
///   ``dragPriority`` give way (UIKit's `defaultHigh` 750 included); those above it hold.
/// - Frames follow at the next layout pass, like any constraint change.
/// - Ending the drag removes the edit variables. A position the constraints decide goes back where they
///   say; a free (ambiguous) one stays where it was dropped, held by the same lowest-priority stay that
///   `exerciseAmbiguity` uses, so the view still reports an ambiguous layout.
/// - A view that translates its autoresizing mask into constraints is frame-based: dragging it sets its
///   frame origin, as a pan gesture handler assigning `frame` would, and its constraints follow.
extension LayoutEngine {
    /// The priority of a drag's edit variables: above UIKit's `defaultHigh` (750, also the default
    /// compression resistance) so a drag beats every default, below `required` (1000).
    public static let dragPriority: Double = 800

    /// Strength of the stays that keep a dropped free position (below any priority a constraint can have).
    private static let dropStayStrength = Strength(1e-6)

    /// True while `view` is being dragged (its origin variables are edit variables).
    public func isDragging(_ view: View) -> Bool {
        solver.hasEditVariable(view.variables.x) || solver.hasEditVariable(view.variables.y)
    }

    /// Starts dragging `view` (if it is not already being dragged) and suggests `origin` for the top-left
    /// corner of its frame, in its superview's bounds space (the space of `frame`). The frames change at
    /// the next layout pass.
    /// - Throws: `invalidValue` for the root view or a non-finite point.
    public func drag(_ view: View, to origin: Point) throws {
        guard view !== root else { throw LayoutError.invalidValue("the root view cannot be dragged") }
        guard origin.x.isFinite, origin.y.isFinite else {
            throw LayoutError.invalidValue("the drag point must be finite")
        }
        if view.translatesAutoresizingMaskIntoConstraints {
            setModelFrame(view, Rect(origin: origin, size: view.frame.size))
            setNeedsLayout()
            return
        }
        let vars = view.variables
        let strength = Strength(Self.dragPriority)
        for variable in [vars.x, vars.y] where !solver.hasEditVariable(variable) {
            do {
                try solver.addEditVariable(variable, strength: strength)
            } catch {
                throw LayoutError.invalidValue("view '\(view.identifier)' cannot be dragged: \(error)")
            }
        }
        try? solver.suggestValue(origin.x, for: vars.x)
        try? solver.suggestValue(origin.y, for: vars.y)
        setNeedsLayout()
    }

    /// Ends a drag: with `origin`, first drags there (beginning if needed), then removes the edit
    /// variables. A coordinate the constraints leave free stays where it was dropped. Without `origin`,
    /// does nothing if `view` is not being dragged.
    /// - Throws: `invalidValue` for the root view or a non-finite point.
    public func endDrag(_ view: View, at origin: Point? = nil) throws {
        if let origin { try drag(view, to: origin) }
        let vars = view.variables
        for variable in [vars.x, vars.y] where solver.hasEditVariable(variable) {
            solver.updateVariables()
            let dropped = solver.value(of: variable)
            if let old = exerciseStays.removeValue(forKey: variable.id) { try? solver.removeConstraint(old) }
            let stay = Cassowary.Constraint(Expression([Term(variable)], constant: -dropped), .equal,
                                            strength: Self.dropStayStrength)
            let stayed = (try? solver.addConstraint(stay)) != nil
            try? solver.removeEditVariable(variable)
            solver.updateVariables()
            if stayed {
                // Keep the stay only where nothing else decides the value.
                if abs(solver.value(of: variable) - dropped) < 1e-6 {
                    exerciseStays[variable.id] = stay
                } else {
                    try? solver.removeConstraint(stay)
                    solver.updateVariables()
                }
            }
        }
        setNeedsLayout()
    }
}
