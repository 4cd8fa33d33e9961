import Testing
@testable import Cassowary

/// Random sequences of operations on one solver, checked after every step against a solver built from
/// scratch with the same final constraints and suggestions.
@Suite struct Incremental {
    func randomConstraint(_ g: inout LCG, _ vars: [Variable]) -> Constraint {
        let n = vars.count
        let a = vars[g.int(n)], b = vars[g.int(n)]
        let levels: [Double] = [100, 250, 251, 500, 750, 1000, 1000]
        let strength = Strength(levels[g.int(levels.count)], weight: g.double(0.5, 3))
        let expr: Expression
        if g.int(3) == 0 {
            expr = a * g.double(0.5, 2) - g.double(0, 600)
        } else {
            expr = a * g.double(0.5, 2) - b * g.double(0, 1.5) - g.double(-200, 400)
        }
        let rel: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual, .greaterThanOrEqual][g.int(4)]
        return Constraint(expr, rel, strength: strength)
    }

    @Test(arguments: UInt64(1)...40)
    func randomOperationsMatchFreshSolver(seed: UInt64) throws {
        var g = LCG(state: seed &* 104_729)
        let n = 3 + g.int(5)
        let vars = (0..<n).map { Variable("v\($0)") }
        let s = Solver()
        var base: [Constraint] = []
        for (i, v) in vars.enumerated() {
            base.append(v >= -1000)
            base.append(v <= 1000)
            base.append((v == g.double(-500, 500)) | Strength(1, weight: 1 + Double(i) * 0.31))
        }
        for c in base { try s.addConstraint(c) }
        var installed: [Constraint] = []
        var constants: [ObjectIdentifier: Double] = [:]
        var edits: [Variable: (Strength, Double)] = [:]

        func check(_ step: Int) throws {
            let fresh = Solver()
            for c in base { try fresh.addConstraint(c) }
            for c in installed {
                let k = constants[ObjectIdentifier(c)] ?? c.expression.constant
                try fresh.addConstraint(Constraint(Expression(c.expression.terms, constant: k), c.relation, strength: c.strength))
            }
            for v in vars {
                if let (strength, value) = edits[v] {
                    try fresh.addEditVariable(v, strength: strength)
                    try fresh.suggestValue(value, for: v)
                }
            }
            let a = values(s, vars), b = values(fresh, vars)
            #expect(a.elementsEqual(b, by: { close($0, $1, tolerance: 1e-5) }), "seed \(seed) step \(step): \(a) vs \(b)")
        }

        for step in 0..<40 {
            switch g.int(10) {
            case 0, 1, 2, 3:
                let c = randomConstraint(&g, vars)
                let dump = s.debugDescription
                do {
                    try s.addConstraint(c)
                    installed.append(c)
                } catch SolverError.unsatisfiableConstraint(let failed, let conflicting) {
                    #expect(failed === c)
                    #expect(s.debugDescription == dump)
                    #expect(conflicting.allSatisfy { s.hasConstraint($0) && $0.strength.isRequired })
                    #expect(!conflicting.isEmpty)
                }
            case 4, 5:
                if !installed.isEmpty {
                    let c = installed.remove(at: g.int(installed.count))
                    try s.removeConstraint(c)
                    constants[ObjectIdentifier(c)] = nil
                }
            case 6, 7:
                if !installed.isEmpty {
                    let c = installed[g.int(installed.count)]
                    let k = c.expression.constant + g.double(-100, 100)
                    let dump = s.debugDescription
                    do {
                        try s.setConstant(k, of: c)
                        constants[ObjectIdentifier(c)] = k
                    } catch SolverError.unsatisfiableConstraint(let failed, _) {
                        #expect(failed === c)
                        #expect(s.debugDescription == dump)
                    }
                }
            case 8:
                let v = vars[g.int(n)]
                if edits[v] == nil {
                    let strength = Strength([300.0, 600, 800][g.int(3)])
                    try s.addEditVariable(v, strength: strength)
                    edits[v] = (strength, 0)
                } else if g.int(3) == 0 {
                    try s.removeEditVariable(v)
                    edits[v] = nil
                }
            default:
                if let v = vars.first(where: { edits[$0] != nil && g.int(2) == 0 }) ?? vars.first(where: { edits[$0] != nil }) {
                    let value = g.double(-800, 800)
                    try s.suggestValue(value, for: v)
                    edits[v]!.1 = value
                }
            }
            try check(step)
        }
        // Tear down: the tableau must end up empty.
        for v in vars where edits[v] != nil { try s.removeEditVariable(v) }
        for c in installed + base { try s.removeConstraint(c) }
        #expect(s.core.infos.isEmpty && s.core.objective.levels.isEmpty)
        #expect(s.core.symbols.rows.allSatisfy { $0 == nil })
    }
}
