import Cassowary

/// Ambiguity: views whose frame the constraints do not pin down (`hasAmbiguousLayout`).
///
/// A frame variable is ambiguous when it can move without making any constraint, at any priority, less
/// satisfied. Priorities are lexicographic, so a probe is an edit variable at a priority below every
/// real one: it moves the variable by a point only where that costs nothing at every real level.
/// The probe is undone afterwards, so asking changes no frame.
extension LayoutEngine {
    /// The strength of probes: below any priority a constraint can have (UIKit's lowest is 1).
    private static let probeStrength = Strength(1e-6)

    /// The axes on which `view`'s layout is ambiguous (empty when fully determined).
    public func ambiguousAxes(of view: View) -> Set<LayoutAttribute.Axis> {
        guard view !== root, !view.translatesAutoresizingMaskIntoConstraints else { return [] }
        return withoutExerciseStays { ambiguousAxesIgnoringStays(of: view) }
    }

    private func ambiguousAxesIgnoringStays(of view: View) -> Set<LayoutAttribute.Axis> {
        let vars = view.variables
        var axes: Set<LayoutAttribute.Axis> = []
        if isFree(vars.x) || isFree(vars.width) { axes.insert(.horizontal) }
        if isFree(vars.y) || isFree(vars.height) { axes.insert(.vertical) }
        return axes
    }

    /// The ids of `view`'s frame variables (alignment rectangle minX, minY, width, height) that are
    /// free: the per-value form of `ambiguousAxes(of:)`, for explanations.
    func freeVariables(of view: View) -> Set<Int> {
        withoutExerciseStays {
            let vars = view.variables
            return Set([vars.x, vars.y, vars.width, vars.height].filter { isFree($0) }.map(\.id))
        }
    }

    /// True when `view`'s frame is ambiguous on either axis, as `UIView.hasAmbiguousLayout`.
    public func hasAmbiguousLayout(_ view: View) -> Bool { !ambiguousAxes(of: view).isEmpty }

    /// Every view with an ambiguous layout, parents first, with its ambiguous axes.
    public func ambiguousViews() -> [(view: View, axes: Set<LayoutAttribute.Axis>)] {
        withoutExerciseStays {
            views.compactMap { view in
                guard !view.translatesAutoresizingMaskIntoConstraints else { return nil }
                let axes = ambiguousAxesIgnoringStays(of: view)
                return axes.isEmpty ? nil : (view, axes)
            }
        }
    }

    /// Moves `view` (every ambiguous view when nil) to another layout that satisfies the constraints
    /// equally well, as `exerciseAmbiguityInLayout`: each free frame variable shifts by `distance`
    /// points (the other way when that way is bounded). The frames change at the next layout pass.
    /// - Returns: the views that moved.
    @discardableResult
    public func exerciseAmbiguity(in view: View? = nil, distance: Double = 20) -> [View] {
        let targets = view.map { [$0] } ?? views
        var moved: [View] = []
        var destinations: [(Variable, Double)] = []
        // Where the views are now (held by earlier exercises' stays): each call moves them on from there.
        solver.updateVariables()
        let current = Dictionary(targets.flatMap { target -> [(Int, Double)] in
            let vars = target.variables
            return [vars.x, vars.y, vars.width, vars.height].map { ($0.id, solver.value(of: $0)) }
        }, uniquingKeysWith: { first, _ in first })
        withoutExerciseStays {
            for target in targets where !ambiguousAxesIgnoringStays(of: target).isEmpty {
                let vars = target.variables
                for variable in [vars.x, vars.y, vars.width, vars.height] where isFree(variable) {
                    let start = current[variable.id] ?? solver.value(of: variable)
                    for goal in [start + distance, start - distance] where probe(variable, to: goal, keep: true) {
                        destinations.append((variable, goal))
                        break
                    }
                }
                moved.append(target)
            }
        }
        for (variable, goal) in destinations { hold(variable, at: goal) }
        if !moved.isEmpty { setNeedsLayout() }
        return moved
    }

    /// Keeps a free variable where it was moved with a stay below every real priority.
    private func hold(_ variable: Variable, at value: Double) {
        if let old = exerciseStays.removeValue(forKey: variable.id) { try? solver.removeConstraint(old) }
        let stay = Cassowary.Constraint(Expression([Term(variable)], constant: -value), .equal,
                                        strength: Self.probeStrength)
        if (try? solver.addConstraint(stay)) != nil { exerciseStays[variable.id] = stay }
    }

    /// Runs `body` with the exercise stays out of the solver, so they do not hide ambiguity.
    func withoutExerciseStays<T>(_ body: () -> T) -> T {
        for stay in exerciseStays.values { try? solver.removeConstraint(stay) }
        defer {
            for stay in exerciseStays.values { try? solver.addConstraint(stay) }
            solver.updateVariables()
        }
        return body()
    }

    func isFree(_ variable: Variable) -> Bool {
        guard !solver.hasEditVariable(variable) else { return false }
        solver.updateVariables()
        let start = solver.value(of: variable)
        return probe(variable, to: start + 1, keep: false) || probe(variable, to: start - 1, keep: false)
    }

    /// Suggests `target` for `variable` at the probe strength; true when the variable got there.
    /// Unless `keep`, the variable is suggested back to where it was before the probe is removed.
    @discardableResult
    private func probe(_ variable: Variable, to target: Double, keep: Bool) -> Bool {
        solver.updateVariables()
        let start = solver.value(of: variable)
        guard (try? solver.addEditVariable(variable, strength: Self.probeStrength)) != nil else { return false }
        defer {
            if !keep { try? solver.suggestValue(start, for: variable) }
            try? solver.removeEditVariable(variable)
            solver.updateVariables()
        }
        try? solver.suggestValue(target, for: variable)
        solver.updateVariables()
        return abs(solver.value(of: variable) - target) < 1e-6
    }
}
