/// An incremental Cassowary solver (Badros, Borning & Stuckey, "The Cassowary Linear Arithmetic
/// Constraint Solving Algorithm", ACM TOCHI 8(4), 2001), structured like Kiwi's `SolverImpl`.
///
/// The tableau is kept in *solved form* (paper §2.2): every basic symbol has a row
/// `basic = constant + Σ coefficient × nonbasic`, and every restricted basic symbol (slack, error) has a
/// constant >= 0. Unrestricted (external) symbols are user variables. The objective is the weighted
/// sum of the error variables of non-required constraints, with **lexicographic** symbolic weights
/// (paper §4.1, generalised to any set of priority levels): it is stored as one row per distinct
/// priority, and every comparison (entering symbol of ``optimize``, ratio test of dual optimisation)
/// compares from the highest priority down. Required constraints never enter the objective.
///
/// - Adding a constraint: paper §3.1-§3.2 (create the row, choose a subject, else phase-one with an
///   artificial variable), then primal optimisation (§2.3).
/// - Removing: §3.3 (marker variables; pivot the marker into the basis and drop its row).
/// - Edit variables and `suggestValue`: §3.4 and §4.3 (update constants through the edit constraint's
///   error variables, then dual optimisation).
/// - `setConstant`: the same edit-constant technique applied to any constraint's marker.
///
/// Every throwing call leaves the solver exactly as it was (the tableau, the objective and every value),
/// except ``SolverError/internalInconsistency(_:)``: a defect of the solver's own, found without trapping;
/// the solver then refuses every call until ``reset()``.
/// Choices are deterministic (lowest symbol id on ties), so equal inputs give equal solutions.
///
/// A class with one owner; not meant to be shared between threads.
public final class Solver {
    /// Every call is one access to the core; with one owner and no call re-entering the solver, the
    /// runtime's per-access exclusivity check (a few per call, 80 for reading a 20-view layout) is
    /// skipped.
    @exclusivity(unchecked) var core = SolverCore()

    /// Creates an empty solver.
    public init() {}

    /// Adds a constraint (paper §3.1-3.2, then §2.3 optimisation).
    ///
    /// Required constraints must hold exactly; non-required ones are satisfied as well as possible,
    /// lexicographically by priority.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if the constraint is already installed;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicting:)`` if it is required and cannot hold together
    ///   with the installed required constraints (the explanation lists those involved, in insertion order).
    ///   On throw the solver is exactly as before.
    public func addConstraint(_ constraint: Constraint) throws {
        try admitCall()
        try core.addConstraint(constraint)
        try checkFault()
    }

    /// Removes an installed constraint (paper §3.3: the marker variable is pivoted into the basis and
    /// its row dropped; the constraint's error variables leave the objective), then re-optimises.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not installed (solver unchanged).
    public func removeConstraint(_ constraint: Constraint) throws {
        try admitCall()
        try core.removeConstraint(constraint)
        try checkFault()
    }

    /// Whether the constraint is installed.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        return core.hasConstraint(constraint)
    }

    /// Changes the constant of an installed constraint's expression in place, without removing and
    /// re-adding it: the change goes through the constraint's marker symbol (if the marker is basic its
    /// row constant moves, otherwise every row mentioning the marker moves by coefficient × delta, found
    /// through the column index), as in the edit-constant technique of paper §3.4/§4.3, then dual
    /// optimisation restores feasibility. Afterwards the constraint reads as its expression with
    /// constant `newConstant`.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if not installed;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicting:)`` if the new constant makes the required
    ///   constraints inconsistent (e.g. a redundant required equality whose constant now disagrees).
    ///   On throw the solver is exactly as before.
    public func setConstant(_ newConstant: Double, of constraint: Constraint) throws {
        try admitCall()
        try core.setConstant(newConstant, of: constraint)
        try checkFault()
    }

    /// The current expression constant of an installed constraint (its original constant, or the last
    /// value given to ``setConstant(_:of:)``); nil if not installed.
    public func constant(of constraint: Constraint) -> Double? {
        return core.constant(of: constraint)
    }

    /// Makes `variable` an edit variable (paper §3.4): installs the non-required constraint
    /// `variable == suggestion` with the given strength; the suggestion starts at 0 (as in Kiwi) and is
    /// changed with ``suggestValue(_:for:)``.
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it already is one;
    ///   ``SolverError/badRequiredStrength`` if `strength` is required. Solver unchanged on throw.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        try admitCall()
        try core.addEditVariable(variable, strength: strength)
        try checkFault()
    }

    /// Removes an edit variable and its edit constraint.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
    public func removeEditVariable(_ variable: Variable) throws {
        try admitCall()
        try core.removeEditVariable(variable)
        try checkFault()
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        return core.hasEditVariable(variable)
    }

    /// Suggests a value for an edit variable (paper §4.3): the edit constraint's constant changes in
    /// place through its error variables, then dual optimisation (§4.3, lexicographic ratio test)
    /// re-establishes the optimum. Call ``updateVariables()`` to read the result.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if `variable` is not an edit variable.
    public func suggestValue(_ value: Double, for variable: Variable) throws {
        try admitCall()
        try core.suggestValue(value, for: variable)
        try checkFault()
    }

    /// Copies the solved values out of the tableau into the store read by ``value(of:)``.
    /// A basic variable takes its row constant; a non-basic (free) one is 0.
    /// After a fault (``faultDescription``) the values stay as they were last read.
    public func updateVariables() {
        guard core.fault == nil else { return }
        core.updateVariables()
    }

    /// The value of `variable` after the last ``updateVariables()``; 0 for a variable the solver has
    /// never seen (or seen only after the last update).
    public func value(of variable: Variable) -> Double {
        return core.value(of: variable)
    }

    /// Tags `variable` with a number of the owner's (AutoLayout: the view whose frame it is, or -2 for a
    /// variable no frame reads), reported by ``takeChangedTags()`` when its value changes. Does nothing
    /// for a variable no constraint has mentioned yet (it has no slot); a new slot starts untagged (-1).
    /// - Complexity: O(1) expected (one hash lookup).
    package func setTag(_ tag: Int32, of variable: Variable) {
        _ = core.slots.setTag(tag, of: variable)
    }

    /// What changed at ``updateVariables()`` since the last call (see ``ChangedTags``): the tags of the
    /// variables whose value moved, unless more than `limit` moved, or one of them is untagged or more
    /// moved than the solver keeps count of (after ``reset()`` too). Starts the next count.
    /// - Complexity: O(changed variables), O(1) past `limit`; ``updateVariables()`` pays O(variables)
    ///   comparisons for it.
    package func takeChangedTags(atMost limit: Int = .max) -> ChangedTags {
        core.takeChangedTags(atMost: limit)
    }

    /// Removes every constraint, edit variable and variable.
    public func reset() {
        core.reset()
    }

    /// Every broken invariant of the solver's state, as readable sentences; empty when it is consistent.
    /// For tests and fuzzers: it reads the whole tableau and objective (O(cells + symbols × levels)), so
    /// call it between operations, never on a hot path. What it checks: the row bookkeeping and column
    /// index, solved form of restricted rows and their feasibility, the stamps of lazy external rows,
    /// the objective against the installed non-required and edit constraints, optimality, leaked
    /// symbols, and that no call left work pending. Does not change the solver.
    public func invariantViolations() -> [String] {
        core.invariantViolations()
    }

    /// The broken invariant the solver found, if any: set by a call that threw
    /// ``SolverError/internalInconsistency(_:)`` and cleared by ``reset()``.
    public var faultDescription: String? { core.fault }

    /// Makes the next mutating call find a fault before it changes anything, as a solver defect would:
    /// it throws ``SolverError/internalInconsistency(_:)``. For testing how owners recover.
    public func plantFault() {
        core.plantedFault = true
    }

    /// Refuses a mutating call while a fault stands (or one was planted).
    /// - Throws: ``SolverError/internalInconsistency(_:)``.
    @inline(__always) private func admitCall() throws {
        if core.plantedFault {
            core.plantedFault = false
            core.recordFault("planted fault")
        }
        if let fault = core.fault { throw SolverError.internalInconsistency(fault) }
    }

    /// After a mutating call: the fault it recorded, if any, thrown.
    /// - Throws: ``SolverError/internalInconsistency(_:)``.
    @inline(__always) private func checkFault() throws {
        if let fault = core.fault { throw SolverError.internalInconsistency(fault) }
    }

    /// A dump of the tableau: rows (basic symbol = constant + terms), objective levels, edit variables.
    public var debugDescription: String { core.debugDescription }
}

/// What ``Solver/takeChangedTags(atMost:)`` reports.
package enum ChangedTags: Equatable, Sendable {
    /// The tags of the variables that changed (one or more times each; tags below -1 left out).
    case tags([Int32])
    /// More changed than the caller's limit: it may as well read every variable.
    case many
    /// A changed variable has no tag, or the solver lost count: any variable may have changed, and the
    /// caller should tag what it reads.
    case untagged
}
