/// The undo records of one solver call that can still fail after it has changed the tableau (phase one
/// of ``SolverCore/addConstraint(_:)``, ``SolverCore/setConstant(_:of:)``): the rows as they were before
/// their first change, the exact old row constants of constant-only changes, and the old objective
/// coefficients and level constants. ``SolverCore/rollback(_:)`` replays them; a call that succeeds
/// clears them (``SolverCore/commit()``). Records are kept only while the journal is open.
struct Journal {
    /// One old value of the objective.
    enum ObjectiveRecord {
        /// The coefficient of `symbol` at level `level` was `old`.
        case coefficient(level: Int, symbol: Int, old: Double)
        /// The constant of level `level` was `old`.
        case levelConstant(level: Int, old: Double)
    }

    /// Whether changes are being recorded.
    private(set) var isOpen = false
    /// Each changed basic symbol's row (nil if it had none) and row id before the first change.
    private(set) var rows: [Int: (row: Row?, id: Int32)] = [:]
    /// Old row constants (basic symbol, constant), oldest first: constant-only changes keep the exact old
    /// value, since (old − s) + s need not give it back.
    private(set) var constants: [(basic: Int, old: Double)] = []
    /// Old objective values, oldest first.
    private(set) var objective: [ObjectiveRecord] = []

    /// Whether nothing is open or recorded (the state between calls).
    var isEmpty: Bool { !isOpen && rows.isEmpty && constants.isEmpty && objective.isEmpty }

    /// Starts recording.
    mutating func open() { isOpen = true }

    /// Whether the row of `basic` still needs recording (the journal is open and has no record of it).
    @inline(__always) func needsRow(_ basic: Int) -> Bool { isOpen && rows.index(forKey: basic) == nil }

    /// Records the row of `basic` before its first change (call only when ``needsRow(_:)``).
    mutating func recordRow(_ basic: Int, _ row: Row?, id: Int32) {
        rows.updateValue((row, id), forKey: basic)
    }

    /// Records basic symbol `basic`'s row constant `old` before a constant-only change (if open).
    @inline(__always) mutating func recordConstant(_ basic: Int, _ old: Double) {
        if isOpen { constants.append((basic, old)) }
    }

    /// Records an objective value before it changes (if open).
    @inline(__always) mutating func record(_ entry: ObjectiveRecord) {
        if isOpen { objective.append(entry) }
    }

    /// Stops recording and forgets every record (keeping the storage for the next call).
    mutating func clear() {
        isOpen = false
        rows.removeAll(keepingCapacity: true)
        constants.removeAll(keepingCapacity: true)
        objective.removeAll(keepingCapacity: true)
    }
}
