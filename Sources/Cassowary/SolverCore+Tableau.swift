/// Tableau primitives: symbols, rows and the column index, substitution, pivoting, and the transaction
/// journal that lets a failing call roll back.
extension SolverCore {
    struct Mark {
        var symbols: Int
        var slots: Int
        var infeasible: SymbolHeap
    }

    mutating func newSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        rowStore.append(nil)
        columns.append(IntSet())
        rowIds.append(-1)
        owners.append(nil)
        dirtyFlags.append(false)
        queued.append(false)
        for _ in 0..<levelStride { objective.append(0) }
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

    @inline(__always) mutating func touch(_ basic: Int) {
        cellsVersion &+= 1
        if journaling && journalRows.index(forKey: basic) == nil {
            journalRows.updateValue((rowStore[basic], rowIds[basic]), forKey: basic)
        }
    }

    // In-place access to a stored row through a pointer to it. The hot loops over thousands of rows (a
    // resize, a constant change) must neither copy a row (retaining its cells) nor go through the array's
    // `modify` accessor, which is not inlined; each of those cost several times the loop's own work.

    /// Basic symbol `b`'s row constant; nil when it has no row.
    @inline(__always) func rowConstant(_ b: Int) -> Double? {
        rowStore.withUnsafeBufferPointer { rows in rows.baseAddress.flatMap { ($0 + b).pointee?.constant } }
    }

    /// The coefficient of `symbol` in basic symbol `b`'s row; nil when either is missing.
    @inline(__always) func rowCell(_ b: Int, _ symbol: Int) -> Double? {
        rowStore.withUnsafeBufferPointer { rows in rows.baseAddress.flatMap { ($0 + b).pointee?.cells[symbol] } }
    }

    /// Adds `delta` to basic symbol `b`'s row constant and returns the new constant; nil when it has no row.
    @inline(__always) mutating func addToRowConstant(_ b: Int, _ delta: Double) -> Double? {
        rowStore.withUnsafeMutableBufferPointer { rows in
            rows.baseAddress.flatMap { ($0 + b).pointee?.addToConstant(delta) }
        }
    }

    /// Basic symbol of row `id`.
    @inline(__always) func basicOf(_ id: Int) -> Int { Int(rowBasics[id]) }

    /// Row id of basic symbol `basic`.
    @inline(__always) func rowId(_ basic: Int) -> Int { Int(rowIds[basic]) }

    mutating func putRow(_ basic: Int, _ row: Row) {
        touch(basic)
        // An external row, or a symbol lazy rows refer to, changes what lazy rows evaluate.
        if kinds[basic] == .external || !columns[basic].isEmpty { structureChanged() }
        let id: Int
        if let free = freeRowIds.popLast() {
            id = Int(free)
            rowBasics[id] = Int32(basic)
        } else {
            id = rowBasics.count
            rowBasics.append(Int32(basic))
        }
        rowIds[basic] = Int32(id)
        for (s, _) in row.cells { columns[s].insertNew(id) }
        rowStore[basic] = row
    }

    /// Takes basic symbol `basic`'s row out of the tableau and the column index and returns it; nil, with
    /// a fault recorded, when it has none.
    mutating func removeRow(_ basic: Int) -> Row? {
        guard let row = storedRow(basic, "removeRow") else { return nil }
        touch(basic)
        if kinds[basic] == .external || !columns[basic].isEmpty { structureChanged() }
        rowStore[basic] = nil
        let id = rowId(basic)
        for (s, _) in row.cells { columns[s].remove(id) }
        rowIds[basic] = -1
        rowBasics[id] = -1
        freeRowIds.append(Int32(id))
        return row
    }

    /// Replaces `symbol` (becoming basic with `row`) in every restricted row that mentions it (found
    /// through the column index), in the objective and in the artificial objective. External rows keep
    /// referring to `symbol` (they become lazy); with `everywhere` they are substituted too (a symbol that
    /// is going away). A lazy `row` is expanded first where a restricted row or the objective needs it.
    mutating func substitute(_ symbol: Int, _ row: Row, everywhere: Bool = false) {
        var targets = columns[symbol]
        columns[symbol] = IntSet()
        var expanded: Row? = row.lazy ? nil : row
        var restricted = scratch
        scratch = []
        restricted.removeAll(keepingCapacity: true)
        for id in targets {
            let b = basicOf(id)
            if everywhere || kinds[b] != .external || !lazyRowsEnabled
                || (!row.lazy && row.cells.count <= lazyThreshold)
            {
                restricted.append(id)
            } else {
                rowStore[b]?.lazy = true
            }
        }
        if !restricted.isEmpty {
            let full = expanded ?? expand(row)
            expanded = full
            substituteRows(restricted, symbol, full)
            if restricted.count == targets.count {
                targets = IntSet()
            } else {
                for id in restricted { targets.remove(id) }
            }
        }
        columns[symbol] = targets
        restricted.removeAll(keepingCapacity: true)
        scratch = restricted
        if objectiveMentions(symbol) {
            let full = expanded ?? expand(row)
            expanded = full
            substituteObjective(symbol, full)
        }
        if artificial?.cells.index(forKey: symbol) != nil {
            let full = expanded ?? expand(row)
            artificial?.substitute(symbol, with: full)
        }
    }

    /// `row` with every reference to a basic symbol replaced by that symbol's row, recursively: the row
    /// over non-basic symbols only. References are resolved highest stamp first, so each basic symbol is
    /// expanded once however many paths lead to it.
    func expand(_ row: Row) -> Row {
        var out = Row(constant: row.constant)
        var pending = IntMap()
        var heap = BinaryHeap<StampedSymbol>()
        func add(_ s: Int, _ c: Double) {
            guard let r = rowStore[s] else {
                out.insert(symbol: s, coefficient: c)
                return
            }
            if !r.lazy {
                out.insert(row: r, coefficient: c)
            } else if let i = pending.index(forKey: s) {
                pending.setValue(pending.value(at: i) + c, at: i)
            } else {
                pending.insertNew(s, c)
                heap.push(StampedSymbol(stamp: r.stamp, symbol: s))
            }
        }
        for (s, c) in row.cells { add(s, c) }
        while let top = heap.popFirst()?.symbol {
            // Every symbol on the heap is pending and basic (rows do not change during an expansion).
            guard let c = pending.removeValue(forKey: top), let r = rowStore[top] else { continue }
            out.constant += c * r.constant
            for (z, a) in r.cells { add(z, c * a) }
        }
        return out
    }

    /// A stamp below every external row that refers to `symbol` (so those rows may keep referring to it
    /// once it is basic with a row that refers to no basic external symbol).
    /// Nil if there is no room below (the rows are then substituted instead).
    func stampBelowReferences(_ symbol: Int) -> Float? {
        var low = Float.infinity
        for id in columns[symbol] {
            let b = basicOf(id)
            if kinds[b] == .external, let stamp = rowStore[b]?.stamp { low = Swift.min(low, stamp) }
        }
        if !low.isFinite { return 0 }
        return low - 1 < low ? low - 1 : nil
    }

    /// Makes `entering` basic with `row` (already solved for it, in solved form): substitutes it where
    /// needed and stores the row.
    mutating func enterBasis(_ entering: Int, _ row: Row) {
        var row = row
        var everywhere = false
        if kinds[entering] == .external {
            if let stamp = stampBelowReferences(entering) { row.stamp = stamp } else { everywhere = true }
        }
        substitute(entering, row, everywhere: everywhere)
        putRow(entering, row)
    }

    /// Replaces `symbol` by `row` in the rows `ids` (which mention it), in place, keeping the column index
    /// up to date; rows whose constant turns negative are queued as infeasible.
    mutating func substituteRows(_ ids: [Int], _ symbol: Int, _ row: Row) {
        for id in ids {
            let b = basicOf(id)
            touch(b)
            if kinds[b] == .external { structureChanged() }
        }
        // The rows are rewritten where they are stored (no copies of their storage references), with the
        // arrays moved out of `self` so that the merge reaches the columns through a pointer.
        var rows: [Row?] = []
        var cols: [IntSet] = []
        swap(&rows, &rowStore)
        swap(&cols, &columns)
        rows.withUnsafeMutableBufferPointer { rp in
            cols.withUnsafeMutableBufferPointer { cp in
                guard let rowBase = rp.baseAddress, let columnBase = cp.baseAddress else { return }
                for id in ids {
                    let b = basicOf(id)
                    let p = rowBase + b
                    guard let c = p.pointee?.cells.removeValue(forKey: symbol) else { continue }
                    p.pointee?.constant += c * row.constant
                    p.pointee?.cells.add(row.cells, times: c, columns: columnBase, id: id)
                    if (p.pointee?.constant ?? 0) < 0 && kinds[b] != .external { queueInfeasible(b) }
                }
            }
        }
        swap(&rows, &rowStore)
        swap(&cols, &columns)
    }

    /// Makes `entering` basic in place of `leaving` (whose row must mention `entering`).
    /// The row keeps its id: only the columns of `leaving` and `entering` change.
    mutating func pivot(leaving: Int, entering: Int) {
        guard var row = storedRow(leaving, "pivot") else { return }
        guard row.solveFor(lhs: leaving, rhs: entering) else {
            return recordFault("pivot: entering symbol \(entering) not in the row of \(leaving)")
        }
        touch(leaving)
        touch(entering)
        if !columns[leaving].isEmpty { structureChanged() }
        rowStore[leaving] = nil
        let id = rowId(leaving)
        rowIds[leaving] = -1
        columns[entering].remove(id)
        columns[leaving].insertNew(id)
        var everywhere = false
        if kinds[entering] == .external {
            if let stamp = stampBelowReferences(entering) { row.stamp = stamp } else { everywhere = true }
            structureChanged()
        }
        substitute(entering, row, everywhere: everywhere)
        if !columns[entering].isEmpty { structureChanged() }
        rowIds[entering] = Int32(id)
        rowBasics[id] = Int32(entering)
        rowStore[entering] = row
    }

    mutating func commit() {
        journaling = false
        journalRows.removeAll(keepingCapacity: true)
        objectiveUndo.removeAll(keepingCapacity: true)
        constantUndo.removeAll(keepingCapacity: true)
    }

    /// Restores the state recorded by `mark` plus the journal.
    mutating func rollback(_ mark: Mark) {
        structureChanged()
        cellsVersion &+= 1
        for (b, _) in journalRows {
            if let cur = rowStore[b] {
                let id = rowId(b)
                for (s, _) in cur.cells { columns[s].remove(id) }
                rowBasics[id] = -1
            }
        }
        for (b, old) in journalRows {
            rowStore[b] = old.row
            rowIds[b] = old.row == nil ? -1 : old.id
        }
        for (b, old) in journalRows {
            guard let row = old.row else { continue }
            let id = Int(old.id)
            rowBasics[id] = Int32(b)
            for (s, _) in row.cells { columns[s].insert(id) }
        }
        // Constant-only changes, made before any structural change of those rows.
        for entry in constantUndo.reversed() { rowStore[entry.basic]?.constant = entry.old }
        for entry in objectiveUndo.reversed() {
            if entry.symbol < 0 {
                levels[entry.level].constant = entry.old
            } else if entry.symbol < kinds.count {
                objective[entry.symbol * levelStride + entry.level] = entry.old
            }
        }
        artificial = nil
        for b in infeasible.elements where b < queued.count { queued[b] = false }
        infeasible = mark.infeasible
        if kinds.count > mark.symbols {
            kinds.removeSubrange(mark.symbols...)
            rowStore.removeSubrange(mark.symbols...)
            columns.removeSubrange(mark.symbols...)
            rowIds.removeSubrange(mark.symbols...)
            owners.removeSubrange(mark.symbols...)
            dirtyFlags.removeSubrange(mark.symbols...)
            queued.removeSubrange(mark.symbols...)
            objective.removeSubrange((mark.symbols * levelStride)...)
        }
        for b in infeasible.elements { queued[b] = true }
        freeRowIds.removeAll(keepingCapacity: true)
        for id in rowBasics.indices where rowBasics[id] < 0 { freeRowIds.append(Int32(id)) }
        clearObjectiveDirty()
        if slotSymbols.count > mark.slots {
            for v in slotVariables[mark.slots...] { varSlots.removeValue(forKey: v.id) }
            slotVariables.removeSubrange(mark.slots...)
            slotSymbols.removeSubrange(mark.slots...)
            slotValues.removeSubrange(mark.slots...)
        }
        commit()
    }
}
