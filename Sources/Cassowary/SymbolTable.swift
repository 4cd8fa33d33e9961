/// The tableau's per-symbol storage: symbols are dense ids `0..<count`, and each array here holds one
/// entry per symbol, so a symbol is added (``append(_:)``), dropped on rollback (``truncate(to:)``) and
/// forgotten on reset (a fresh table) in one place. Rows are also numbered (row ids, kept through
/// pivots, see ``SolverCore``): `rowBasics` and `freeRowIds` map row ids back to basic symbols.
struct SymbolTable {
    /// Kind of each symbol (paper §2.2: external, slack, error, dummy).
    var kinds: [SymbolKind] = []
    /// Row of each basic symbol (nil for non-basic symbols), read and changed in place (``RowStore``).
    var rows = RowStore()
    /// Column index: for each symbol, the ids of the rows that mention it directly (restricted rows
    /// mention only non-basic symbols; lazy external rows may mention basic ones). A row keeps its id
    /// through pivots (only its basic symbol changes), so a pivot does not rewrite the columns of every
    /// symbol in the pivot row.
    var columns: [IntSet] = []
    /// Row id of each basic symbol (-1 if non-basic).
    var rowIds: [Int32] = []
    /// Constraint owning a marker or error symbol (nil for external symbols and free ones).
    var owners: [Constraint?] = []
    /// Whether a symbol is queued in ``SolverCore/infeasible`` (keeps the queue free of duplicates).
    var queued: [Bool] = []
    /// Whether a symbol is listed in ``SolverCore/objectiveDirty``.
    var dirtyFlags: [Bool] = []

    /// Basic symbol of each row id (-1 if the id is free).
    var rowBasics: [Int32] = []
    /// Row ids not in use, reused before new ones are numbered.
    var freeRowIds: [Int32] = []

    /// Number of symbols.
    @inline(__always) var count: Int { kinds.count }

    /// Adds a non-basic symbol of `kind`, mentioned nowhere, and returns its id (the previous count).
    mutating func append(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        rows.appendNonBasic()
        columns.append(IntSet())
        rowIds.append(-1)
        owners.append(nil)
        queued.append(false)
        dirtyFlags.append(false)
        return kinds.count - 1
    }

    /// Drops the symbols from `count` on (a rollback forgets the symbols its call created). Row ids are
    /// not touched: the caller restores them (see ``rebuildFreeRowIds()``).
    mutating func truncate(to count: Int) {
        guard kinds.count > count else { return }
        kinds.removeSubrange(count...)
        rows.truncate(to: count)
        columns.removeSubrange(count...)
        rowIds.removeSubrange(count...)
        owners.removeSubrange(count...)
        queued.removeSubrange(count...)
        dirtyFlags.removeSubrange(count...)
    }

    /// Numbers a new row for `basic`: a free id if any, else the next one. Returns the id.
    mutating func allocateRowId(for basic: Int) -> Int {
        let id: Int
        if let free = freeRowIds.popLast() {
            id = Int(free)
            rowBasics[id] = Int32(basic)
        } else {
            id = rowBasics.count
            rowBasics.append(Int32(basic))
        }
        rowIds[basic] = Int32(id)
        return id
    }

    /// Frees the row id of `basic` (which no longer has a row).
    mutating func releaseRowId(of basic: Int) {
        let id = Int(rowIds[basic])
        rowIds[basic] = -1
        rowBasics[id] = -1
        freeRowIds.append(Int32(id))
    }

    /// Lists every unused row id as free again (after a rollback has restored `rowBasics`).
    mutating func rebuildFreeRowIds() {
        freeRowIds.removeAll(keepingCapacity: true)
        for id in rowBasics.indices where rowBasics[id] < 0 { freeRowIds.append(Int32(id)) }
    }

    /// Replaces `symbol` by `row` (which defines it) in the rows numbered `ids`, each of which mentions
    /// it, in place, keeping the column index up to date. Appends to `negative` the restricted basic
    /// symbols whose row constant turned negative, in the order of `ids`.
    mutating func substitute(_ symbol: Int, by row: Row, inRows ids: [Int], negative: inout [Int]) {
        // The columns are moved out of `self` so that the merge reaches them through a pointer while the
        // rows are lent; the closures capture locals only.
        var cols: [IntSet] = []
        swap(&cols, &columns)
        let kinds = self.kinds
        let rowBasics = self.rowBasics
        rows.withMutableRows { rp in
            cols.withUnsafeMutableBufferPointer { cp in
                guard let rowBase = rp.baseAddress, let columnBase = cp.baseAddress else { return }
                for id in ids {
                    let b = Int(rowBasics[id])
                    let p = rowBase + b
                    guard let c = p.pointee?.cells.removeValue(forKey: symbol) else { continue }
                    p.pointee?.constant += c * row.constant
                    p.pointee?.cells.add(row.cells, times: c, columns: columnBase, id: id)
                    if (p.pointee?.constant ?? 0) < 0 && kinds[b] != .external { negative.append(b) }
                }
            }
        }
        swap(&cols, &columns)
    }
}
