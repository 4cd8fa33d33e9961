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
}
