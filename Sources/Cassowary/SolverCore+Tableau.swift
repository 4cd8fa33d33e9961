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
        owners.append(nil)
        dirtyFlags.append(false)
        queued.append(false)
        evalValues.append(0)
        evalMarks.append(0)
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
        if journaling && journalRows.index(forKey: basic) == nil {
            journalRows.updateValue(rowStore[basic], forKey: basic)
        }
    }

    mutating func putRow(_ basic: Int, _ row: Row) {
        touch(basic)
        // An external row, or a symbol lazy rows refer to, changes what lazy rows evaluate.
        if kinds[basic] == .external || !columns[basic].isEmpty { structureChanged() }
        for (s, _) in row.cells { columns[s].insertNew(basic) }
        rowStore[basic] = row
    }

    mutating func removeRow(_ basic: Int) -> Row {
        touch(basic)
        if kinds[basic] == .external || !columns[basic].isEmpty { structureChanged() }
        let row = rowStore[basic]!
        rowStore[basic] = nil
        for (s, _) in row.cells { columns[s].remove(basic) }
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
        for b in targets {
            if everywhere || kinds[b] != .external || !lazyRowsEnabled
                || (!row.lazy && row.cells.count <= lazyThreshold)
            {
                restricted.append(b)
            } else {
                rowStore[b]!.lazy = true
            }
        }
        if !restricted.isEmpty {
            if expanded == nil { expanded = expand(row) }
            for b in restricted { substituteRow(b, symbol, expanded!) }
            if restricted.count == targets.count {
                targets = IntSet()
            } else {
                for b in restricted { targets.remove(b) }
            }
        }
        columns[symbol] = targets
        restricted.removeAll(keepingCapacity: true)
        scratch = restricted
        if objectiveMentions(symbol) {
            if expanded == nil { expanded = expand(row) }
            substituteObjective(symbol, expanded!)
        }
        if artificial != nil, artificial!.cells.index(forKey: symbol) != nil {
            if expanded == nil { expanded = expand(row) }
            artificial!.substitute(symbol, with: expanded!)
        }
    }

    @inline(__always) func objectiveMentions(_ symbol: Int) -> Bool {
        for li in levels.indices where levels[li].row.cells.index(forKey: symbol) != nil { return true }
        return false
    }

    /// `row` with every reference to a basic symbol replaced by that symbol's row, recursively: the row
    /// over non-basic symbols only. References are resolved highest stamp first, so each basic symbol is
    /// expanded once however many paths lead to it.
    func expand(_ row: Row) -> Row {
        var out = Row(constant: row.constant)
        var pending = IntMap()
        var heap: [(stamp: Double, symbol: Int)] = []
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
                heap.append((r.stamp, s))
                var i = heap.count - 1
                while i > 0 {
                    let p = (i - 1) / 2
                    if heap[p].stamp >= heap[i].stamp { break }
                    heap.swapAt(p, i)
                    i = p
                }
            }
        }
        for (s, c) in row.cells { add(s, c) }
        while !heap.isEmpty {
            let top = heap[0].symbol
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var i = 0
                while true {
                    let l = 2 * i + 1
                    if l >= heap.count { break }
                    let r = l + 1
                    let c = r < heap.count && heap[r].stamp > heap[l].stamp ? r : l
                    if heap[i].stamp >= heap[c].stamp { break }
                    heap.swapAt(i, c)
                    i = c
                }
            }
            let c = pending.removeValue(forKey: top)!
            let r = rowStore[top]!
            out.constant += c * r.constant
            for (z, a) in r.cells { add(z, c * a) }
        }
        return out
    }

    /// A stamp below every external row that refers to `symbol` (so those rows may keep referring to it
    /// once it is basic with a row that refers to no basic external symbol).
    func stampBelowReferences(_ symbol: Int) -> Double {
        var low = Double.infinity
        for b in columns[symbol] where kinds[b] == .external { low = Swift.min(low, rowStore[b]!.stamp) }
        return low.isFinite ? low - 1 : 0
    }

    /// Makes `entering` basic with `row` (already solved for it, in solved form): substitutes it where
    /// needed and stores the row.
    mutating func enterBasis(_ entering: Int, _ row: Row) {
        var row = row
        if kinds[entering] == .external { row.stamp = stampBelowReferences(entering) }
        substitute(entering, row)
        putRow(entering, row)
    }

    mutating func substituteRow(_ b: Int, _ symbol: Int, _ row: Row) {
        touch(b)
        if kinds[b] == .external { structureChanged() }
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
        enterBasis(entering, row)
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
            evalValues.removeSubrange(mark.symbols...)
            evalMarks.removeSubrange(mark.symbols...)
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
}
