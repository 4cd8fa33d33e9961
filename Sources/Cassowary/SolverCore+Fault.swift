/// Faults: a broken tableau invariant found while a call runs.
///
/// The solver never traps on its own state: where a row, a cell or a coefficient it relies on is missing,
/// it records the first fault, leaves that step undone and lets the call return; the public call then
/// throws ``SolverError/internalInconsistency(_:)``, and so does every later call until ``reset()``. A
/// server with many sessions loses one session's solver (which the session rebuilds from its scene), never
/// the process.
extension SolverCore {
    /// Records `what` as the solver's fault unless one is recorded already (the first says most).
    /// Never inlined: the hot loops that call it keep only a call on their cold path.
    @inline(never) mutating func recordFault(_ what: String) {
        if fault == nil { fault = what }
    }

    /// Records that the column index of `symbol` lists row `id`, whose row lacks the symbol (or is gone).
    @inline(never) mutating func recordMissingCell(_ context: StaticString, symbol: Int, row id: Int) {
        recordFault("\(context): the column of \(symbol) lists row \(id) without it")
    }

    /// Records that basic symbol `b` was expected to have a row and has none.
    @inline(never) mutating func recordMissingRow(_ context: StaticString, symbol b: Int) {
        recordFault("\(context): symbol \(b) has no row")
    }

    /// Basic symbol `b`'s row, or nil after recording a fault naming `context` when it has none.
    mutating func storedRow(_ b: Int, _ context: StaticString) -> Row? {
        if let row = symbols.rows[b] { return row }
        recordMissingRow(context, symbol: b)
        return nil
    }
}
