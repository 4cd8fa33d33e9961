import Cassowary

/// Explaining a frame: which constraints put a view where it is, which lost, and what is ambiguous.
///
/// Each frame value is a solver variable (the alignment rectangle's minX, minY, width and height in
/// the superview's bounds space). A constraint determines it when it is installed, holds with equality
/// in the solution (an inequality at its bound counts: it is what stops the value), and the value
/// moves when its constant does: the value's sensitivity to the constraint, which is what the
/// constraint's marker in the value's tableau row records (Badros, Borning & Stuckey 2001, §3.4).
/// Reached through the variables such constraints share, breadth first, they form the chain back to
/// the root. A constraint lost when it is active
/// on the value but unsatisfied: optional and left short, or required and broken. Asking changes
/// nothing: no frame, no solver row.
extension LayoutEngine {
    /// A residual below this (points) counts as zero: the solver's values carry rounding of about 1e-9.
    private static let explainTolerance = 1e-7
    /// At most this many determining constraints per value: a long chain through a large scene says
    /// nothing more after its first links.
    private static let maxChain = 32
    /// At most this many tight constraints are probed per value (each probe is two constant changes).
    private static let maxCandidates = 256

    /// Why `view`'s frame is where it is, value by value. Reads the solver's current solution (the
    /// frames the next layout pass gives, before pixel rounding for the residuals).
    /// - Throws: `unknownView` when `id` names no view.
    public func explain(_ id: String) throws -> FrameExplanation {
        guard let view = viewsByID[id] else { throw LayoutError.unknownView(id) }
        solver.updateVariables()
        let frame = solvedFrame(of: view)
        let vars = view.variables
        let entries = installedEntries()
        let checksAmbiguity = view !== root && !view.translatesAutoresizingMaskIntoConstraints
        let free: Set<Int> = checksAmbiguity ? freeVariables(of: view) : []
        let amounts: [FrameValue: Double] = [.x: frame.minX, .y: frame.minY, .width: frame.width,
                                            .height: frame.height]
        let variables: [FrameValue: Variable] = [.x: vars.x, .y: vars.y, .width: vars.width, .height: vars.height]
        let values = FrameValue.allCases.map { value -> ValueExplanation in
            let variable = variables[value] ?? vars.x
            // A free value is fixed by nothing: which constraints would move it is the solver's arbitrary
            // choice of basis, not an explanation.
            let isFree = free.contains(variable.id)
            return ValueExplanation(value: value, amount: amounts[value] ?? 0,
                                    determinedBy: isFree ? [] : chain(from: variable, through: entries),
                                    lost: lostConstraints(on: variable),
                                    isAmbiguous: isFree)
        }
        return FrameExplanation(view: id, values: values)
    }

    /// An installed constraint with its solver form's net coefficients and its residual.
    private struct Entry {
        let constraint: LayoutConstraint
        let coefficients: [Int: Double]
        let variables: [Variable]
        let residual: Double
        let relation: Relation
    }

    /// Every installed constraint, user and engine ones (not the implicit non-negative sizes, which
    /// UIKit would not list), in the order they were added.
    private func installedEntries() -> [Entry] {
        let internals = engineConstraints.all.filter { !$0.isImplicit }.sorted { $0.identifier < $1.identifier }
        return (orderedConstraints + internals).compactMap { constraint in
            guard let installed = constraint.installed else { return nil }
            return entry(constraint, installed)
        }
    }

    private func entry(_ constraint: LayoutConstraint, _ made: Cassowary.Constraint) -> Entry {
        var coefficients: [Int: Double] = [:]
        var variables: [Int: Variable] = [:]
        // A constant changed in place lives in the solver, not in the constraint's expression.
        var residual = solver.constant(of: made) ?? made.expression.constant
        for term in made.expression.terms {
            coefficients[term.variable.id, default: 0] += term.coefficient
            variables[term.variable.id] = term.variable
            residual += term.coefficient * solver.value(of: term.variable)
        }
        let involved = variables.values.filter { abs(coefficients[$0.id] ?? 0) > 1e-12 }.sorted { $0.id < $1.id }
        return Entry(constraint: constraint, coefficients: coefficients, variables: involved, residual: residual,
                     relation: made.relation)
    }

    /// The tight constraints `start` depends on, nearest first. Candidates are the tight constraints
    /// reachable from `start` through shared variables, breadth first (depth = links from `start`);
    /// one is kept when moving its constant by a point moves `start`: that is what "determines" means,
    /// and it leaves out tight constraints that only hang other views on this one (a subview centred in
    /// it, a sibling pinned under it). Each probe is undone at once; on a determined layout the
    /// solution comes back exactly.
    private func chain(from start: Variable, through entries: [Entry]) -> [ExplainedConstraint] {
        let tight = entries.filter { abs($0.residual) < Self.explainTolerance }
        var seenVariables: Set<Int> = [start.id]
        var seenConstraints: Set<ObjectIdentifier> = []
        var frontier = [start]
        var candidates: [(entry: Entry, depth: Int)] = []
        var depth = 0
        while !frontier.isEmpty, candidates.count < Self.maxCandidates {
            var next: [Variable] = []
            for variable in frontier {
                for entry in tight where entry.variables.contains(variable)
                    && !seenConstraints.contains(ObjectIdentifier(entry.constraint)) {
                    seenConstraints.insert(ObjectIdentifier(entry.constraint))
                    candidates.append((entry, depth))
                    for other in entry.variables where !seenVariables.contains(other.id) {
                        seenVariables.insert(other.id)
                        next.append(other)
                    }
                }
            }
            frontier = next
            depth += 1
        }
        var result: [ExplainedConstraint] = []
        for (entry, depth) in candidates.prefix(Self.maxCandidates) where result.count < Self.maxChain {
            if moves(start, whenShifting: entry.constraint) {
                result.append(explained(entry.constraint, depth: depth, shortfall: 0))
            }
        }
        return result
    }

    /// True when shifting `constraint`'s constant by a point (up or down, where the required
    /// constraints allow it) moves `variable`. The constant is put back before returning.
    private func moves(_ variable: Variable, whenShifting constraint: LayoutConstraint) -> Bool {
        guard let installed = constraint.installed, let constant = solver.constant(of: installed) else { return false }
        let before = solver.value(of: variable)
        // Both ways: an inequality at its bound moves the value only when pushed into it.
        for shift in [1.0, -1.0] {
            guard (try? solver.setConstant(constant + shift, of: installed)) != nil else { continue }
            solver.updateVariables()
            let after = solver.value(of: variable)
            try? solver.setConstant(constant, of: installed)
            solver.updateVariables()
            if abs(after - before) > Self.explainTolerance { return true }
        }
        return false
    }

    /// Active constraints involving `variable` that the solution misses, largest shortfall first.
    private func lostConstraints(on variable: Variable) -> [ExplainedConstraint] {
        var lost: [ExplainedConstraint] = []
        for constraint in orderedConstraints where constraint.isActive {
            let made: Cassowary.Constraint?
            if let installed = constraint.installed {
                guard !constraint.isRequired else { continue }
                made = installed
            } else if constraint.isBroken {
                made = try? ConstraintExpression.make(for: constraint, resolve: resolve)
            } else {
                made = nil
            }
            guard let made else { continue }
            let entry = entry(constraint, made)
            guard entry.variables.contains(variable) else { continue }
            let miss: Double
            switch entry.relation {
            case .equal: miss = abs(entry.residual)
            case .lessThanOrEqual: miss = max(0, entry.residual)
            case .greaterThanOrEqual: miss = max(0, -entry.residual)
            }
            guard miss > Self.explainTolerance else { continue }
            lost.append(explained(constraint, depth: 0, shortfall: miss))
        }
        return lost.sorted { $0.shortfall > $1.shortfall }
    }

    private func explained(_ constraint: LayoutConstraint, depth: Int, shortfall: Double) -> ExplainedConstraint {
        ExplainedConstraint(identifier: constraint.identifier, equation: constraint.equation,
                            priority: constraint.priority, isInternal: constraint.isInternal, depth: depth,
                            shortfall: shortfall, isBroken: constraint.isBroken)
    }
}
