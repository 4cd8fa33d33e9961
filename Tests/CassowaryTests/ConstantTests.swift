import Testing
@testable import Cassowary

/// Deterministic linear congruential generator for reproducible "random" systems.
struct LCG {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() % 1_000_000) / 1_000_000
    }
}

/// A small random system whose required part is always satisfiable (bounds 0…1000 for each variable and
/// ordered chains with small gaps), plus non-required constraints on several levels with distinct weights,
/// so the optimum is unique with probability one.
struct RandomSystem {
    var vars: [Variable]
    var constraints: [Constraint]

    init(seed: UInt64) {
        var g = LCG(state: seed)
        let n = 3 + g.int(4)
        vars = (0..<n).map { Variable("v\($0)") }
        constraints = []
        for v in vars {
            constraints.append(v >= 0)
            constraints.append(v <= 1000)
        }
        for i in 1..<n where g.int(2) == 0 {
            constraints.append(vars[i] >= vars[i - 1] + g.double(0, 20))
        }
        let levels: [Double] = [250, 251, 500, 750, 999]
        for _ in 0..<(2 + g.int(8)) {
            let a = vars[g.int(n)], b = vars[g.int(n)]
            let strength = Strength(levels[g.int(levels.count)], weight: g.double(0.5, 3))
            let expr = a * g.double(0.5, 2) - b * g.double(0, 1) - g.double(0, 400)
            let rel: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][g.int(3)]
            constraints.append(Constraint(expr, rel, strength: strength))
        }
        for (i, v) in vars.enumerated() {
            constraints.append((v == g.double(0, 900)) | Strength(1, weight: 1 + Double(i) * 0.37))
        }
    }
}

@Suite struct ConstantChanges {
    @Test func setConstantMatchesRemoveAndAdd() throws {
        for seed in UInt64(1)...60 {
            let sys = RandomSystem(seed: seed)
            let inPlace = Solver()
            let rebuilt = Solver()
            for c in sys.constraints {
                try inPlace.addConstraint(c)
                try rebuilt.addConstraint(c)
            }
            var g = LCG(state: seed &* 7919)
            var current = sys.constraints  // what `rebuilt` holds
            for _ in 0..<8 {
                // Only non-required or chain constraints: bounds stay fixed so required stay satisfiable.
                let index = g.int(current.count)
                let original = sys.constraints[index]
                guard !original.strength.isRequired || original.expression.terms.count == 2 else { continue }
                let newConstant = original.strength.isRequired ? -g.double(0, 30) : -g.double(0, 900)
                try inPlace.setConstant(newConstant, of: original)
                #expect(inPlace.constant(of: original) == newConstant)
                let old = current[index]
                try rebuilt.removeConstraint(old)
                let replacement = Constraint(
                    Expression(original.expression.terms, constant: newConstant), original.relation,
                    strength: original.strength)
                try rebuilt.addConstraint(replacement)
                current[index] = replacement
                let a = values(inPlace, sys.vars), b = values(rebuilt, sys.vars)
                #expect(a.elementsEqual(b, by: { close($0, $1) }), "seed \(seed): \(a) vs \(b)")
            }
        }
    }

    @Test func setConstantOnRequiredEquality() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let c = x == 10
        try s.addConstraint(c)
        try s.addConstraint(y == x * 2)
        try s.setConstant(-30, of: c)
        #expect(values(s, [x, y]).elementsEqual([30, 60], by: { close($0, $1) }))
        #expect(s.constant(of: c) == -30)
        try s.setConstant(5, of: c)
        #expect(values(s, [x, y]).elementsEqual([-5, -10], by: { close($0, $1) }))
    }

    @Test func setConstantOnInequalities() throws {
        let s = Solver()
        let x = Variable("x")
        let lo = x >= 10
        let hi = x <= 20
        try s.addConstraint(lo)
        try s.addConstraint(hi)
        try s.addConstraint((x == 100) | .weak)
        #expect(close(values(s, [x])[0], 20))
        try s.setConstant(-50, of: hi)  // x <= 50
        #expect(close(values(s, [x])[0], 50))
        try s.setConstant(-200, of: hi)  // x <= 200
        #expect(close(values(s, [x])[0], 100))
        try s.setConstant(-30, of: hi)  // x <= 30
        #expect(close(values(s, [x])[0], 30))
        // x <= 5 together with x >= 10 is inconsistent: rolled back.
        let dump = s.debugDescription
        #expect(throws: SolverError.unsatisfiableConstraint(hi, conflicting: [lo])) { try s.setConstant(-5, of: hi) }
        #expect(s.debugDescription == dump)
        #expect(s.constant(of: hi) == -30)
        #expect(close(values(s, [x])[0], 30))
        // And the solver still works.
        try s.setConstant(-25, of: lo)  // x >= 25
        #expect(close(values(s, [x])[0], 30))
        #expect(throws: SolverError.unsatisfiableConstraint(hi, conflicting: [lo])) {
            try s.setConstant(-10, of: hi)  // x <= 10 < 25
        }
        #expect(close(values(s, [x])[0], 30))
        try s.setConstant(-1000, of: hi)
        #expect(close(values(s, [x])[0], 100))
    }

    @Test func setConstantRollbackKeepsEditsWorking() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let lo = x >= 0
        let gap = y >= x + 10
        let cap = y <= 100
        try s.addConstraint(lo)
        try s.addConstraint(gap)
        try s.addConstraint(cap)
        try s.addEditVariable(x, strength: .strong)
        try s.addConstraint((y == 0) | .weak)
        try s.suggestValue(50, for: x)
        #expect(values(s, [x, y]).elementsEqual([50, 60], by: { close($0, $1) }))
        let dump = s.debugDescription
        // y >= x + 200 with x >= 0 and y <= 100: impossible.
        #expect(throws: SolverError.self) { try s.setConstant(-200, of: gap) }
        #expect(s.debugDescription == dump)
        #expect(values(s, [x, y]).elementsEqual([50, 60], by: { close($0, $1) }))
        try s.suggestValue(95, for: x)
        #expect(values(s, [x, y]).elementsEqual([90, 100], by: { close($0, $1) }))
        try s.setConstant(-20, of: gap)
        #expect(values(s, [x, y]).elementsEqual([80, 100], by: { close($0, $1) }))
    }

    @Test func setConstantOnEditedConstraintAndNonRequired() throws {
        let s = Solver()
        let x = Variable("x")
        let pref = (x == 10) | .medium
        try s.addConstraint(pref)
        try s.addConstraint((x == 0) | .weak)
        #expect(close(values(s, [x])[0], 10))
        try s.setConstant(-70, of: pref)
        #expect(close(values(s, [x])[0], 70))
        try s.addEditVariable(x, strength: .strong)
        try s.suggestValue(3, for: x)
        #expect(close(values(s, [x])[0], 3))
        try s.setConstant(-80, of: pref)
        #expect(close(values(s, [x])[0], 3))
        try s.removeEditVariable(x)
        #expect(close(values(s, [x])[0], 80))
    }
}

@Suite struct Layouts {
    /// Three boxes side by side in a container whose width is an edit variable:
    /// |-8-[a]-8-[b]-8-[c]-8-|, a.width == b.width == c.width, widths >= 20, preferred width 100 (weak).
    @Test func threeBoxHorizontalLayout() throws {
        let s = Solver()
        let width = Variable("container.width")
        var lefts: [Variable] = [], widths: [Variable] = []
        for name in ["a", "b", "c"] {
            lefts.append(Variable("\(name).left"))
            widths.append(Variable("\(name).width"))
        }
        try s.addConstraint(lefts[0] == 8)
        for i in 1..<3 { try s.addConstraint(lefts[i] == lefts[i - 1] + widths[i - 1] + 8) }
        try s.addConstraint(lefts[2] + widths[2] + 8 == width)
        for i in 0..<3 {
            try s.addConstraint(widths[i] >= 20)
            try s.addConstraint((widths[i] == 100) | .weak)
        }
        try s.addConstraint(widths[1] == widths[0])
        try s.addConstraint(widths[2] == widths[0])
        try s.addConstraint(width >= 0)
        try s.addEditVariable(width, strength: .strong)

        for containerWidth in [320.0, 1000, 92, 50, 412] {
            try s.suggestValue(containerWidth, for: width)
            s.updateVariables()
            let w = max((containerWidth - 32) / 3, 20)
            let expectedWidth = max(containerWidth, 92)
            #expect(close(s.value(of: width), expectedWidth))
            for i in 0..<3 {
                #expect(close(s.value(of: widths[i]), w))
                #expect(close(s.value(of: lefts[i]), 8 + Double(i) * (w + 8)))
            }
        }
    }

    /// An edit variable remembers the rows that mention its marker between suggestions; rows added,
    /// re-solved or removed after a suggestion must be seen by the next one.
    @Test func suggestionsFollowRowsChangedSinceTheLastOne() throws {
        let s = Solver()
        let container = Variable("W"), half = Variable("half"), rest = Variable("rest")
        try s.addEditVariable(container, strength: .strong)
        try s.suggestValue(100, for: container)
        // A row mentioning the edit marker appears after the first suggestion.
        let halfOfWidth = half == container / 2
        try s.addConstraint(halfOfWidth)
        try s.suggestValue(300, for: container)
        s.updateVariables()
        #expect(close(s.value(of: half), 150, tolerance: 1e-6))
        // A second row, then a bound that pivots once the width crosses it.
        try s.addConstraint(rest == container - half - 10)
        try s.addConstraint(rest >= 40)
        for (width, expectedRest) in [(200.0, 90.0), (80, 40), (400, 190), (60, 40)] {
            try s.suggestValue(width, for: container)
            s.updateVariables()
            let expectedWidth = max(width, 100)
            #expect(close(s.value(of: container), expectedWidth, tolerance: 1e-6), "W for \(width)")
            #expect(close(s.value(of: half), expectedWidth / 2, tolerance: 1e-6), "half for \(width)")
            #expect(close(s.value(of: rest), expectedRest, tolerance: 1e-6), "rest for \(width)")
        }
        // The first row goes away: the next suggestion must not write to it.
        try s.removeConstraint(halfOfWidth)
        try s.addConstraint(half == 25)
        try s.suggestValue(500, for: container)
        s.updateVariables()
        #expect(close(s.value(of: rest), 465, tolerance: 1e-6))
    }
}
