/// Faults: a broken tableau invariant found while a call runs.
///
/// The solver never traps on its own state: where a row, a cell or a coefficient it relies on is missing,
/// it records the first fault, leaves that step undone and lets the call return; the public call then
/// throws ``SolverError/internalInconsistency(_:)``, and so does every later call until ``reset()``. A
/// server with many sessions loses one session's solver (which the session rebuilds from its scene), never
/// the process.
extension SolverCore {
    /// Records `what` as the solver's fault unless one is recorded already (the first says most).
    mutating func recordFault(_ what: @autoclosure () -> String) {
        if fault == nil { fault = what() }
    }

    /// Basic symbol `b`'s row, or nil after recording a fault naming `context` when it has none.
    mutating func storedRow(_ b: Int, _ context: StaticString) -> Row? {
        if let row = rowStore[b] { return row }
        recordFault("\(context): symbol \(b) has no row")
        return nil
    }
}
