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

    // MARK: - Public API

    /// Adds a constraint (paper §3.1-3.2, then §2.3 optimisation).
    ///
    /// Required constraints must hold exactly; non-required ones are satisfied as well as possible,
    /// lexicographically by priority.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if the constraint is already installed;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicting:)`` if it is required and cannot hold together
    ///   with the installed required constraints (the explanation lists those involved, in insertion order).
    ///   On throw the solver is exactly as before.
    mutating func addConstraint(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        if infos[key] != nil { throw SolverError.duplicateConstraint(constraint) }
        let mark = Mark(symbols: kinds.count, slots: slotSymbols.count, infeasible: infeasible)
        let required = constraint.strength.isRequired

        // Create the row (paper §3.1): expression with basic variables substituted.
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let s = externalSymbol(for: term.variable)
            if let basicRow = rowStore[s] {
                row.insert(row: basicRow, coefficient: term.coefficient)
            } else {
                row.insert(symbol: s, coefficient: term.coefficient)
            }
        }
        let marker: Int
        var other = -1
        let markerCoefficient: Double
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(.slack)
            markerCoefficient = k
            row.insert(symbol: marker, coefficient: k)
            if !required {
                other = newSymbol(.error)
                row.insert(symbol: other, coefficient: -k)
            }
        case .equal:
            if required {
                marker = newSymbol(.dummy)
                markerCoefficient = 1
                row.insert(symbol: marker, coefficient: 1)
            } else {
                marker = newSymbol(.error)
                other = newSymbol(.error)
                markerCoefficient = -1
                row.insert(symbol: marker, coefficient: -1)
                row.insert(symbol: other, coefficient: 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }

        var subject = chooseSubject(row, marker: marker, other: other)
        if subject < 0 && allDummies(row) {
            if !nearZero(row.constant) {
                let conflicting = explanation(row: row, basic: -1, failing: constraint)
                rollback(mark)
                throw SolverError.unsatisfiableConstraint(constraint, conflicting: conflicting)
            }
            subject = marker
        }
        if subject < 0 {
            journaling = true
            let (ok, artRow) = addWithArtificialVariable(row)
            if !ok {
                let conflicting = explanation(row: artRow, basic: -1, failing: constraint)
                rollback(mark)
                throw SolverError.unsatisfiableConstraint(constraint, conflicting: conflicting)
            }
            commit()
        } else {
            row.solveFor(subject)
            substitute(subject, row)
            putRow(subject, row)
        }

        var priority = constraint.strength.priority
        if priority.isNaN { priority = 0 }
        var weight = constraint.strength.weight
        if !(weight.isFinite && weight > 0) { weight = 1 }
        infos[key] = ConstraintInfo(
            marker: marker, other: other, markerCoefficient: markerCoefficient,
            constant: constraint.expression.constant, order: nextOrder, required: required,
            priority: priority, weight: weight)
        nextOrder += 1
        owners[marker] = constraint
        if other >= 0 { owners[other] = constraint }
        if !required {
            let li = level(for: priority)
            levels[li].count += 1
            if constraint.relation == .equal { addErrorEffect(marker, level: li, weight: weight) }
            addErrorEffect(other, level: li, weight: weight)
        }
        if !infeasible.isEmpty { _ = dualOptimize() }
        optimize()
    }

    /// Removes an installed constraint (paper §3.3: the marker variable is pivoted into the basis and
    /// its row dropped; the constraint's error variables leave the objective), then re-optimises.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not installed (solver unchanged).
    mutating func removeConstraint(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        guard let info = infos.removeValue(forKey: key) else {
            throw SolverError.unknownConstraint(constraint)
        }
        if !info.required, let li = levels.firstIndex(where: { $0.priority == info.priority }) {
            if constraint.relation == .equal { addErrorEffect(info.marker, level: li, weight: -info.weight) }
            addErrorEffect(info.other, level: li, weight: -info.weight)
            levels[li].count -= 1
            if levels[li].count == 0 {
                for (s, _) in levels[li].row.cells { markObjective(s) }
                levels.remove(at: li)
            }
        }
        let m = info.marker
        if rowStore[m] != nil {
            _ = removeRow(m)
        } else {
            let leaving = markerLeavingRow(m)
            if leaving >= 0 {
                pivot(leaving: leaving, entering: m)
                _ = removeRow(m)
            }
        }
        owners[m] = nil
        if info.other >= 0 { owners[info.other] = nil }
        optimize()
    }

    /// Whether the constraint is installed.
    mutating func hasConstraint(_ constraint: Constraint) -> Bool {
        infos[ObjectIdentifier(constraint)] != nil
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
    mutating func setConstant(_ newConstant: Double, of constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        guard var info = infos[key] else { throw SolverError.unknownConstraint(constraint) }
        let delta = newConstant - info.constant
        if delta == 0 { return }
        let mark = Mark(symbols: kinds.count, slots: slotSymbols.count, infeasible: infeasible)
        journaling = true
        var failed = applyConstantDelta(info, delta, checkDummies: true)
        if failed < 0 { failed = dualOptimize() }
        if failed >= 0 {
            let conflicting = explanation(row: rowStore[failed] ?? Row(), basic: failed, failing: constraint)
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
        infos[ObjectIdentifier(constraint)]?.constant
    }

    /// Makes `variable` an edit variable (paper §3.4): installs the non-required constraint
    /// `variable == suggestion` with the given strength; the suggestion starts at 0 (as in Kiwi) and is
    /// changed with ``suggestValue(_:for:)``.
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it already is one;
    ///   ``SolverError/badRequiredStrength`` if `strength` is required. Solver unchanged on throw.
    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws {
        if edits[variable.id] != nil { throw SolverError.duplicateEditVariable(variable) }
        if strength.isRequired { throw SolverError.badRequiredStrength }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        edits[variable.id] = EditInfo(constraint: constraint, value: 0, info: infos[ObjectIdentifier(constraint)]!)
    }

    /// Removes an edit variable and its edit constraint.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
    mutating func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.removeValue(forKey: variable.id) else {
            throw SolverError.unknownEditVariable(variable)
        }
        try removeConstraint(edit.constraint)
    }

    /// Whether `variable` is an edit variable.
    mutating func hasEditVariable(_ variable: Variable) -> Bool {
        edits[variable.id] != nil
    }

    /// Suggests a value for an edit variable (paper §4.3): the edit constraint's constant changes in
    /// place through its error variables, then dual optimisation (§4.3, lexicographic ratio test)
    /// re-establishes the optimum. Call ``updateVariables()`` to read the result.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if `variable` is not an edit variable.
    mutating func suggestValue(_ value: Double, for variable: Variable) throws {
        guard let i = edits.index(forKey: variable.id) else { throw SolverError.unknownEditVariable(variable) }
        let delta = value - edits.values[i].value
        edits.values[i].value = value
        // The edit constraint is `variable - value == 0`: its expression constant moves by -delta.
        _ = applyConstantDelta(edits.values[i].info, -delta, checkDummies: false)
        if dualOptimize() < 0 {
            // Dual simplex preserves dual feasibility: the objective is still optimal.
            clearObjectiveDirty()
        }
    }

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

    // MARK: - Symbols and variables

    struct Mark {
        var symbols: Int
        var slots: Int
        var infeasible: SymbolHeap
    }

    mutating func newSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        rowStore.append(nil)
        columns.append(IntSet())
        owners.append(nil)
        dirtyFlags.append(false)
        queued.append(false)
        return kinds.count - 1
    }

    mutating func externalSymbol(for variable: Variable) -> Int {
        if let slot = varSlots[variable.id] { return slotSymbols[slot] }
        let s = newSymbol(.external)
        varSlots[variable.id] = slotSymbols.count
        slotVariables.append(variable)
        slotSymbols.append(s)
        slotValues.append(0)
        return s
    }

    // MARK: - Tableau primitives (keep the column index and the journal up to date)

    @inline(__always) mutating func touch(_ basic: Int) {
        if journaling && journalRows.index(forKey: basic) == nil {
            journalRows.updateValue(rowStore[basic], forKey: basic)
        }
    }

    mutating func putRow(_ basic: Int, _ row: Row) {
        touch(basic)
        for (s, _) in row.cells { columns[s].insertNew(basic) }
        rowStore[basic] = row
    }

    mutating func removeRow(_ basic: Int) -> Row {
        touch(basic)
        let row = rowStore[basic]!
        rowStore[basic] = nil
        for (s, _) in row.cells { columns[s].remove(basic) }
        return row
    }

    /// Replaces `symbol` by `row` in every tableau row that mentions it (found through the column
    /// index), in the objective and in the artificial objective.
    mutating func substitute(_ symbol: Int, _ row: Row) {
        let targets = columns[symbol]
        columns[symbol] = IntSet()
        for b in targets { substituteRow(b, symbol, row) }
        substituteObjective(symbol, row)
        if artificial != nil { artificial!.substitute(symbol, with: row) }
    }

    mutating func substituteRow(_ b: Int, _ symbol: Int, _ row: Row) {
        touch(b)
        var r = rowStore[b]!
        rowStore[b] = nil
        guard let c = r.cells.removeValue(forKey: symbol) else {
            rowStore[b] = r
            return
        }
        r.constant += c * row.constant
        for (s, v) in row.cells {
            let d = c * v
            if let i = r.cells.index(forKey: s) {
                let nv = r.cells.value(at: i) + d
                if nearZero(nv) {
                    r.cells.remove(at: i)
                    columns[s].remove(b)
                } else {
                    r.cells.setValue(nv, at: i)
                }
            } else if !nearZero(d) {
                r.cells.insertNew(s, d)
                columns[s].insertNew(b)
            }
        }
        let negative = r.constant < 0
        rowStore[b] = r
        if negative && kinds[b] != .external { queueInfeasible(b) }
    }

    mutating func substituteObjective(_ symbol: Int, _ row: Row) {
        for li in levels.indices {
            guard let c = levels[li].row.cells.removeValue(forKey: symbol) else { continue }
            markObjective(symbol)
            if journaling {
                objectiveUndo.append((li, symbol, c))
                objectiveUndo.append((li, -1, levels[li].row.constant))
            }
            levels[li].row.constant += c * row.constant
            for (s, v) in row.cells {
                let d = c * v
                markObjective(s)
                if let i = levels[li].row.cells.index(forKey: s) {
                    let old = levels[li].row.cells.value(at: i)
                    if journaling { objectiveUndo.append((li, s, old)) }
                    let nv = old + d
                    if nearZero(nv) {
                        levels[li].row.cells.remove(at: i)
                    } else {
                        levels[li].row.cells.setValue(nv, at: i)
                    }
                } else if !nearZero(d) {
                    if journaling { objectiveUndo.append((li, s, 0)) }
                    levels[li].row.cells.insertNew(s, d)
                }
            }
        }
    }

    mutating func removeFromObjective(_ symbol: Int) {
        for li in levels.indices {
            if let c = levels[li].row.cells.removeValue(forKey: symbol) {
                markObjective(symbol)
                if journaling { objectiveUndo.append((li, symbol, c)) }
            }
        }
    }

    /// Makes `entering` basic in place of `leaving` (whose row must mention `entering`).
    mutating func pivot(leaving: Int, entering: Int) {
        var row = removeRow(leaving)
        row.solveFor(lhs: leaving, rhs: entering)
        substitute(entering, row)
        putRow(entering, row)
    }

    mutating func commit() {
        journaling = false
        journalRows.removeAll(keepingCapacity: true)
        objectiveUndo.removeAll(keepingCapacity: true)
        constantUndo.removeAll(keepingCapacity: true)
    }

    /// Restores the state recorded by `mark` plus the journal.
    mutating func rollback(_ mark: Mark) {
        for (b, old) in journalRows {
            if let cur = rowStore[b] { for (s, _) in cur.cells { columns[s].remove(b) } }
            rowStore[b] = old
            if let old { for (s, _) in old.cells { columns[s].insert(b) } }
        }
        // Constant-only changes, made before any structural change of those rows.
        for entry in constantUndo.reversed() { rowStore[entry.basic]!.constant = entry.old }
        for entry in objectiveUndo.reversed() {
            if entry.symbol < 0 {
                levels[entry.level].row.constant = entry.old
            } else if entry.old == 0 {
                levels[entry.level].row.cells.removeValue(forKey: entry.symbol)
            } else {
                levels[entry.level].row.cells[entry.symbol] = entry.old
            }
        }
        artificial = nil
        for b in infeasible.elements where b < queued.count { queued[b] = false }
        infeasible = mark.infeasible
        if kinds.count > mark.symbols {
            kinds.removeSubrange(mark.symbols...)
            rowStore.removeSubrange(mark.symbols...)
            columns.removeSubrange(mark.symbols...)
            owners.removeSubrange(mark.symbols...)
            dirtyFlags.removeSubrange(mark.symbols...)
            queued.removeSubrange(mark.symbols...)
        }
        for b in infeasible.elements { queued[b] = true }
        clearObjectiveDirty()
        if slotSymbols.count > mark.slots {
            for v in slotVariables[mark.slots...] { varSlots.removeValue(forKey: v.id) }
            slotVariables.removeSubrange(mark.slots...)
            slotSymbols.removeSubrange(mark.slots...)
            slotValues.removeSubrange(mark.slots...)
        }
        commit()
    }

    // MARK: - Adding (paper §3.1-3.2)

    /// Subject choice of paper §3.2 / Kiwi: the lowest-id external symbol; else the marker or other
    /// symbol if it is a slack/error with a negative coefficient; else -1.
    mutating func chooseSubject(_ row: Row, marker: Int, other: Int) -> Int {
        var best = -1
        var bestCount = Int.max
        for s in row.cells.keys where kinds[s] == .external {
            let n = columns[s].count
            if n < bestCount || (n == bestCount && s < best) {
                best = s
                bestCount = n
            }
        }
        if best >= 0 { return best }
        if kinds[marker] == .slack || kinds[marker] == .error, row.coefficient(for: marker) < 0 { return marker }
        if other >= 0, kinds[other] == .slack || kinds[other] == .error, row.coefficient(for: other) < 0 {
            return other
        }
        return -1
    }

    mutating func allDummies(_ row: Row) -> Bool {
        for s in row.cells.keys where kinds[s] != .dummy { return false }
        return true
    }

    /// Phase one with an artificial variable (paper §3.2): minimise the artificial variable; the row is
    /// satisfiable iff it reaches 0. Returns success and the final artificial objective (the row whose
    /// markers explain a failure). Runs journaled: the caller rolls back on failure.
    mutating func addWithArtificialVariable(_ row: Row) -> (Bool, Row) {
        let art = newSymbol(.slack)
        putRow(art, row)
        artificial = row
        optimizeArtificial()
        let finalRow = artificial!
        artificial = nil
        if !nearZero(finalRow.constant) { return (false, finalRow) }
        if rowStore[art] != nil {
            var r = removeRow(art)
            if !r.cells.isEmpty {
                var entering = -1
                var fallback = -1
                var dummy = -1
                for s in r.cells.keys {
                    switch kinds[s] {
                    case .slack, .error: if entering < 0 || s < entering { entering = s }
                    case .external: if fallback < 0 || s < fallback { fallback = s }
                    case .dummy: if dummy < 0 || s < dummy { dummy = s }
                    }
                }
                if entering < 0 { entering = fallback >= 0 ? fallback : dummy }
                r.solveFor(lhs: art, rhs: entering)
                substitute(entering, r)
                putRow(entering, r)
            }
        }
        for b in columns[art] {
            touch(b)
            rowStore[b]!.cells.removeValue(forKey: art)
        }
        columns[art] = IntSet()
        removeFromObjective(art)
        return (true, finalRow)
    }

    /// Required installed constraints owning a symbol of `row` (or `basic`), except `failing`, in
    /// insertion order.
    mutating func explanation(row: Row, basic: Int, failing: Constraint) -> [Constraint] {
        var found: [(Int, Constraint)] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ s: Int) {
            guard s >= 0, s < owners.count, let c = owners[s], c !== failing else { return }
            let key = ObjectIdentifier(c)
            guard let info = infos[key], info.required, seen.insert(key).inserted else { return }
            found.append((info.order, c))
        }
        for s in row.cells.keys { visit(s) }
        visit(basic)
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    mutating func level(for priority: Double) -> Int {
        var i = 0
        while i < levels.count && levels[i].priority > priority { i += 1 }
        if i < levels.count && levels[i].priority == priority { return i }
        levels.insert(Level(priority: priority, row: Row(), count: 0), at: i)
        return i
    }

    /// objective[level] += weight × (current expression of the error symbol).
    mutating func addErrorEffect(_ symbol: Int, level li: Int, weight: Double) {
        if let r = rowStore[symbol] {
            levels[li].row.insert(row: r, coefficient: weight)
            for (s, _) in r.cells { markObjective(s) }
        } else {
            levels[li].row.insert(symbol: symbol, coefficient: weight)
            markObjective(symbol)
        }
    }

    // MARK: - Constants (paper §3.4, §4.3)

    /// Moves the expression constant of a constraint by `delta` through its marker. Returns the basic
    /// symbol of a dummy row that became inconsistent (only when `checkDummies`), else -1. Rows that
    /// became infeasible are queued for dual optimisation.
    mutating func applyConstantDelta(_ info: ConstraintInfo, _ delta: Double, checkDummies: Bool) -> Int {
        // Constraint row: expr + k·m (+ …) = 0. expr + Δ + k·m = expr + k·(m + Δ/k): the old marker is the
        // new one shifted by Δ/k, so every occurrence of the marker gains a constant Δ/k.
        let shift = delta / info.markerCoefficient
        let m = info.marker
        var failed = -1
        if rowStore[m] != nil {
            if journaling { constantUndo.append((m, rowStore[m]!.constant)) }
            rowStore[m]!.constant -= shift
            failed = checkConstant(m, checkDummies: checkDummies)
        } else {
            for b in columns[m] {
                if journaling { constantUndo.append((b, rowStore[b]!.constant)) }
                let c = rowStore[b]!.cells[m]!
                rowStore[b]!.constant += c * shift
                let f = checkConstant(b, checkDummies: checkDummies)
                if f >= 0 && (failed < 0 || f < failed) { failed = f }
            }
        }
        return failed
    }

    /// Queues a restricted basic symbol whose constant went negative for dual optimisation (once).
    @inline(__always) mutating func queueInfeasible(_ b: Int) {
        if !queued[b] {
            queued[b] = true
            infeasible.push(b)
        }
    }

    @inline(__always) mutating func checkConstant(_ b: Int, checkDummies: Bool) -> Int {
        let v = rowStore[b]!.constant
        switch kinds[b] {
        case .external:
            return -1
        case .dummy:
            if checkDummies && !nearZero(v) { return b }
            return -1
        case .slack, .error:
            if v < 0 { queueInfeasible(b) }
            return -1
        }
    }

    // MARK: - Optimisation (paper §2.3 primal, §4.3 dual)

    /// Primal simplex on the lexicographic objective. Entering symbol: the lowest-id non-dummy symbol
    /// whose symbolic coefficient is lexicographically negative (its highest non-zero level is
    /// negative); leaving row: minimum ratio, lowest id on ties (Bland's rule, no cycling).
    mutating func optimize() {
        degeneratePivots = 0
        while true {
            let entering = lexEntering()
            if entering < 0 { return }
            let leaving = leavingRow(entering)
            if leaving < 0 { return }  // unbounded: impossible for an objective bounded below by 0
            countDegenerate(leaving)
            pivot(leaving: leaving, entering: entering)
        }
    }

    @inline(__always) mutating func markObjective(_ symbol: Int) {
        if !dirtyFlags[symbol] {
            dirtyFlags[symbol] = true
            objectiveDirty.append(symbol)
        }
    }

    mutating func clearObjectiveDirty() {
        for s in objectiveDirty where s < dirtyFlags.count { dirtyFlags[s] = false }
        objectiveDirty.removeAll(keepingCapacity: true)
        negatives.removeAll()
    }

    /// Whether the symbolic coefficient of `symbol` is lexicographically negative.
    @inline(__always) mutating func lexNegative(_ symbol: Int) -> Bool {
        for li in levels.indices {
            if let c = levels[li].row.cells[symbol] { return c < 0 }
        }
        return false
    }

    mutating func lexEntering() -> Int {
        for s in objectiveDirty {
            dirtyFlags[s] = false
            if kinds[s] != .dummy && lexNegative(s) { negatives.insert(s) } else { negatives.remove(s) }
        }
        objectiveDirty.removeAll(keepingCapacity: true)
        return pickEntering(negatives)
    }

    /// Entering symbol among `candidates`: the one mentioned by the fewest rows (so the pivot substitutes
    /// into as few rows as possible and creates little fill-in), lowest id on ties. After a run of
    /// degenerate pivots it falls back to the lowest id alone (Bland's rule), which cannot cycle.
    mutating func pickEntering<S: Sequence>(_ candidates: S) -> Int where S.Element == Int {
        var best = -1
        if degeneratePivots > 50 {
            for s in candidates where best < 0 || s < best { best = s }
            return best
        }
        var bestCount = Int.max
        for s in candidates {
            let n = columns[s].count
            if n < bestCount || (n == bestCount && s < best) {
                best = s
                bestCount = n
            }
        }
        return best
    }

    mutating func optimizeArtificial() {
        degeneratePivots = 0
        while let art = artificial {
            var candidates: [Int] = []
            for (s, c) in art.cells where c < 0 && kinds[s] != .dummy { candidates.append(s) }
            let entering = pickEntering(candidates)
            if entering < 0 { return }
            let leaving = leavingRow(entering)
            if leaving < 0 { return }
            countDegenerate(leaving)
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Counts consecutive degenerate pivots (the leaving row's constant is zero: the objective does not
    /// move), to switch ``pickEntering(_:)`` to Bland's rule before any cycle can form.
    @inline(__always) mutating func countDegenerate(_ leaving: Int) {
        if nearZero(rowStore[leaving]!.constant) { degeneratePivots += 1 } else { degeneratePivots = 0 }
    }

    @inline(__always) mutating func better(_ ratio: Double, _ b: Int, than bestRatio: Double, _ best: Int) -> Bool {
        if best < 0 || ratio < bestRatio - epsilon { return true }
        return ratio <= bestRatio + epsilon && b < best
    }

    /// Row leaving the basis when `entering` increases: rows with a negative coefficient for it and a
    /// restricted basic symbol, minimum ratio -constant/coefficient.
    mutating func leavingRow(_ entering: Int) -> Int {
        var best = -1
        var bestRatio = Double.infinity
        for b in columns[entering] where kinds[b] != .external {
            let c = rowStore[b]!.cells[entering]!
            if c < 0 {
                let ratio = -rowStore[b]!.constant / c
                if better(ratio, b, than: bestRatio, best) {
                    best = b
                    bestRatio = ratio
                }
            }
        }
        return best
    }

    /// Row to pivot a (non-basic) marker into the basis for removal (paper §3.3, Kiwi's
    /// getMarkerLeavingRow): restricted rows with a negative coefficient by minimum ratio, else
    /// restricted rows with a positive coefficient by minimum ratio, else an external row.
    mutating func markerLeavingRow(_ marker: Int) -> Int {
        var first = -1, second = -1, third = -1
        var r1 = Double.infinity, r2 = Double.infinity
        for b in columns[marker] {
            let c = rowStore[b]!.cells[marker]!
            let constant = rowStore[b]!.constant
            if kinds[b] == .external {
                if third < 0 || b < third { third = b }
            } else if c < 0 {
                let r = -constant / c
                if better(r, b, than: r1, first) {
                    first = b
                    r1 = r
                }
            } else {
                let r = constant / c
                if better(r, b, than: r2, second) {
                    second = b
                    r2 = r
                }
            }
        }
        return first >= 0 ? first : (second >= 0 ? second : third)
    }

    /// Dual simplex (paper §4.3): while some restricted basic symbol is negative, pivot it out, choosing
    /// the entering symbol by the lexicographically smallest ratio objective/coefficient over positive
    /// coefficients. Returns the basic symbol of a row that cannot be repaired (required constraints
    /// inconsistent), else -1.
    mutating func dualOptimize() -> Int {
        while !infeasible.isEmpty {
            let leaving = infeasible.popMin()
            queued[leaving] = false
            guard let row = rowStore[leaving], row.constant < 0, !nearZero(row.constant) else { continue }
            let entering = dualEntering(row)
            if entering < 0 {
                for b in infeasible.elements { queued[b] = false }
                infeasible.removeAll()
                return leaving
            }
            pivot(leaving: leaving, entering: entering)
        }
        return -1
    }

    mutating func dualEntering(_ row: Row) -> Int {
        var best = -1
        var bestCoefficient = 0.0
        for (s, c) in row.cells where c > 0 && kinds[s] != .dummy {
            if best < 0 {
                best = s
                bestCoefficient = c
                continue
            }
            // Compare objective[s]/c with objective[best]/bestCoefficient, highest level first.
            var decided = false
            for li in levels.indices {
                let a = (levels[li].row.cells[s] ?? 0) / c
                let b = (levels[li].row.cells[best] ?? 0) / bestCoefficient
                if a < b - epsilon {
                    best = s
                    bestCoefficient = c
                    decided = true
                    break
                }
                if a > b + epsilon {
                    decided = true
                    break
                }
            }
            if !decided && s < best {
                best = s
                bestCoefficient = c
            }
        }
        return best
    }
}

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
/// Every throwing call leaves the solver exactly as it was (the tableau, the objective and every value).
/// Choices are deterministic (lowest symbol id on ties), so equal inputs give equal solutions.
///
/// A class with one owner; not meant to be shared between threads.
public final class Solver {
    var core = SolverCore()

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
        try core.addConstraint(constraint)
    }

    /// Removes an installed constraint (paper §3.3: the marker variable is pivoted into the basis and
    /// its row dropped; the constraint's error variables leave the objective), then re-optimises.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not installed (solver unchanged).
    public func removeConstraint(_ constraint: Constraint) throws {
        try core.removeConstraint(constraint)
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
        try core.setConstant(newConstant, of: constraint)
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
        try core.addEditVariable(variable, strength: strength)
    }

    /// Removes an edit variable and its edit constraint.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
    public func removeEditVariable(_ variable: Variable) throws {
        try core.removeEditVariable(variable)
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
        try core.suggestValue(value, for: variable)
    }

    /// Copies the solved values out of the tableau into the store read by ``value(of:)``.
    /// A basic variable takes its row constant; a non-basic (free) one is 0.
    public func updateVariables() {
        core.updateVariables()
    }

    /// The value of `variable` after the last ``updateVariables()``; 0 for a variable the solver has
    /// never seen (or seen only after the last update).
    public func value(of variable: Variable) -> Double {
        return core.value(of: variable)
    }

    /// Removes every constraint, edit variable and variable.
    public func reset() {
        core.reset()
    }

    /// A dump of the tableau: rows (basic symbol = constant + terms), objective levels, edit variables.
    public var debugDescription: String { core.debugDescription }
}
