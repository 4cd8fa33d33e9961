import Cassowary

/// Which `LayoutConstraint` put each solver constraint into the solver: what a conflict's solver
/// constraints are mapped back through.
///
/// Only conflicts ask, and most scenes have none, so an installed constraint is only noted in a list;
/// the table by solver constraint is brought up to date when an owner is asked for (or when the list
/// grows long, so that a long session without conflicts keeps no more than a bounded list). A scene of
/// 2,300 constraints then costs 2,300 appends instead of 2,300 hashed insertions and the table's
/// growth, and frees one array instead of a dictionary.
struct ConstraintOwners {
    private var table: [ObjectIdentifier: LayoutConstraint] = [:]
    /// Constraints installed since the table was last brought up to date, possibly since uninstalled
    /// (those are skipped: their `installed` is nil or another solver constraint).
    private var noted: [LayoutConstraint] = []

    /// How long `noted` may grow beyond the table's size before it is folded in.
    private static let foldThreshold = 4096

    /// Notes that `constraint` has just been installed as `constraint.installed`.
    mutating func installed(_ constraint: LayoutConstraint) {
        noted.append(constraint)
        if noted.count > Self.foldThreshold + table.count { fold() }
    }

    /// Forgets the owner of `made`, a solver constraint just taken out of the solver.
    mutating func uninstalled(_ made: Cassowary.Constraint) {
        // A constraint still only noted is skipped when folded: its `installed` no longer is `made`.
        if !table.isEmpty { table[ObjectIdentifier(made)] = nil }
    }

    /// The constraint that installed `made`, if it is in the solver.
    mutating func owner(of made: Cassowary.Constraint) -> LayoutConstraint? {
        if !noted.isEmpty { fold() }
        return table[ObjectIdentifier(made)]
    }

    private mutating func fold() {
        for constraint in noted {
            if let made = constraint.installed { table[ObjectIdentifier(made)] = constraint }
        }
        noted.removeAll(keepingCapacity: true)
    }
}
