/// One priority level of the lexicographic objective: the weighted errors of all non-required
/// constraints whose priority equals `priority`, expressed over the current non-basic symbols.
struct Level {
    var priority: Double
    /// The level's constant (its coefficients live in ``SolverCore/objective``). Only structural changes
    /// move it; constant changes (`setConstant`, `suggestValue`) leave it stale, and only the dump reads it.
    var constant: Double
    /// Number of installed constraints contributing to the level.
    var count: Int
}

/// What the solver remembers about an installed constraint (the paper's marker and error variables).
/// Kept small (24 bytes): one per constraint. Priority and weight are read from the constraint itself.
struct ConstraintInfo {
    /// Marker symbol: the slack of an inequality, the dummy of a required equality, or the positive
    /// error of a non-required equality (paper §3.3 and §4.2).
    var marker32: Int32
    /// The second error symbol (non-required constraints) or -1.
    var other32: Int32
    /// Insertion order, for deterministic explanations.
    var order32: Int32
    var required: Bool
    /// Whether the coefficient of `marker` in the constraint's row `expression + … = 0` is -1 (else +1).
    var negativeMarker: Bool
    /// Current constant of the expression (changes with `setConstant` / `suggestValue`).
    var constant: Double

    init(marker: Int, other: Int, markerCoefficient: Double, constant: Double, order: Int, required: Bool) {
        marker32 = Int32(marker)
        other32 = Int32(other)
        order32 = Int32(truncatingIfNeeded: order)
        self.required = required
        negativeMarker = markerCoefficient < 0
        self.constant = constant
    }

    var marker: Int { Int(marker32) }
    var other: Int { Int(other32) }
    var order: Int { Int(order32) }
    var markerCoefficient: Double { negativeMarker ? -1 : 1 }
}

/// The key of `constraint` in ``SolverCore/infos``: its object address, never 0, and not reused while
/// the solver holds the constraint (``SolverCore/owners`` keeps it alive).
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

struct EditInfo {
    var constraint: Constraint
    var value: Double
    /// The edit constraint's bookkeeping (its constant is not tracked here: edit constraints are internal).
    var info: ConstraintInfo
    /// Index of the copy of its marker's column in ``SolverCore/markerColumns``.
    var column: Int
}

/// A copy of one marker's column with the coefficients it has in each row: the basic symbols and
/// coefficients, valid while the tableau's cells keep `version`. Repeated suggestions to an edit variable
/// (a drag, a resize) then stream through two dense arrays instead of looking the marker up in every row.
/// The copy is taken only after a suggestion that pivoted nothing, when the cells have not changed since
/// (`quietVersion`): suggestions that pivot every time (enaml's, a resize crossing breakpoints) would pay
/// for copies never reused.
struct MarkerColumn {
    var version = -1
    /// The cells' version at the end of the last suggestion if it pivoted nothing, else -1.
    var quietVersion = -1
    /// Basic symbol of each row, complemented (`~b`) for rows whose sign is never checked.
    var basics: [Int32] = []
    var coefficients: [Double] = []
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
    /// Objective, one level per priority, sorted by decreasing priority; coefficients in `objective`,
    /// `levelStride` slots per symbol (see SolverCore+Objective.swift).
    var levels: [Level] = []
    var objective: [Double] = []
    var levelStride = 1
    var artificial: Row?

    /// Installed constraints by `ObjectIdentifier` bit pattern (see ``infoKey(_:)``).
    var infos = IdentityTable<ConstraintInfo>()
    var edits = IdentityTable<EditInfo>()
    /// The marker columns of the edit variables (see ``MarkerColumn``); freed entries are reused.
    var markerColumns: [MarkerColumn] = []
    var freeMarkerColumns: [Int] = []

    // Variables: id -> dense slot.
    var varSlots = IdentityTable<Int>()
    var slotVariables: [Variable] = []
    var slotSymbols: [Int] = []
    var slotValues: [Double] = []

    /// The evaluation of lazy rows compiled into flat arrays, in dependency order: row `evalOrder[i]` is
    /// its constant plus `evalCoefficients[j] × value(evalReferences[j])` for j in
    /// `evalStarts[i]..<evalStarts[i + 1]`; a reference to a lazy row is its position in `evalOrder` (its
    /// value in `evalValues`), any other reference a symbol whose row constant is read. Variable slot
    /// `evalSlots[k]` takes `evalValues[evalSlotPositions[k]]`. Rebuilt when `structureVersion` moved (a
    /// lazy row or what it refers to changed shape).
    var evalOrder: [Int] = []
    var evalStarts: [Int] = [0]
    var evalReferences: [Int] = []
    var evalReferenceIsLazy: [Bool] = []
    var evalCoefficients: [Double] = []
    var evalValues: [Double] = []
    var evalSlots: [Int] = []
    var evalSlotPositions: [Int] = []
    var structureVersion = 0
    var programVersion = -1
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
    var dirtyFlags: [Bool] = []
    var negatives = IntSet()
    /// Consecutive degenerate pivots of the current primal optimisation (see ``pickEntering(_:)``).
    var degeneratePivots = 0

    // Transaction journal (only active while a call can still fail after mutating the tableau).
    var journal = Journal()

    /// Creates an empty solver.
    init() {}

    /// Copies the solved values out of the tableau into the store read by ``value(of:)``.
    /// A basic variable takes its row constant, or for a lazy row its constant plus its references'
    /// values; a non-basic (free) one is 0.
    mutating func updateVariables() {
        var values = slotValues
        slotValues = []
        var anyLazy = false
        symbols.rows.withUnsafeBufferPointer { rows in
            slotSymbols.withUnsafeBufferPointer { symbols in
                values.withUnsafeMutableBufferPointer { out in
                    guard let base = rows.baseAddress else { return }
                    for slot in 0..<symbols.count {
                        // Read the constant in place (no copy of the row's storage references).
                        let s = symbols[slot]
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
            if programVersion != structureVersion { compileEvaluation() }
            runEvaluation()
            for k in evalSlots.indices { values[evalSlots[k]] = evalValues[evalSlotPositions[k]] }
            // Rows found not to be lazy any more while compiling: their constant.
            for slot in values.indices where values[slot].isNaN {
                values[slot] = symbols.rows[slotSymbols[slot]]?.constant ?? 0
            }
        }
        slotValues = values
    }

    /// Marks the shape of lazy rows (or of what they refer to) as changed.
    @inline(__always) mutating func structureChanged() { structureVersion &+= 1 }

    /// Evaluates the compiled lazy rows into `evalValues`.
    mutating func runEvaluation() {
        symbols.rows.withUnsafeBufferPointer { rows in
            guard let base = rows.baseAddress else { return }
            evalOrder.withUnsafeBufferPointer { order in
                evalStarts.withUnsafeBufferPointer { starts in
                    evalReferences.withUnsafeBufferPointer { references in
                        evalReferenceIsLazy.withUnsafeBufferPointer { isLazy in
                            evalCoefficients.withUnsafeBufferPointer { coefficients in
                                evalValues.withUnsafeMutableBufferPointer { values in
                                    for i in 0..<order.count {
                                        let t = order[i]
                                        var v = base[t].unsafelyUnwrapped.constant
                                        for j in starts[i]..<starts[i + 1] {
                                            let z = references[j]
                                            let value = isLazy[j] ? values[z] : base[z].unsafelyUnwrapped.constant
                                            v += coefficients[j] * value
                                        }
                                        values[i] = v
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Compiles the lazy rows of every variable into the flat evaluation program (depth-first from each
    /// variable, references first; an explicit stack, since chains of references can be as long as the
    /// layout). Rows found to refer to nothing basic any more stop being lazy.
    mutating func compileEvaluation() {
        evalOrder.removeAll(keepingCapacity: true)
        evalStarts.removeAll(keepingCapacity: true)
        evalStarts.append(0)
        evalReferences.removeAll(keepingCapacity: true)
        evalReferenceIsLazy.removeAll(keepingCapacity: true)
        evalCoefficients.removeAll(keepingCapacity: true)
        evalSlots.removeAll(keepingCapacity: true)
        evalSlotPositions.removeAll(keepingCapacity: true)
        // Per symbol while compiling: -1 not visited, -2 visited and not lazy, else position.
        var position = [Int32](repeating: -1, count: symbols.kinds.count)
        var stack = scratch
        scratch = []
        stack.removeAll(keepingCapacity: true)
        var notLazy: [Int] = []
        var order: [Int] = []
        var starts: [Int] = [0]
        var references: [Int] = []
        var referenceIsLazy: [Bool] = []
        var coefficients: [Double] = []
        var slots: [Int] = []
        var slotPositions: [Int] = []
        swap(&order, &evalOrder)
        swap(&starts, &evalStarts)
        swap(&references, &evalReferences)
        swap(&referenceIsLazy, &evalReferenceIsLazy)
        swap(&coefficients, &evalCoefficients)
        swap(&slots, &evalSlots)
        swap(&slotPositions, &evalSlotPositions)
        // Rows are read in place (field reads through the optional, no copies of the rows).
        symbols.rows.withUnsafeBufferPointer { rows in
            guard let base = rows.baseAddress else { return }
            for slot in slotSymbols.indices {
                let root = slotSymbols[slot]
                guard base[root]?.lazy == true else { continue }
                if position[root] == -1 { stack.append(root) }
                while let t = stack.last {
                    if position[t] != -1 {
                        stack.removeLast()
                        continue
                    }
                    let cells = base[t].unsafelyUnwrapped.cells
                    var ready = true
                    for (z, _) in cells where base[z]?.lazy == true && position[z] == -1 {
                        ready = false
                        stack.append(z)
                    }
                    if !ready { continue }
                    stack.removeLast()
                    var anyReference = false
                    for (z, a) in cells {
                        guard let zLazy = base[z]?.lazy else { continue }
                        anyReference = true
                        let lazyReference = zLazy && position[z] >= 0
                        references.append(lazyReference ? Int(position[z]) : z)
                        referenceIsLazy.append(lazyReference)
                        coefficients.append(a)
                    }
                    if anyReference {
                        position[t] = Int32(order.count)
                        order.append(t)
                        starts.append(references.count)
                    } else {
                        // Refers to nothing basic: read as a constant (and marked so below).
                        notLazy.append(t)
                        position[t] = -2
                    }
                }
                if position[root] >= 0 {
                    slots.append(slot)
                    slotPositions.append(Int(position[root]))
                }
            }
        }
        swap(&order, &evalOrder)
        swap(&starts, &evalStarts)
        swap(&references, &evalReferences)
        swap(&referenceIsLazy, &evalReferenceIsLazy)
        swap(&coefficients, &evalCoefficients)
        swap(&slots, &evalSlots)
        swap(&slotPositions, &evalSlotPositions)
        for t in notLazy { symbols.rows[t]?.lazy = false }
        evalValues = [Double](repeating: 0, count: evalOrder.count)
        scratch = stack
        programVersion = structureVersion
    }

    /// The value of `variable` after the last ``updateVariables()``; 0 for a variable the solver has
    /// never seen (or seen only after the last update).
    mutating func value(of variable: Variable) -> Double {
        guard let slot = varSlots[variable.id] else { return 0 }
        return slotValues[slot]
    }

    /// Removes every constraint, edit variable and variable.
    mutating func reset() {
        symbols = SymbolTable()
        infeasible = SymbolHeap()
        levels = []
        objective = []
        levelStride = 1
        artificial = nil
        infos.removeAll()
        edits.removeAll()
        markerColumns = []
        freeMarkerColumns = []
        varSlots.removeAll()
        slotVariables = []
        slotSymbols = []
        slotValues = []
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
        for slot in slotVariables.indices {
            out += "  \(slotVariables[slot]) -> \(name(slotSymbols[slot]))\n"
        }
        out += "Objective:\n"
        for li in levels.indices { out += "  @\(levels[li].priority) (\(levels[li].count)): \(text(objectiveRow(li)))\n" }
        out += "Tableau:\n"
        for s in symbols.rows.indices { if let row = symbols.rows[s] { out += "  \(name(s)) = \(text(row))\n" } }
        out += "Constraints: \(infos.count), edit variables: \(edits.count), infeasible: \(infeasible.elements)\n"
        return out
    }
}
