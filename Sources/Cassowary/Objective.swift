/// One priority level of the lexicographic objective: the weighted errors of all non-required
/// constraints whose priority equals `priority`, expressed over the current non-basic symbols.
struct Level {
    var priority: Double
    /// The level's constant (its coefficients live in ``Objective/coefficients``). Only structural changes
    /// move it; constant changes (`setConstant`, `suggestValue`) leave it stale, and only the dump reads it.
    var constant: Double
    /// Number of installed constraints contributing to the level.
    var count: Int
}

/// The lexicographic objective (paper §4.1, one level per distinct priority), stored densely: the
/// coefficient of symbol `s` at level `li` is `coefficients[s * stride + li]` (0 where absent), with
/// `stride` ≥ the number of levels. Layouts use a handful of priorities, so a few doubles per symbol buy
/// hash-free lookups in the entering choice, the dual ratio test and substitution. Symbols are added
/// and dropped together with ``SymbolTable`` (``appendSymbol()``, ``truncate(symbols:)``).
struct Objective {
    /// The levels, sorted by decreasing priority.
    var levels: [Level] = []
    /// `stride` coefficients per symbol; slots from `levels.count` on are 0.
    var coefficients: [Double] = []
    /// Coefficient slots per symbol.
    private(set) var stride = 1

    /// The coefficient of `symbol` at level `li`.
    @inline(__always) func coefficient(_ li: Int, _ symbol: Int) -> Double {
        coefficients[symbol &* stride &+ li]
    }

    /// Whether any level mentions `symbol`.
    @inline(__always) func mentions(_ symbol: Int) -> Bool {
        let base = symbol &* stride
        for li in 0..<levels.count where coefficients[base &+ li] != 0 { return true }
        return false
    }

    /// Whether the symbolic coefficient of `symbol` is lexicographically negative (its highest-priority
    /// non-zero level is negative).
    @inline(__always) func isLexNegative(_ symbol: Int) -> Bool {
        let base = symbol &* stride
        for li in 0..<levels.count {
            let c = coefficients[base &+ li]
            if c != 0 { return c < 0 }
        }
        return false
    }

    /// Gives a new symbol its (zero) coefficients.
    @inline(__always) mutating func appendSymbol() {
        for _ in 0..<stride { coefficients.append(0) }
    }

    /// Drops the coefficients of the symbols from `count` on.
    mutating func truncate(symbols count: Int) {
        if coefficients.count > count * stride { coefficients.removeSubrange((count * stride)...) }
    }

    /// The index of the level of `priority`, if there is one.
    func levelIndex(of priority: Double) -> Int? {
        levels.firstIndex { $0.priority == priority }
    }

    /// The level of `priority`, inserted (in decreasing priority order, with zero coefficients) if new.
    mutating func level(for priority: Double) -> Int {
        var i = 0
        while i < levels.count && levels[i].priority > priority { i += 1 }
        if i < levels.count && levels[i].priority == priority { return i }
        if levels.count == stride { relayout(stride: stride + 1) }
        let symbols = coefficients.count / stride
        for s in 0..<symbols {
            let base = s * stride
            var j = levels.count
            while j > i {
                coefficients[base + j] = coefficients[base + j - 1]
                j -= 1
            }
            coefficients[base + i] = 0
        }
        levels.insert(Level(priority: priority, constant: 0, count: 0), at: i)
        return i
    }

    /// Drops level `li` and returns the symbols it had a non-zero coefficient for, in increasing id
    /// order (the caller re-examines them).
    mutating func removeLevel(_ li: Int) -> [Int] {
        var mentioned: [Int] = []
        let symbols = coefficients.count / stride
        for s in 0..<symbols {
            let base = s * stride
            if coefficients[base + li] != 0 { mentioned.append(s) }
            for j in li..<(levels.count - 1) { coefficients[base + j] = coefficients[base + j + 1] }
            coefficients[base + levels.count - 1] = 0
        }
        levels.remove(at: li)
        return mentioned
    }

    /// Re-lays the coefficients out with `stride` slots per symbol.
    private mutating func relayout(stride newStride: Int) {
        let symbols = coefficients.count / stride
        var dense = [Double](repeating: 0, count: symbols * newStride)
        for s in 0..<symbols {
            for li in 0..<levels.count { dense[s * newStride + li] = coefficients[s * stride + li] }
        }
        coefficients = dense
        stride = newStride
    }

    /// Level `li` as a row: its constant and its non-zero coefficients, by symbol.
    func row(_ li: Int) -> Row {
        var row = Row(constant: levels[li].constant)
        for s in 0..<(coefficients.count / stride) where coefficient(li, s) != 0 {
            row.cells.insertNew(s, coefficient(li, s))
        }
        return row
    }
}
