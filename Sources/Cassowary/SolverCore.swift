/// What the solver remembers about an installed constraint (the paper's marker and error variables).
/// Kept small (24 bytes): one per constraint. Priority and weight are read from the constraint itself.
struct ConstraintInfo {
    /// Marker symbol: the slack of an inequality, the dummy of a required equality, or the positive
    /// error of a non-required equality (paper §3.3 and §4.2).
    var marker32: Int32
    /// The second error symbol of a non-required constraint, -1 for none (see ``other``).
    var other32: Int32
    /// Insertion order, for deterministic explanations.
    var order32: Int32
    var required: Bool
    /// Whether the coefficient of `marker` in the constraint's row `expression + … = 0` is -1 (else +1).
    var negativeMarker: Bool
    /// Current constant of the expression (changes with `setConstant` / `suggestValue`).
    var constant: Double

    init(marker: Int, other: Int?, markerCoefficient: Double, constant: Double, order: Int, required: Bool) {
        marker32 = Int32(marker)
        other32 = other.map { Int32($0) } ?? -1
        order32 = Int32(truncatingIfNeeded: order)
        self.required = required
        negativeMarker = markerCoefficient < 0
        self.constant = constant
    }

    var marker: Int { Int(marker32) }
    /// The second error symbol (non-required constraints), nil for required ones.
    var other: Int? { other32 < 0 ? nil : Int(other32) }
    var order: Int { Int(order32) }
    var markerCoefficient: Double { negativeMarker ? -1 : 1 }
}

/// The key of `constraint` in ``SolverCore/infos``: its object address, never 0, and not reused while
/// the solver holds the constraint (``SymbolTable/owners`` keeps it alive).
@inline(__always) func infoKey(_ constraint: Constraint) -> Int {
    Int(bitPattern: ObjectIdentifier(constraint))
}

/// The priority level and weight a non-required constraint contributes with (NaN priority as 0,
/// non-positive or non-finite weight as 1).
func objectivePriorityAndWeight(_ strength: Strength) -> (priority: Double, weight: Double) {
    var priority = strength.priority
    if priority.isNaN { priority = 0 }
    var weight = strength.weight
    if !(weight.isFinite && weight > 0) { weight = 1 }
    return (priority, weight)
}

/// The solver state and algorithms; `Solver` is a thin class around it, so the hot paths work on one
/// struct (`inout self`) without per-property dynamic exclusivity checks.
///
/// **Lazy external rows.** The simplex only reads restricted rows (slack, error, dummy basics) and the
/// objective, so only those are kept in solved form (over non-basic symbols). A row of an external
/// (unrestricted) basic symbol may also refer to other basic symbols: `t5 = t4 + h4 + 8 + d` keeps `t4`
/// and `h4` instead of substituting their rows, so a chain of required equalities costs O(1) per link
/// instead of pulling in the markers of every earlier link. Such a row is *lazy*; it is expanded (its
/// references substituted recursively) only when it must enter a restricted row or the objective, and
/// ``updateVariables()`` evaluates lazy rows through their references. Pivots substitute the entering
/// symbol into restricted rows and the objective only; external rows keep referring to it. No cycle can
/// form: every external basic row carries a `stamp`, and a row refers to a basic external symbol only
/// when its own stamp is higher (restricted basic rows are in solved form and refer to nothing basic).
/// Laziness only pays where expansion would copy many cells: a reference whose expansion has at most
/// ``lazyThreshold`` cells is substituted at once (small layouts such as enaml keep reading constants).
struct SolverCore {
    /// Rows with at most this many cells are substituted into external rows instead of referred to.
    var lazyThreshold = 8
    /// With false, every row is kept in classic solved form (the reference the tests compare with).
    var lazyRowsEnabled = true

    /// The per-symbol storage: kinds, rows, column index, row ids, owners, queue and dirty flags.
    var symbols = SymbolTable()

    var infeasible = SymbolHeap()
    /// The lexicographic objective: levels and dense coefficients (see ``Objective``).
    var objective = Objective()
    var artificial: Row?

    /// Installed constraints by `ObjectIdentifier` bit pattern (see ``infoKey(_:)``).
    var infos = IdentityTable<ConstraintInfo>()
    /// The edit variables and the copies of their markers' columns.
    var edits = EditVariables()

    /// The variables: slot, external symbol and solved value of each.
    var slots = VariableSlots()

    /// The lazy rows' evaluation program (see ``LazyEvaluation``), valid while its version equals
    /// `structureVersion`.
    var evaluation = LazyEvaluation()
    /// Moves whenever the shape of a lazy row, or of a row one refers to, changes.
    var structureVersion = 0
    /// The external rows whose shape changed since the program was compiled, while the program can be
    /// extended by them (``structureChanged(row:)``); nil once anything else changed shape.
    var rowsChangedSinceCompiling: [Int32]? = []
    /// Moves whenever a tableau row gains, loses or re-weights a cell or changes its basic symbol
    /// (constant-only changes keep it): the validity stamp of every ``MarkerColumn``.
    var cellsVersion = 0
    /// Scratch buffers (kept to avoid allocations in hot loops).
    var scratch: [Int] = []

    var nextOrder = 0
    /// The first broken invariant a call found (see SolverCore+Fault.swift); nil while consistent.
    var fault: String?
    /// Test hook: the next call records a fault before it does anything (see ``Solver/plantFault()``).
    var plantedFault = false

    // Objective symbols whose coefficient changed since the last optimality check, and the symbols known
    // to have a lexicographically negative coefficient. At the start of every public call both are empty
    // (the objective is optimal), so optimize() only looks at what changed.
    var objectiveDirty: [Int] = []
    /// Whether objective changes queue their symbol in `objectiveDirty` (off during dual optimisation).
    var marksObjective = true
    var negatives = IntSet()
    /// Consecutive degenerate pivots of the current primal optimisation (see ``pickEntering(_:)``).
    var degeneratePivots = 0

    // Transaction journal (only active while a call can still fail after mutating the tableau).
    var journal = Journal()

    /// The slots whose value changed at an ``updateVariables()`` since the last
    /// ``takeChangedTags()`` (a slot may repeat), so an owner updates only what moved.
    var changedSlots: [Int32] = []
    /// Set when `changedSlots` would outgrow twice the slots, and by ``reset()``: everything changed.
    var everythingChanged = false

    /// Creates an empty solver.
    init() {}

    /// Copies the solved values out of the tableau into the store read by ``value(of:)``.
    /// A basic variable takes its row constant, or for a lazy row its constant plus its references'
    /// values; a non-basic (free) one is 0.
    mutating func updateVariables() {
        var values = slots.values
        // The values as last read, to tell which changed (shares storage until `values` is written).
        let previous = values
        slots.values = []
        var anyLazy = false
        symbols.rows.withRows { rows in
            slots.symbols.withUnsafeBufferPointer { slotSymbols in
                values.withUnsafeMutableBufferPointer { out in
                    guard let base = rows.baseAddress else { return }
                    for slot in 0..<slotSymbols.count {
                        // Read the constant in place (no copy of the row's storage references).
                        let s = slotSymbols[slot]
                        if base[s]?.lazy == true {
                            anyLazy = true
                            out[slot] = .nan
                        } else {
                            out[slot] = base[s]?.constant ?? 0
                        }
                    }
                }
            }
        }
        if anyLazy {
            if evaluation.version != structureVersion {
                // Rows the program can be extended by: appended to it; else it is compiled afresh.
                let notLazy = rowsChangedSinceCompiling.flatMap {
                    evaluation.version < 0 ? nil : evaluation.extend(symbols.rows, by: $0, slotSymbols: slots.symbols)
                } ?? evaluation.compile(symbols.rows, slotSymbols: slots.symbols)
                for t in notLazy { symbols.rows.setLazy(t, false) }
                evaluation.version = structureVersion
                rowsChangedSinceCompiling = []
            }
            evaluation.run(symbols.rows)
            evaluation.write(into: &values)
            // Rows found not to be lazy any more while compiling: their constant.
            for slot in values.indices where values[slot].isNaN {
                values[slot] = symbols.rows.constant(slots.symbols[slot]) ?? 0
            }
        }
        noteChanges(from: previous, to: values)
        slots.values = values
    }

    /// Appends the slots whose value differs between `previous` and `values` (slots added since the
    /// last read count from 0) to ``changedSlots``.
    /// - Complexity: O(slots), one comparison each.
    private mutating func noteChanges(from previous: [Double], to values: [Double]) {
        guard !everythingChanged else { return }
        let limit = 2 * values.count
        // Room for a typical edit's changes at once, not a growth step per doubling (the array is
        // not kept between reads).
        if changedSlots.capacity == 0 { changedSlots.reserveCapacity(Swift.min(values.count, 64)) }
        previous.withUnsafeBufferPointer { old in
            values.withUnsafeBufferPointer { new in
                for slot in 0..<new.count {
                    let before = slot < old.count ? old[slot] : 0
                    // NaN compares unequal to itself: counted as a change, which is safe.
                    if new[slot] != before { changedSlots.append(Int32(truncatingIfNeeded: slot)) }
                }
            }
        }
        if changedSlots.count > limit {
            everythingChanged = true
            changedSlots = []
        }
    }

    /// The tags (``VariableSlots/tags``) of the variables whose value changed at an
    /// ``updateVariables()`` since the last call, each once or more, without the tags below -1 (see
    /// ``ChangedTags``). Starts the next count.
    /// - Complexity: O(changed variables), O(1) when more than `limit` changed.
    mutating func takeChangedTags(atMost limit: Int) -> ChangedTags {
        defer {
            changedSlots = []
            everythingChanged = false
        }
        guard !everythingChanged else { return .untagged }
        guard changedSlots.count <= limit else { return .many }
        var tags: [Int32] = []
        tags.reserveCapacity(changedSlots.count)
        for slot in changedSlots where Int(slot) < slots.count {
            let tag = slots.tags[Int(slot)]
            if tag == -1 { return .untagged }
            if tag >= 0 { tags.append(tag) }
        }
        return .tags(tags)
    }

    /// Marks the shape of lazy rows (or of what they refer to) as changed.
    @inline(__always) mutating func structureChanged() {
        structureVersion &+= 1
        rowsChangedSinceCompiling = nil
    }

    /// Marks the shape of external row `basic` as changed, where the evaluation program can be
    /// extended by it (``LazyEvaluation/extend(_:by:slotSymbols:)``): a row put or removed that no row
    /// refers to, or one rewritten over non-basic symbols (it keeps its row, so references to its
    /// constant hold). Whether it was a compiled lazy row is checked there.
    @inline(__always) mutating func structureChanged(row basic: Int) {
        structureVersion &+= 1
        guard rowsChangedSinceCompiling != nil else { return }
        if rowsChangedSinceCompiling?.count ?? 0 >= 64 {
            rowsChangedSinceCompiling = nil
        } else {
            rowsChangedSinceCompiling?.append(Int32(truncatingIfNeeded: basic))
        }
    }

    /// The value of `variable` after the last ``updateVariables()``; 0 for a variable the solver has
    /// never seen (or seen only after the last update).
    mutating func value(of variable: Variable) -> Double {
        guard let slot = slots.slot(of: variable) else { return 0 }
        return slots.values[slot]
    }

    /// Removes every constraint, edit variable and variable.
    mutating func reset() {
        symbols = SymbolTable()
        infeasible = SymbolHeap()
        objective = Objective()
        artificial = nil
        infos.removeAll()
        edits = EditVariables()
        slots = VariableSlots()
        changedSlots = []
        everythingChanged = true
        structureChanged()
        nextOrder = 0
        objectiveDirty = []
        negatives = IntSet()
        journal = Journal()
        fault = nil
        plantedFault = false
    }

    /// A dump of the tableau: rows (basic symbol = constant + terms), objective levels, edit variables.
    var debugDescription: String {
        func name(_ s: Int) -> String {
            switch symbols.kinds[s] {
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
        for (variable, symbol) in zip(slots.variables, slots.symbols) {
            out += "  \(variable) -> \(name(symbol))\n"
        }
        out += "Objective:\n"
        for (li, level) in objective.levels.enumerated() { out += "  @\(level.priority) (\(level.count)): \(text(objective.row(li)))\n" }
        out += "Tableau:\n"
        for s in symbols.rows.indices { if let row = symbols.rows[s] { out += "  \(name(s)) = \(text(row))\n" } }
        out += "Constraints: \(infos.count), edit variables: \(edits.infos.count), infeasible: \(infeasible.elements)\n"
        return out
    }
}
