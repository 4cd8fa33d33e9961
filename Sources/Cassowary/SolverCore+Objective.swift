/// The lexicographic objective, stored densely: the coefficient of symbol `s` at priority level `li` is
/// `objective[s * levelStride + li]` (0 where absent). Layouts use a handful of priorities, so a few
/// doubles per symbol buy hash-free lookups in the entering choice, the dual ratio test and substitution.
extension SolverCore {
    @inline(__always) func objectiveCoefficient(_ li: Int, _ symbol: Int) -> Double {
        objective[symbol &* levelStride &+ li]
    }

    /// objective[li][symbol] += delta (a near-zero result is stored as 0), journaled, marked dirty.
    @inline(__always) mutating func addToObjective(_ li: Int, _ symbol: Int, _ delta: Double) {
        let i = symbol &* levelStride &+ li
        let old = objective[i]
        let v = old + delta
        journal.record(.coefficient(level: li, symbol: symbol, old: old))
        objective[i] = nearZero(v) ? 0 : v
        if marksObjective { markObjective(symbol) }
    }

    /// Whether any level mentions `symbol`.
    @inline(__always) func objectiveMentions(_ symbol: Int) -> Bool {
        let base = symbol &* levelStride
        for li in 0..<levels.count where objective[base &+ li] != 0 { return true }
        return false
    }

    /// Whether the symbolic coefficient of `symbol` is lexicographically negative.
    @inline(__always) func lexNegative(_ symbol: Int) -> Bool {
        let base = symbol &* levelStride
        for li in 0..<levels.count {
            let c = objective[base &+ li]
            if c != 0 { return c < 0 }
        }
        return false
    }

    /// Replaces `symbol` by `row` (in solved form) in every level.
    mutating func substituteObjective(_ symbol: Int, _ row: Row) {
        for li in 0..<levels.count {
            let c = objectiveCoefficient(li, symbol)
            if c == 0 { continue }
            addToObjective(li, symbol, -c)
            journal.record(.levelConstant(level: li, old: levels[li].constant))
            levels[li].constant += c * row.constant
            for (s, v) in row.cells { addToObjective(li, s, c * v) }
        }
    }

    mutating func removeFromObjective(_ symbol: Int) {
        for li in 0..<levels.count where objectiveCoefficient(li, symbol) != 0 {
            addToObjective(li, symbol, -objectiveCoefficient(li, symbol))
        }
    }

    /// The level of `priority`, inserted (in decreasing priority order) if new.
    mutating func level(for priority: Double) -> Int {
        var i = 0
        while i < levels.count && levels[i].priority > priority { i += 1 }
        if i < levels.count && levels[i].priority == priority { return i }
        if levels.count == levelStride { relayoutObjective(stride: levelStride + 1) }
        let symbols = symbols.kinds.count
        for s in 0..<symbols {
            let base = s * levelStride
            var j = levels.count
            while j > i {
                objective[base + j] = objective[base + j - 1]
                j -= 1
            }
            objective[base + i] = 0
        }
        levels.insert(Level(priority: priority, constant: 0, count: 0), at: i)
        return i
    }

    /// Drops level `li` (no constraint left at its priority); symbols it mentioned are re-examined.
    mutating func removeLevel(_ li: Int) {
        for s in 0..<symbols.kinds.count {
            let base = s * levelStride
            if objective[base + li] != 0 { markObjective(s) }
            for j in li..<(levels.count - 1) { objective[base + j] = objective[base + j + 1] }
            objective[base + levels.count - 1] = 0
        }
        levels.remove(at: li)
    }

    mutating func relayoutObjective(stride: Int) {
        var dense = [Double](repeating: 0, count: symbols.kinds.count * stride)
        for s in 0..<symbols.kinds.count {
            for li in 0..<levels.count { dense[s * stride + li] = objective[s * levelStride + li] }
        }
        objective = dense
        levelStride = stride
    }

    /// objective[level] += weight × (current expression of the error symbol).
    mutating func addErrorEffect(_ symbol: Int, level li: Int, weight: Double) {
        if let r = symbols.rows[symbol] {
            levels[li].constant += weight * r.constant
            for (s, c) in r.cells { addToObjective(li, s, weight * c) }
        } else {
            addToObjective(li, symbol, weight)
        }
    }

    /// The non-zero cells of level `li`, by symbol.
    func objectiveRow(_ li: Int) -> Row {
        var row = Row(constant: levels[li].constant)
        for s in 0..<symbols.kinds.count where objectiveCoefficient(li, s) != 0 {
            row.cells.insertNew(s, objectiveCoefficient(li, s))
        }
        return row
    }
}
