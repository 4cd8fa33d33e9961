import Testing
@testable import Cassowary

/// Checks the tableau's invariants (see ``SolverCore``'s lazy rows): restricted rows and the objective
/// mention only non-basic symbols; a row that refers to a basic external symbol has a higher stamp and is
/// marked lazy; the column index lists exactly the rows mentioning each symbol.
func tableauProblems(_ core: SolverCore) -> [String] {
    var problems: [String] = []
    let rows = core.symbols.rows
    for b in rows.indices {
        guard let row = rows[b] else {
            continue
        }
        for (s, _) in row.cells {
            if !core.symbols.columns[s].contains(core.rowId(b)) { problems.append("column \(s) misses row \(b)") }
            guard let referenced = rows[s] else { continue }
            if core.symbols.kinds[b] != .external {
                problems.append("restricted row \(b) mentions basic \(s)")
            } else {
                if !row.lazy { problems.append("row \(b) refers to basic \(s) but is not lazy") }
                if core.symbols.kinds[s] == .external && !(referenced.stamp < row.stamp) {
                    problems.append("row \(b) (stamp \(row.stamp)) refers to \(s) (stamp \(referenced.stamp))")
                }
            }
        }
    }
    for s in core.symbols.columns.indices {
        for id in core.symbols.columns[s] {
            let b = core.basicOf(id)
            if b < 0 || rows[b]?.cells[s] == nil || core.rowId(b) != id {
                problems.append("column \(s) lists row \(id) (basic \(b)), which does not mention it")
            }
        }
    }
    for li in core.objective.levels.indices {
        for (s, _) in core.objective.row(li).cells where rows[s] != nil { problems.append("objective mentions basic \(s)") }
    }
    return problems
}

/// Lazy external rows against the classic solved form: the same random operations on a solver with lazy
/// rows and on one without (`lazyRowsEnabled = false`, every row over non-basic symbols) give the same
/// values, the same errors, and keep the invariants.
@Suite struct LazyRows {
    /// Long chains (t(i) = t(i−1) + h(i−1) + gap, as in solver-bench's chain and coupled layouts) with
    /// random links, bounds, preferences and edit variables, then random removals, re-additions, constant
    /// changes and suggestions.
    @Test func randomChainsMatchSolvedForm() throws {
        var lazyRowCount = 0
        for seed in UInt64(1)...30 { try randomChains(seed: seed, lazyRowCount: &lazyRowCount) }
        // The operations did exercise lazy rows.
        #expect(lazyRowCount > 30)
    }

    func randomChains(seed: UInt64, lazyRowCount: inout Int) throws {
        var g = LCG(state: seed &* 7_777_777 &+ 3)
        let n = 12 + g.int(30)
        let vars = (0..<n).map { Variable("v\($0)") }
        // Lazy whenever possible (threshold 0), lazy as shipped, and the classic solved form.
        let lazy = Solver()
        lazy.core.lazyThreshold = 0
        let shipped = Solver()
        let classic = Solver()
        classic.core.lazyRowsEnabled = false
        func both(_ body: (Solver) throws -> Void) throws -> (Error?, Error?) {
            var e1: Error? = nil, e2: Error? = nil, e3: Error? = nil
            do { try body(lazy) } catch { e1 = error }
            do { try body(shipped) } catch { e3 = error }
            do { try body(classic) } catch { e2 = error }
            #expect((e1 == nil) == (e3 == nil))
            return (e1, e2)
        }
        func check(_ what: String) {
            for s in [lazy, shipped, classic] { s.updateVariables() }
            let a = values(lazy, vars), b = values(classic, vars), c = values(shipped, vars)
            #expect(a.elementsEqual(b, by: { close($0, $1, tolerance: 1e-5) }), "seed \(seed) \(what): \(a) vs \(b)")
            #expect(c.elementsEqual(b, by: { close($0, $1, tolerance: 1e-5) }), "seed \(seed) \(what): \(c) vs \(b)")
            for s in [lazy, shipped] {
                let problems = tableauProblems(s.core)
                #expect(problems.isEmpty, "seed \(seed) \(what): \(problems.prefix(5))")
            }
        }
        var links: [Constraint] = []
        func randomLink() -> Constraint {
            let i = 1 + g.int(n - 1)
            let j = g.int(2) == 0 ? i - 1 : g.int(i)
            let k = g.int(i)
            let expr: Expression = g.int(3) == 0
                ? vars[i] - vars[j] - vars[k] * 0.5 - g.double(0, 40)
                : vars[i] - vars[j] - g.double(0, 40)
            let strength: Strength = g.int(4) == 0 ? Strength(500, weight: g.double(0.5, 2)) : .required
            let relation: Relation = g.int(5) == 0 ? .greaterThanOrEqual : .equal
            return Constraint(expr, relation, strength: strength)
        }
        for i in 0..<(n + g.int(n)) {
            // First a chain over fresh variables (mostly v(i) from v(i−1)), then random links.
            let c: Constraint
            if i + 1 < n && g.int(5) != 0 {
                var expr: Expression = vars[i + 1] - vars[i]
                if g.int(3) == 0 { expr = expr - vars[g.int(i + 1)] * 0.5 }
                let gap = g.double(0, 40)
                c = Constraint(expr - gap, .equal)
            } else {
                c = randomLink()
            }
            let (e1, e2) = try both { try $0.addConstraint(c) }
            #expect((e1 == nil) == (e2 == nil), "seed \(seed): add \(c)")
            if e1 == nil && e2 == nil { links.append(c) }
        }
        // Links came first, on fresh variables: many rows are lazy. Then a unique optimum: every variable
        // has its own weak preference, and bounds.
        lazyRowCount += lazy.core.symbols.rows.filter { $0?.lazy == true }.count
        for (i, v) in vars.enumerated() {
            _ = try both { try $0.addConstraint((v == Double(10 * i)) | Strength(1, weight: 1 + Double(i) * 0.13)) }
            _ = try both { try $0.addConstraint(v >= -5000) }
            _ = try both { try $0.addConstraint(v <= 5000) }
        }
        check("after building")
        let edited = vars[g.int(n)]
        _ = try both { try $0.addEditVariable(edited, strength: .strong) }
        for step in 0..<60 {
            switch g.int(6) {
            case 0:
                let c = randomLink()
                let dump = lazy.debugDescription
                let (e1, e2) = try both { try $0.addConstraint(c) }
                #expect((e1 == nil) == (e2 == nil), "seed \(seed) step \(step): add \(c)")
                if e1 == nil && e2 == nil { links.append(c) }
                if e1 != nil { #expect(lazy.debugDescription == dump) }
            case 1:
                if !links.isEmpty {
                    let c = links.remove(at: g.int(links.count))
                    _ = try both { try $0.removeConstraint(c) }
                }
            case 2, 3:
                if !links.isEmpty {
                    let c = links[g.int(links.count)]
                    let k = c.expression.constant + g.double(-30, 30)
                    let dump = lazy.debugDescription
                    let (e1, e2) = try both { try $0.setConstant(k, of: c) }
                    #expect((e1 == nil) == (e2 == nil), "seed \(seed) step \(step): setConstant")
                    if e1 != nil { #expect(lazy.debugDescription == dump) }
                }
            default:
                let value = g.double(-400, 400)
                _ = try both { try $0.suggestValue(value, for: edited) }
            }
            check("step \(step)")
        }
        for c in links { _ = try both { try $0.removeConstraint(c) } }
        check("after removing the links")
    }

    /// The benchmark's chain: every top refers to the one before (lazy rows), and changing a gap in the
    /// middle, in place or by remove + add, moves exactly the boxes below it.
    @Test func chainOfTopsStaysLinear() throws {
        let solver = Solver()
        let n = 300
        let t = (0..<n).map { Variable("t\($0)") }, h = (0..<n).map { Variable("h\($0)") }
        var gaps: [Constraint?] = Array(repeating: nil, count: n)
        try solver.addConstraint(t[0] == 8)
        for i in 0..<n {
            try solver.addConstraint(h[i] == 20)
            if i > 0 {
                let c = t[i] == t[i - 1] + h[i - 1] + 8
                gaps[i] = c
                try solver.addConstraint(c)
            }
        }
        // No row holds more than a handful of cells (the classic solved form holds O(i) in row i).
        let largest = solver.core.symbols.rows.compactMap { $0?.cells.count }.max() ?? 0
        #expect(largest <= solver.core.lazyThreshold + 2)
        #expect(tableauProblems(solver.core).isEmpty)
        func expectTops(_ gapAt: Int, _ gap: Double) {
            solver.updateVariables()
            var top = 8.0
            for i in 0..<n {
                if i > 0 { top += 20 + (i == gapAt ? gap : 8) }
                #expect(close(solver.value(of: t[i]), top), "t\(i)")
            }
        }
        expectTops(-1, 8)
        try solver.setConstant(-13, of: gaps[150]!)
        expectTops(150, 13)
        try solver.removeConstraint(gaps[150]!)
        let replacement = t[150] == t[149] + h[149] + 3
        try solver.addConstraint(replacement)
        expectTops(150, 3)
        #expect(tableauProblems(solver.core).isEmpty)
    }
}
