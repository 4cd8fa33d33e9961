/// Tableau primitives: symbols, rows and the column index, substitution, pivoting, and the transaction
/// journal that lets a failing call roll back.
extension SolverCore {
    struct Mark {
        var symbols: Int
        var slots: Int
        var infeasible: SymbolHeap
    }

    mutating func newSymbol(_ kind: SymbolKind) -> Int {
        objective.appendSymbol()
        return symbols.append(kind)
    }

    mutating func externalSymbol(for variable: Variable) -> Int {
        if let slot = slots.slot(of: variable) { return slots.symbols[slot] }
        let s = newSymbol(.external)
        slots.append(variable, symbol: s)
        return s
    }

    @inline(__always) mutating func touch(_ basic: Int) {
        cellsVersion &+= 1
        if journal.needsRow(basic) { journal.recordRow(basic, symbols.rows[basic], id: symbols.rowIds[basic]) }
    }

    /// Basic symbol of row `id`.
    @inline(__always) func basicOf(_ id: Int) -> Int { Int(symbols.rowBasics[id]) }

    /// Row id of basic symbol `basic`.
    @inline(__always) func rowId(_ basic: Int) -> Int { Int(symbols.rowIds[basic]) }

    mutating func putRow(_ basic: Int, _ row: Row) {
        touch(basic)
        // An external row, or a symbol lazy rows refer to, changes what lazy rows evaluate; a new
        // external row that nothing refers to only adds to them.
        if !symbols.columns[basic].isEmpty {
            structureChanged()
        } else if symbols.kinds[basic] == .external {
            structureChanged(row: basic)
        }
        let id = symbols.allocateRowId(for: basic)
        for (s, _) in row.cells { symbols.columns[s].insertNew(id) }
        symbols.rows[basic] = row
    }

    /// Takes basic symbol `basic`'s row out of the tableau and the column index and returns it; nil, with
    /// a fault recorded, when it has none.
    mutating func removeRow(_ basic: Int) -> Row? {
        guard let row = storedRow(basic, "removeRow") else { return nil }
        touch(basic)
        if !symbols.columns[basic].isEmpty {
            structureChanged()
        } else if symbols.kinds[basic] == .external {
            structureChanged(row: basic)
        }
        symbols.rows[basic] = nil
        let id = rowId(basic)
        for (s, _) in row.cells { symbols.columns[s].remove(id) }
        symbols.releaseRowId(of: basic)
        return row
    }

    /// Replaces `symbol` (becoming basic with `row`) in every restricted row that mentions it (found
    /// through the column index), in the objective and in the artificial objective. External rows keep
    /// referring to `symbol` (they become lazy); with `everywhere` they are substituted too (a symbol that
    /// is going away). A lazy `row` is expanded first where a restricted row or the objective needs it.
    mutating func substitute(_ symbol: Int, _ row: Row, everywhere: Bool = false) {
        var expanded: Row? = row.lazy ? nil : row
        // A new variable made basic is in no row yet (most subjects of an add): nothing to rewrite.
        if !symbols.columns[symbol].isEmpty { substituteInRows(symbol, row, everywhere: everywhere, expanded: &expanded) }
        if objective.mentions(symbol) {
            let full = expanded ?? expand(row)
            expanded = full
            substituteObjective(symbol, full)
        }
        if artificial?.cells.index(forKey: symbol) != nil {
            let full = expanded ?? expand(row)
            artificial?.substitute(symbol, with: full)
        }
    }

    /// The rows part of ``substitute(_:_:everywhere:)``: `expanded` is `row` over non-basic symbols once
    /// known (expanded here if a restricted row needs it).
    private mutating func substituteInRows(_ symbol: Int, _ row: Row, everywhere: Bool, expanded: inout Row?) {
        var targets = symbols.columns[symbol]
        symbols.columns[symbol] = IntSet()
        var restricted = scratch
        scratch = []
        if !restricted.isEmpty { restricted.removeAll(keepingCapacity: true) }
        for id in targets {
            let b = basicOf(id)
            if everywhere || symbols.kinds[b] != .external || !lazyRowsEnabled
                || (!row.lazy && row.cells.count <= lazyThreshold)
            {
                restricted.append(id)
            } else {
                symbols.rows.setLazy(b, true)
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
        symbols.columns[symbol] = targets
        // (`removeAll` on an empty array still calls into the runtime.)
        if !restricted.isEmpty { restricted.removeAll(keepingCapacity: true) }
        scratch = restricted
    }

    /// ``expand(_:)`` done in `row` itself when every basic symbol it refers to has a row in solved form
    /// (no lazy reference, so one level of substitution is the whole expansion): no new row is built.
    mutating func expandInPlace(_ row: inout Row) {
        var basics = scratch
        scratch = []
        var anyLazy = false
        symbols.rows.withRows { rows in
            for (s, _) in row.cells {
                guard let lazy = rows[s]?.lazy else { continue }
                if lazy { anyLazy = true }
                basics.append(s)
            }
        }
        if anyLazy {
            row = expand(row)
        } else {
            for s in basics {
                guard let r = symbols.rows[s] else { continue }
                row.substitute(s, with: r)
            }
        }
        if !basics.isEmpty { basics.removeAll(keepingCapacity: true) }
        scratch = basics
    }

    /// `row` with every reference to a basic symbol replaced by that symbol's row, recursively: the row
    /// over non-basic symbols only. References are resolved highest stamp first, so each basic symbol is
    /// expanded once however many paths lead to it.
    /// (`mutating` only to pass `self` by reference, as ``lazySubject(_:)``.)
    mutating func expand(_ row: Row) -> Row {
        // Sized for the first level of substitution (cells may cancel, and lazy rows add more).
        var bound = 0
        symbols.rows.withRows { rows in
            for (s, _) in row.cells { bound += rows[s]?.cells.count ?? 1 }
        }
        var out = Row(constant: row.constant, capacity: bound)
        var pending = IntMap()
        var heap = BinaryHeap<StampedSymbol>()
        func add(_ s: Int, _ c: Double) {
            guard let r = symbols.rows[s] else {
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
            guard let c = pending.removeValue(forKey: top), let r = symbols.rows[top] else { continue }
            out.constant += c * r.constant
            for (z, a) in r.cells { add(z, c * a) }
        }
        return out
    }

    /// A stamp below every external row that refers to `symbol` (so those rows may keep referring to it
    /// once it is basic with a row that refers to no basic external symbol).
    /// Nil if there is no room below (the rows are then substituted instead).
    /// (`mutating` only to pass `self` by reference, as ``lazySubject(_:)``.)
    mutating func stampBelowReferences(_ symbol: Int) -> Float? {
        var low = Float.infinity
        for id in symbols.columns[symbol] {
            let b = basicOf(id)
            if symbols.kinds[b] == .external, let stamp = symbols.rows.stamp(b) { low = Swift.min(low, stamp) }
        }
        if !low.isFinite { return 0 }
        return low - 1 < low ? low - 1 : nil
    }

    /// Makes `entering` basic with `row` (already solved for it, in solved form): substitutes it where
    /// needed and stores the row.
    mutating func enterBasis(_ entering: Int, _ row: Row) {
        var row = row
        var everywhere = false
        if symbols.kinds[entering] == .external {
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
            // Rewritten over non-basic symbols (`row` is expanded): it keeps its row.
            if symbols.kinds[b] == .external { structureChanged(row: b) }
        }
        var negative: [Int] = []
        symbols.substitute(symbol, by: row, inRows: ids, negative: &negative)
        for b in negative { queueInfeasible(b) }
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
        if !symbols.columns[leaving].isEmpty {
            structureChanged()
        } else if symbols.kinds[leaving] == .external {
            structureChanged(row: leaving)
        }
        symbols.rows[leaving] = nil
        let id = rowId(leaving)
        symbols.rowIds[leaving] = -1
        symbols.columns[entering].remove(id)
        symbols.columns[leaving].insertNew(id)
        var everywhere = false
        if symbols.kinds[entering] == .external {
            if let stamp = stampBelowReferences(entering) { row.stamp = stamp } else { everywhere = true }
            // No row refers to `entering` yet unless its column says so (checked after substituting).
            structureChanged(row: entering)
        }
        substitute(entering, row, everywhere: everywhere)
        if !symbols.columns[entering].isEmpty { structureChanged() }
        symbols.rowIds[entering] = Int32(id)
        symbols.rowBasics[id] = Int32(entering)
        symbols.rows[entering] = row
    }

    mutating func commit() {
        journal.clear()
    }

    /// Restores the state recorded by `mark` plus the journal.
    mutating func rollback(_ mark: Mark) {
        structureChanged()
        cellsVersion &+= 1
        for (b, _) in journal.rows {
            if let cur = symbols.rows[b] {
                let id = rowId(b)
                for (s, _) in cur.cells { symbols.columns[s].remove(id) }
                symbols.rowBasics[id] = -1
            }
        }
        for (b, old) in journal.rows {
            symbols.rows[b] = old.row
            symbols.rowIds[b] = old.row == nil ? -1 : old.id
        }
        for (b, old) in journal.rows {
            guard let row = old.row else { continue }
            let id = Int(old.id)
            symbols.rowBasics[id] = Int32(b)
            for (s, _) in row.cells { symbols.columns[s].insert(id) }
        }
        // Constant-only changes, made before any structural change of those rows.
        for entry in journal.constants.reversed() { symbols.rows.setConstant(entry.basic, entry.old) }
        for entry in journal.objective.reversed() {
            switch entry {
            case let .levelConstant(level, old):
                objective.levels[level].constant = old
            case let .coefficient(level, symbol, old) where symbol < symbols.count:
                objective.coefficients[symbol * objective.stride + level] = old
            case .coefficient:
                break  // a symbol this call created, dropped below
            }
        }
        artificial = nil
        for b in infeasible.elements where b < symbols.queued.count { symbols.queued[b] = false }
        infeasible = mark.infeasible
        if symbols.count > mark.symbols {
            symbols.truncate(to: mark.symbols)
            objective.truncate(symbols: mark.symbols)
        }
        for b in infeasible.elements { symbols.queued[b] = true }
        symbols.rebuildFreeRowIds()
        clearObjectiveDirty()
        slots.truncate(to: mark.slots)
        commit()
    }
}
