/// Changes to the objective (``Objective``) that the rest of the solver must hear of: every coefficient
/// change is journaled (``Journal``) and queues its symbol for the optimality check.
extension SolverCore {
    /// objective[li][symbol] += delta (a near-zero result is stored as 0), journaled, marked dirty.
    @inline(__always) mutating func addToObjective(_ li: Int, _ symbol: Int, _ delta: Double) {
        let i = symbol &* objective.stride &+ li
        let old = objective.coefficients[i]
        let v = old + delta
        journal.record(.coefficient(level: li, symbol: symbol, old: old))
        objective.coefficients[i] = nearZero(v) ? 0 : v
        if marksObjective { markObjective(symbol) }
    }

    /// Replaces `symbol` by `row` (in solved form) in every level.
    mutating func substituteObjective(_ symbol: Int, _ row: Row) {
        for li in 0..<objective.levels.count {
            let c = objective.coefficient(li, symbol)
            if c == 0 { continue }
            addToObjective(li, symbol, -c)
            journal.record(.levelConstant(level: li, old: objective.levels[li].constant))
            objective.levels[li].constant += c * row.constant
            for (s, v) in row.cells { addToObjective(li, s, c * v) }
        }
    }

    mutating func removeFromObjective(_ symbol: Int) {
        for li in 0..<objective.levels.count where objective.coefficient(li, symbol) != 0 {
            addToObjective(li, symbol, -objective.coefficient(li, symbol))
        }
    }

    /// objective[level] += weight × (current expression of the error symbol).
    mutating func addErrorEffect(_ symbol: Int, level li: Int, weight: Double) {
        if let r = symbols.rows[symbol] {
            objective.levels[li].constant += weight * r.constant
            for (s, c) in r.cells { addToObjective(li, s, weight * c) }
        } else {
            addToObjective(li, symbol, weight)
        }
    }
}
