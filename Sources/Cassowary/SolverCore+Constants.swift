/// In-place constant changes (paper §3.4, §4.3): a constraint's constant moves through its marker symbol,
/// touching only the rows that mention the marker (found through the column index).
extension SolverCore {
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
    mutating func setConstant(_ newConstant: Double, of constraint: Constraint) throws {
        let key = infoKey(constraint)
        guard var info = infos[key] else { throw SolverError.unknownConstraint(constraint) }
        let delta = newConstant - info.constant
        if delta == 0 { return }
        let mark = Mark(symbols: symbols.count, slots: slots.count, infeasible: infeasible)
        journal.open()
        var failed = applyConstantDelta(info, delta, checkDummies: true)
        if failed == nil { failed = dualOptimize() }
        if let failed {
            let conflicting = explanation(row: symbols.rows[failed] ?? Row(), basic: failed, failing: constraint)
            rollback(mark)
            throw SolverError.unsatisfiableConstraint(constraint, conflicting: conflicting)
        }
        commit()
        // Dual simplex preserves dual feasibility: the objective is still optimal.
        clearObjectiveDirty()
        info.constant = newConstant
        infos[key] = info
    }

    /// The current expression constant of an installed constraint (its original constant, or the last
    /// value given to ``setConstant(_:of:)``); nil if not installed.
    mutating func constant(of constraint: Constraint) -> Double? {
        infos[infoKey(constraint)]?.constant
    }

    /// Moves the expression constant of a constraint by `delta` through its marker. Returns the basic
    /// symbol of a dummy row that became inconsistent (only when `checkDummies`), else nil. Rows that
    /// became infeasible are queued for dual optimisation.
    mutating func applyConstantDelta(_ info: ConstraintInfo, _ delta: Double, checkDummies: Bool) -> Int? {
        // Constraint row: expr + k·m (+ …) = 0. expr + Δ + k·m = expr + k·(m + Δ/k): the old marker is the
        // new one shifted by Δ/k, so every occurrence of the marker gains a constant Δ/k.
        let shift = delta / info.markerCoefficient
        let m = info.marker
        var failed: Int?
        if let old = symbols.rows.constant(m) {
            // The journal keeps the exact old constant: (old − s) + s need not give it back.
            journal.recordConstant(m, old)
            _ = symbols.rows.addToConstant(m, -shift)
            failed = checkConstant(m, checkDummies: checkDummies)
        }
        // Rows mentioning the marker: all of them if it is non-basic, else lazy external rows referring
        // to it (they read the new marker plus the shift too).
        for id in symbols.columns[m] {
            let b = basicOf(id)
            guard let c = symbols.rows.cell(b, m), let old = symbols.rows.constant(b) else {
                recordMissingCell("applyConstantDelta", symbol: m, row: id)
                continue
            }
            journal.recordConstant(b, old)
            _ = symbols.rows.addToConstant(b, c * shift)
            let f = checkConstant(b, checkDummies: checkDummies)
            if let f, failed.map({ f < $0 }) ?? true { failed = f }
        }
        return failed
    }

    /// Queues a restricted basic symbol whose constant went negative for dual optimisation (once).
    @inline(__always) mutating func queueInfeasible(_ b: Int) {
        if !symbols.queued[b] {
            symbols.queued[b] = true
            infeasible.push(b)
        }
    }

    @inline(__always) mutating func checkConstant(_ b: Int, checkDummies: Bool) -> Int? {
        guard let v = symbols.rows.constant(b) else {
            recordMissingRow("checkConstant", symbol: b)
            return nil
        }
        switch symbols.kinds[b] {
        case .external:
            return nil
        case .dummy:
            if checkDummies && !nearZero(v) { return b }
            return nil
        case .slack, .error:
            if v < 0 { queueInfeasible(b) }
            return nil
        }
    }
}
