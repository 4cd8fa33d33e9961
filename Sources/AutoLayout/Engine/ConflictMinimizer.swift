import Cassowary

/// Shrinks a conflicting set of required constraints to a minimal one (no member can be dropped
/// without the conflict going away) by the deletion filter of Chinneck and Dravnieks (1991,
/// "Locating minimal infeasible constraint sets in linear programs"), run in scratch solvers so the
/// live one is untouched.
struct ConflictMinimizer {
    /// The live solver, read for the current constants of installed constraints.
    let solver: Solver

    /// A minimal subset of `explanation` that still conflicts with `trigger`, in the same order.
    /// Returns `explanation` unchanged if it does not conflict with `trigger` on its own.
    func minimize(_ explanation: [Constraint], against trigger: Constraint) -> [Constraint] {
        let current = explanation.map(currentForm)
        guard conflicts(current.map(\.form) + [trigger]) else { return explanation }
        var kept = current
        var index = 0
        while index < kept.count {
            var trial = kept
            trial.remove(at: index)
            if conflicts(trial.map(\.form) + [trigger]) { kept = trial } else { index += 1 }
        }
        return kept.map(\.original)
    }

    /// The constraint as the solver holds it now: `setConstant` changes constants in place.
    private func currentForm(_ constraint: Constraint) -> (original: Constraint, form: Constraint) {
        guard let constant = solver.constant(of: constraint), constant != constraint.expression.constant else {
            return (constraint, constraint)
        }
        let expression = Expression(constraint.expression.terms, constant: constant)
        return (constraint, Constraint(expression, constraint.relation, strength: constraint.strength))
    }

    private func conflicts(_ constraints: [Constraint]) -> Bool {
        let scratch = Solver()
        for constraint in constraints where constraint.strength.isRequired {
            do {
                try scratch.addConstraint(constraint)
            } catch SolverError.unsatisfiableConstraint {
                return true
            } catch {
                continue
            }
        }
        return false
    }
}
