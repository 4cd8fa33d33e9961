/// The evaluation of lazy rows (see ``SolverCore``) compiled into flat arrays, in dependency order:
/// row `order[i]` is its constant plus `coefficients[j] × value(references[j])` for j in
/// `starts[i]..<starts[i + 1]`; a reference to a lazy row is its position in `order` (its value in
/// `values`), any other reference a symbol whose row constant is read. Variable slot `slots[k]` takes
/// `values[slotPositions[k]]`. The solver recompiles it when the shape of a lazy row, or of what one
/// refers to, has changed since `version`; between changes (a drag, a resize) only ``run(_:)`` runs.
///
/// Rows are borrowed from the solver's ``RowStore`` and read in place through the buffer it lends: no
/// row is copied (which would retain its cells).
struct LazyEvaluation {
    private(set) var order: [Int] = []
    private(set) var starts: [Int] = [0]
    private(set) var references: [Int] = []
    private(set) var referenceIsLazy: [Bool] = []
    private(set) var coefficients: [Double] = []
    /// Value of each compiled row after the last ``run(_:)``.
    private(set) var values: [Double] = []
    private(set) var slots: [Int] = []
    private(set) var slotPositions: [Int] = []
    /// The solver's structure version the program was compiled at (-1: never).
    var version = -1
    /// The depth-first stack, kept to avoid an allocation per compilation.
    private var stack: [Int] = []
    /// Per symbol after a compilation: -1 not compiled, -2 read as a constant, else its position in
    /// `order`; kept so rows changed since can be appended (``extend(_:by:slotSymbols:)``). Empty when
    /// dropped (``dropPositions()``): the next change then compiles afresh.
    private var position: [Int32] = []

    /// Compiles the lazy rows of every variable (`slotSymbols[slot]` is the symbol of slot `slot`, `rows`
    /// the solver's rows, one per symbol): depth-first from each variable, references first, with an
    /// explicit stack, since chains of references can be as long as the layout. Returns the rows found
    /// to refer to nothing basic any more (the caller marks them not lazy; here they read as constants).
    mutating func compile(_ store: borrowing RowStore, slotSymbols: [Int]) -> [Int] {
        store.withRows { compile($0, slotSymbols: slotSymbols) }
    }

    /// ``compile(_:slotSymbols:)`` over the lent rows.
    private mutating func compile(_ rows: UnsafeBufferPointer<Row?>, slotSymbols: [Int]) -> [Int] {
        order.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        references.removeAll(keepingCapacity: true)
        referenceIsLazy.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        slotPositions.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        var notLazy: [Int] = []
        guard let base = rows.baseAddress else {
            values = []
            position = []
            return notLazy
        }
        // Per symbol while compiling: -1 not visited, -2 visited and not lazy, else position.
        position = [Int32](repeating: -1, count: rows.count)
        for slot in slotSymbols.indices {
            let root = slotSymbols[slot]
            guard base[root]?.lazy == true else { continue }
            if position[root] == -1 { stack.append(root) }
            while let t = stack.last {
                if position[t] != -1 {
                    stack.removeLast()
                    continue
                }
                guard let cells = base[t]?.cells else {
                    // Only basic symbols are pushed; a missing row reads as a constant 0.
                    stack.removeLast()
                    position[t] = -2
                    continue
                }
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
                    // Refers to nothing basic: read as a constant (and marked so by the caller).
                    notLazy.append(t)
                    position[t] = -2
                }
            }
            if position[root] >= 0 {
                slots.append(slot)
                slotPositions.append(Int(position[root]))
            }
        }
        values = [Double](repeating: 0, count: order.count)
        return notLazy
    }

    /// Brings the program up to date after the external rows of `changed` (symbols, in the order their
    /// rows changed) were put, rewritten or removed, when those were the only changes of shape since it
    /// was compiled: none of them is a compiled lazy row, and a row put or removed had no row referring
    /// to it. Each that is now lazy refers only to compiled rows, constants and symbols without a row,
    /// so it goes at the end, in dependency order. Returns the rows found to refer to nothing basic (as
    /// ``compile(_:slotSymbols:)``), or nil when the program cannot be extended (one of them was a
    /// compiled lazy row, a reference to a lazy row not compiled, positions dropped): the caller then
    /// compiles afresh, which it must, since the program may be half extended.
    /// - Complexity: O(cells of the changed rows), plus finding each lazy one's slot from the newest.
    mutating func extend(_ store: borrowing RowStore, by changed: [Int32], slotSymbols: [Int]) -> [Int]? {
        store.withRows { extend($0, by: changed, slotSymbols: slotSymbols) }
    }

    /// ``extend(_:by:slotSymbols:)`` over the lent rows.
    private mutating func extend(_ rows: UnsafeBufferPointer<Row?>, by changed: [Int32], slotSymbols: [Int]) -> [Int]? {
        guard let base = rows.baseAddress, !position.isEmpty else { return nil }
        if position.count < rows.count { position.append(contentsOf: repeatElement(-1, count: rows.count - position.count)) }
        var notLazy: [Int] = []
        for (k, symbol) in changed.enumerated() where !changed[..<k].contains(symbol) {
            let t = Int(symbol)
            // A compiled lazy row changed shape: the rows after it may refer to it.
            guard position[t] < 0 else { return nil }
            guard let row = base[t], row.lazy else {
                // No row (it reads 0) or one that refers to nothing basic (it reads its constant).
                position[t] = -1
                continue
            }
            var anyReference = false
            for (z, a) in row.cells {
                guard let zLazy = base[z]?.lazy else { continue }
                if zLazy && position[z] < 0 { return nil }
                anyReference = true
                references.append(zLazy ? Int(position[z]) : z)
                referenceIsLazy.append(zLazy)
                coefficients.append(a)
            }
            guard anyReference else {
                notLazy.append(t)
                position[t] = -2
                continue
            }
            guard let slot = slotSymbols.lastIndex(of: t) else { return nil }
            position[t] = Int32(order.count)
            order.append(t)
            starts.append(references.count)
            values.append(0)
            slots.append(slot)
            slotPositions.append(order.count - 1)
        }
        return notLazy
    }

    /// Drops the per-symbol positions (their memory): the next change of shape compiles afresh.
    mutating func dropPositions() {
        position = []
    }

    /// Evaluates the compiled rows into ``values``, reading the constants of `rows` (the rows the
    /// program was compiled from, with constants changed since, not their shape).
    mutating func run(_ store: borrowing RowStore) {
        store.withRows { run($0) }
    }

    /// ``run(_:)`` over the lent rows.
    private mutating func run(_ rows: UnsafeBufferPointer<Row?>) {
        guard let base = rows.baseAddress else { return }
        order.withUnsafeBufferPointer { order in
            starts.withUnsafeBufferPointer { starts in
                references.withUnsafeBufferPointer { references in
                    referenceIsLazy.withUnsafeBufferPointer { isLazy in
                        coefficients.withUnsafeBufferPointer { coefficients in
                            values.withUnsafeMutableBufferPointer { values in
                                for i in 0..<order.count {
                                    // Compiled rows and the rows they refer to exist (the program is
                                    // rebuilt whenever a row appears or goes).
                                    var v = base[order[i]].unsafelyUnwrapped.constant
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

    /// Writes the value of every variable whose row is lazy into `slotValues` (indexed by slot).
    func write(into slotValues: inout [Double]) {
        for k in slots.indices { slotValues[slots[k]] = values[slotPositions[k]] }
    }
}
