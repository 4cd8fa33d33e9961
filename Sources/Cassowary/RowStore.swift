/// The tableau's rows, one optional row per symbol (nil for non-basic symbols), with in-place access.
///
/// The hot loops over thousands of rows (a resize, a constant change, reading the solution) must
/// neither copy a row out (which retains its cells) nor change one through optional chaining on the
/// array element (the array's `modify` accessor, which is not inlined): either costs several times the
/// loop's own work. Every such access goes through a pointer to the element, and this type is the only
/// place that takes one: no pointer outlives the closure that lends it, and the `with…` methods lend
/// the buffer to a caller's closure in the same way.
struct RowStore: RandomAccessCollection {
    /// One entry per symbol.
    private var rows: [Row?] = []

    /// The first symbol, 0.
    var startIndex: Int { 0 }
    /// The number of symbols.
    var endIndex: Int { rows.count }

    /// The row of basic symbol `b` (nil if non-basic), copied out or stored whole.
    subscript(b: Int) -> Row? {
        get { rows[b] }
        set { rows[b] = newValue }
    }

    /// Adds a symbol without a row.
    mutating func appendNonBasic() { rows.append(nil) }

    /// Gives back the spare capacity of the row table (`Array.fitCapacity()`).
    mutating func fitCapacity() { rows.fitCapacity() }

    /// Drops the symbols from `count` on.
    mutating func truncate(to count: Int) {
        if rows.count > count { rows.removeSubrange(count...) }
    }

    /// Whether basic symbol `b` has a row.
    @inline(__always) func hasRow(_ b: Int) -> Bool {
        rows.withUnsafeBufferPointer { $0[b] != nil }
    }

    /// Basic symbol `b`'s row constant; nil when it has no row.
    @inline(__always) func constant(_ b: Int) -> Double? {
        rows.withUnsafeBufferPointer { rows in rows.baseAddress.flatMap { ($0 + b).pointee?.constant } }
    }

    /// The coefficient of `symbol` in basic symbol `b`'s row; nil when either is missing.
    @inline(__always) func cell(_ b: Int, _ symbol: Int) -> Double? {
        rows.withUnsafeBufferPointer { rows in rows.baseAddress.flatMap { ($0 + b).pointee?.cells[symbol] } }
    }

    /// Whether basic symbol `b`'s row is lazy; nil when it has no row.
    @inline(__always) func isLazy(_ b: Int) -> Bool? {
        rows.withUnsafeBufferPointer { rows in rows.baseAddress.flatMap { ($0 + b).pointee?.lazy } }
    }

    /// Basic symbol `b`'s row stamp; nil when it has no row.
    @inline(__always) func stamp(_ b: Int) -> Float? {
        rows.withUnsafeBufferPointer { rows in rows.baseAddress.flatMap { ($0 + b).pointee?.stamp } }
    }

    /// Adds `delta` to basic symbol `b`'s row constant and returns the new constant; nil when it has no row.
    @inline(__always) mutating func addToConstant(_ b: Int, _ delta: Double) -> Double? {
        rows.withUnsafeMutableBufferPointer { rows in
            rows.baseAddress.flatMap { ($0 + b).pointee?.addToConstant(delta) }
        }
    }

    /// Sets basic symbol `b`'s row constant (nothing when it has no row).
    @inline(__always) mutating func setConstant(_ b: Int, _ constant: Double) {
        rows.withUnsafeMutableBufferPointer { rows in
            guard let base = rows.baseAddress else { return }
            (base + b).pointee?.constant = constant
        }
    }

    /// Marks basic symbol `b`'s row lazy or not (nothing when it has no row).
    @inline(__always) mutating func setLazy(_ b: Int, _ lazy: Bool) {
        rows.withUnsafeMutableBufferPointer { rows in
            guard let base = rows.baseAddress else { return }
            (base + b).pointee?.lazy = lazy
        }
    }

    /// Removes the cell of `symbol` from basic symbol `b`'s row and returns its coefficient; nil when
    /// either is missing.
    @discardableResult
    @inline(__always) mutating func removeCell(_ b: Int, _ symbol: Int) -> Double? {
        rows.withUnsafeMutableBufferPointer { rows in
            rows.baseAddress.flatMap { ($0 + b).pointee?.cells.removeValue(forKey: symbol) }
        }
    }

    /// Lends the rows, indexed by symbol, to `body` for reading in place; the buffer must not escape it.
    @inline(__always) func withRows<R>(_ body: (UnsafeBufferPointer<Row?>) throws -> R) rethrows -> R {
        try rows.withUnsafeBufferPointer(body)
    }

    /// Lends the rows, indexed by symbol, to `body` for changing in place; the buffer must not escape it.
    @inline(__always) mutating func withMutableRows<R>(_ body: (UnsafeMutableBufferPointer<Row?>) throws -> R) rethrows -> R {
        try rows.withUnsafeMutableBufferPointer { try body($0) }
    }
}
