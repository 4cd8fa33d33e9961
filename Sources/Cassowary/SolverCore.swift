/// One priority level of the lexicographic objective: the weighted errors of all non-required
/// constraints whose priority equals `priority`, expressed over the current non-basic symbols.
struct Level {
    var priority: Double
    var row: Row
    /// Number of installed constraints contributing to the level.
    var count: Int
}

/// What the solver remembers about an installed constraint (the paper's marker and error variables).
struct ConstraintInfo {
    /// Marker symbol: the slack of an inequality, the dummy of a required equality, or the positive
    /// error of a non-required equality (paper §3.3 and §4.2).
    var marker: Int
    /// The second error symbol (non-required constraints) or -1.
    var other: Int
    /// Coefficient of `marker` in the constraint's original row `expression + … = 0`.
    var markerCoefficient: Double
    /// Current constant of the expression (changes with `setConstant` / `suggestValue`).
    var constant: Double
    /// Insertion order, for deterministic explanations.
    var order: Int
    var required: Bool
    var priority: Double
    var weight: Double
}

struct EditInfo {
    var constraint: Constraint
    var value: Double
    /// The edit constraint's bookkeeping (its constant is not tracked here: edit constraints are internal).
    var info: ConstraintInfo
}

/// The solver state and algorithms; `Solver` is a thin class around it, so the hot paths work on one
/// struct (`inout self`) without per-property dynamic exclusivity checks.
struct SolverCore {
    // Symbols: dense ids, per-symbol data in parallel arrays.
    var kinds: [SymbolKind] = []
    /// Row of each basic symbol (nil for non-basic symbols).
    var rowStore: [Row?] = []
    /// Column index: for each symbol, the basic symbols whose rows mention it.
    var columns: [IntSet] = []
    /// Constraint owning a marker / error symbol.
    var owners: [Constraint?] = []

    var infeasible = SymbolHeap()
    /// Whether a symbol is queued in `infeasible` (keeps the queue free of duplicates).
    var queued: [Bool] = []
    /// Objective, one row per priority level, sorted by decreasing priority.
    var levels: [Level] = []
    var artificial: Row?

    var infos: [ObjectIdentifier: ConstraintInfo] = [:]
    var edits: [Int: EditInfo] = [:]

    // Variables: id -> dense slot.
    var varSlots: [Int: Int] = [:]
    var slotVariables: [Variable] = []
    var slotSymbols: [Int] = []
    var slotValues: [Double] = []

    var nextOrder = 0

    // Objective symbols whose coefficient changed since the last optimality check, and the symbols known
    // to have a lexicographically negative coefficient. At the start of every public call both are empty
    // (the objective is optimal), so optimize() only looks at what changed.
    var objectiveDirty: [Int] = []
    var dirtyFlags: [Bool] = []
    var negatives = IntSet()
    /// Consecutive degenerate pivots of the current primal optimisation (see ``pickEntering(_:)``).
    var degeneratePivots = 0

    // Transaction journal (only active while a call can still fail after mutating the tableau).
    var journaling = false
    var journalRows: [Int: Row?] = [:]
    var objectiveUndo: [(level: Int, symbol: Int, old: Double)] = []
    var constantUndo: [(basic: Int, old: Double)] = []

    /// Creates an empty solver.
    init() {}

    /// Copies the solved values out of the tableau into the store read by ``value(of:)``.
    /// A basic variable takes its row constant; a non-basic (free) one is 0.
    mutating func updateVariables() {
        var values = slotValues
        slotValues = []
        rowStore.withUnsafeBufferPointer { rows in
            slotSymbols.withUnsafeBufferPointer { symbols in
                values.withUnsafeMutableBufferPointer { out in
                    let base = rows.baseAddress!
                    for slot in 0..<symbols.count {
                        // Read the constant in place (no copy of the row's storage references).
                        out[slot] = base[symbols[slot]]?.constant ?? 0
                    }
                }
            }
        }
        slotValues = values
    }

    /// The value of `variable` after the last ``updateVariables()``; 0 for a variable the solver has
    /// never seen (or seen only after the last update).
    mutating func value(of variable: Variable) -> Double {
        guard let slot = varSlots[variable.id] else { return 0 }
        return slotValues[slot]
    }

    /// Removes every constraint, edit variable and variable.
    mutating func reset() {
        kinds = []
        rowStore = []
        columns = []
        owners = []
        infeasible = SymbolHeap()
        queued = []
        levels = []
        artificial = nil
        infos = [:]
        edits = [:]
        varSlots = [:]
        slotVariables = []
        slotSymbols = []
        slotValues = []
        nextOrder = 0
        objectiveDirty = []
        dirtyFlags = []
        negatives = IntSet()
        journaling = false
        journalRows = [:]
        objectiveUndo = []
        constantUndo = []
    }

    /// A dump of the tableau: rows (basic symbol = constant + terms), objective levels, edit variables.
    var debugDescription: String {
        func name(_ s: Int) -> String {
            switch kinds[s] {
            case .external: return "x\(s)"
            case .slack: return "s\(s)"
            case .error: return "e\(s)"
            case .dummy: return "d\(s)"
            }
        }
        func text(_ row: Row) -> String {
            var out = "\(row.constant)"
            for (s, c) in row.cells.sorted(by: { $0.key < $1.key }) { out += " + \(c)*\(name(s))" }
            return out
        }
        var out = "Variables:\n"
        for slot in slotVariables.indices {
            out += "  \(slotVariables[slot]) -> \(name(slotSymbols[slot]))\n"
        }
        out += "Objective:\n"
        for level in levels { out += "  @\(level.priority) (\(level.count)): \(text(level.row))\n" }
        out += "Tableau:\n"
        for s in rowStore.indices { if let row = rowStore[s] { out += "  \(name(s)) = \(text(row))\n" } }
        out += "Constraints: \(infos.count), edit variables: \(edits.count), infeasible: \(infeasible.elements)\n"
        return out
    }
}
