import Testing
@testable import Cassowary

/// All values of `vars` after updateVariables().
func values(_ s: Solver, _ vars: [Variable]) -> [Double] {
    s.updateVariables()
    return vars.map { s.value(of: $0) }
}

@Suite struct ExpressionTests {
    @Test func operatorsBuildExpressions() {
        let x = Variable("x"), y = Variable("y")
        let e = x * 2 + y - 10
        #expect(e.terms == [Term(x, 2), Term(y, 1)])
        #expect(e.constant == -10)
        let n = -x
        #expect(n == Term(x, -1))
        let t = 3 * x
        #expect(t.coefficient == 3)
        let h = (x + y) / 2
        #expect(h.terms.map(\.coefficient) == [0.5, 0.5])
        let m = 5 - (x - y)
        #expect(m.terms == [Term(x, -1), Term(y, 1)])
        #expect(m.constant == 5)
    }

    @Test func builders() {
        let x = Variable("x"), y = Variable("y")
        let c1: Constraint = x == y + 10
        #expect(c1.relation == .equal && c1.strength == .required)
        #expect(c1.expression.constant == -10)
        let c2: Constraint = x <= 20
        #expect(c2.relation == .lessThanOrEqual)
        let c3: Constraint = 2 * x >= y
        #expect(c3.relation == .greaterThanOrEqual)
        let c4 = (x == 5) | .weak
        #expect(c4.strength == .weak)
        let c5 = c4.withStrength(.strong)
        #expect(c5.strength == .strong && c5 != c4)
        let c6: Constraint = x == y
        #expect(c6.expression.terms.count == 2)
    }

    @Test func variableIdentity() {
        let a = Variable("a"), b = Variable("a")
        #expect(a != b)
        let c = a
        #expect(a == c)
        #expect(b.id > a.id)
    }

    @Test func strength() {
        #expect(Strength.required.isRequired)
        #expect(!Strength.strong.isRequired)
        #expect(Strength.weak < Strength.medium && Strength.medium < Strength.strong)
        #expect(Strength(250, weight: 2) > Strength(250))
        #expect(Strength(251) > Strength(250, weight: 1000))
        #expect(Strength(500).isValid && !Strength(0).isValid && !Strength(1001).isValid)
        #expect(!Strength(500, weight: 0).isValid)
    }
}

@Suite struct SolverBasics {
    @Test func inequalitiesWithWeakPreference() throws {
        let s = Solver()
        let x = Variable("x")
        try s.addConstraint(x >= 10)
        try s.addConstraint(x <= 20)
        let pull = (x == 0) | .weak
        try s.addConstraint(pull)
        #expect(close(values(s, [x])[0], 10))
        try s.removeConstraint(pull)
        try s.addConstraint((x == 100) | .weak)
        #expect(close(values(s, [x])[0], 20))
    }

    @Test func removeAndReAdd() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let c1 = x == 10
        let c2 = y == x + 5
        try s.addConstraint(c1)
        try s.addConstraint(c2)
        try s.addConstraint((y == 0) | .weak)
        #expect(values(s, [x, y]).elementsEqual([10, 15], by: { close($0, $1) }))
        try s.removeConstraint(c1)
        #expect(!s.hasConstraint(c1))
        #expect(close(values(s, [y])[0], 0))
        #expect(close(values(s, [x])[0], -5))
        try s.addConstraint(c1)
        #expect(s.hasConstraint(c1))
        #expect(values(s, [x, y]).elementsEqual([10, 15], by: { close($0, $1) }))
        try s.removeConstraint(c2)
        try s.addConstraint(c2)
        #expect(values(s, [x, y]).elementsEqual([10, 15], by: { close($0, $1) }))
    }

    @Test func removingEverythingLeavesEmptyTableau() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let cs = [x >= 0, y >= x + 10, (y == 50) | .medium, (x == 30) | .weak, y <= 100]
        for c in cs { try s.addConstraint(c) }
        #expect(values(s, [x, y]).elementsEqual([30, 50], by: { close($0, $1) }))
        for c in cs.reversed() { try s.removeConstraint(c) }
        #expect(s.core.symbols.rows.allSatisfy { $0 == nil })
        #expect(s.core.objective.levels.isEmpty)
    }

    @Test func editVariableWithRequiredBounds() throws {
        let s = Solver()
        let x = Variable("x")
        try s.addConstraint(x >= 0)
        try s.addConstraint(x <= 100)
        try s.addEditVariable(x, strength: .strong)
        #expect(s.hasEditVariable(x))
        try s.suggestValue(50, for: x)
        #expect(close(values(s, [x])[0], 50))
        try s.suggestValue(150, for: x)
        #expect(close(values(s, [x])[0], 100))
        try s.suggestValue(-10, for: x)
        #expect(close(values(s, [x])[0], 0))
        try s.suggestValue(42, for: x)
        #expect(close(values(s, [x])[0], 42))
        try s.removeEditVariable(x)
        #expect(!s.hasEditVariable(x))
    }

    @Test func editVariableDrivesOthers() throws {
        let s = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try s.addConstraint(right == left + width)
        try s.addConstraint(width >= 10)
        try s.addConstraint((width == 40) | .medium)
        try s.addConstraint(left == 5)
        try s.addEditVariable(right, strength: .strong)
        for target in [100.0, 30, 10, 200] {
            try s.suggestValue(target, for: right)
            let v = values(s, [left, width, right])
            #expect(close(v[2], max(target, 15)))
            #expect(close(v[1], max(target - 5, 10)))
        }
    }

    @Test func removingConstraintOnEditedVariable() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.addEditVariable(x, strength: .strong)
        let bound = x <= 50
        try s.addConstraint(bound)
        try s.addConstraint(y == x * 2)
        try s.suggestValue(80, for: x)
        #expect(values(s, [x, y]).elementsEqual([50, 100], by: { close($0, $1) }))
        try s.removeConstraint(bound)
        #expect(values(s, [x, y]).elementsEqual([80, 160], by: { close($0, $1) }))
        try s.suggestValue(10, for: x)
        #expect(values(s, [x, y]).elementsEqual([10, 20], by: { close($0, $1) }))
        try s.removeEditVariable(x)
        try s.addConstraint(x == 3)
        #expect(values(s, [x, y]).elementsEqual([3, 6], by: { close($0, $1) }))
    }

    @Test func editVariableCanBeReAdded() throws {
        let s = Solver()
        let x = Variable("x")
        try s.addConstraint((x == 7) | .weak)
        try s.addEditVariable(x, strength: .medium)
        try s.suggestValue(3, for: x)
        #expect(close(values(s, [x])[0], 3))
        try s.removeEditVariable(x)
        #expect(close(values(s, [x])[0], 7))
        try s.addEditVariable(x, strength: .medium)
        try s.suggestValue(9, for: x)
        #expect(close(values(s, [x])[0], 9))
    }

    @Test func resetForgetsEverything() throws {
        let s = Solver()
        let x = Variable("x")
        let c = x == 4
        try s.addConstraint(c)
        try s.addEditVariable(Variable(), strength: .weak)
        s.updateVariables()
        s.reset()
        #expect(!s.hasConstraint(c))
        #expect(s.value(of: x) == 0)
        try s.addConstraint(c)
        #expect(close(values(s, [x])[0], 4))
    }
}

@Suite struct Lexicographic {
    @Test func tenWeakLoseAgainstOneSlightlyHigher() throws {
        let s = Solver()
        let x = Variable("x")
        for _ in 0..<10 { try s.addConstraint((x == 0) | Strength(250, weight: 1000)) }
        try s.addConstraint((x == 100) | Strength(251))
        #expect(close(values(s, [x])[0], 100))
    }

    @Test func orderOfInsertionDoesNotMatter() throws {
        let s = Solver()
        let x = Variable("x")
        try s.addConstraint((x == 100) | Strength(251))
        for _ in 0..<10 { try s.addConstraint((x == 0) | Strength(250)) }
        #expect(close(values(s, [x])[0], 100))
    }

    @Test func manyVariablesAtLowerLevel() throws {
        // 10 distinct low-priority constraints that all want x small; one at 251 wants x big.
        let s = Solver()
        let x = Variable("x")
        var others: [Variable] = []
        for i in 0..<10 {
            let v = Variable("v\(i)")
            others.append(v)
            try s.addConstraint(v == x)
            try s.addConstraint((v <= 0) | .weak)
        }
        try s.addConstraint((x >= 1000) | Strength(251))
        #expect(close(values(s, [x])[0], 1000))
        #expect(values(s, others).allSatisfy { close($0, 1000) })
    }

    @Test func weightsWithinOneLevel() throws {
        let s = Solver()
        let x = Variable("x")
        try s.addConstraint((x == 0) | Strength(500, weight: 1))
        try s.addConstraint((x == 10) | Strength(500, weight: 3))
        #expect(close(values(s, [x])[0], 10))
    }

    @Test func strongEditOverridesMediumConstraints() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.addConstraint(y == x + 10)
        for k in 0..<5 { try s.addConstraint((x == Double(k)) | .medium) }
        try s.addConstraint((y <= 20) | .medium)
        try s.addEditVariable(x, strength: .strong)
        try s.suggestValue(300, for: x)
        #expect(values(s, [x, y]).elementsEqual([300, 310], by: { close($0, $1) }))
        try s.suggestValue(-300, for: x)
        #expect(values(s, [x, y]).elementsEqual([-300, -290], by: { close($0, $1) }))
    }

    @Test func mediumBeatsWeakAtDualStep() throws {
        // The dual ratio test must respect levels: after the suggestion the weak constraint yields.
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.addConstraint((x - y == 0) | .medium)
        try s.addConstraint((y == 5) | .weak)
        try s.addEditVariable(x, strength: .strong)
        try s.suggestValue(20, for: x)
        #expect(values(s, [x, y]).elementsEqual([20, 20], by: { close($0, $1) }))
        try s.suggestValue(-7, for: x)
        #expect(values(s, [x, y]).elementsEqual([-7, -7], by: { close($0, $1) }))
    }
}

@Suite struct Failures {
    @Test func duplicateAndUnknown() throws {
        let s = Solver()
        let x = Variable("x")
        let c = x == 1
        try s.addConstraint(c)
        #expect(throws: SolverError.duplicateConstraint(c)) { try s.addConstraint(c) }
        let d = x == 2
        #expect(throws: SolverError.unknownConstraint(d)) { try s.removeConstraint(d) }
        #expect(throws: SolverError.unknownConstraint(d)) { try s.setConstant(3, of: d) }
        #expect(s.constant(of: d) == nil)
        try s.addEditVariable(x, strength: .weak)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try s.addEditVariable(x, strength: .strong) }
        let y = Variable("y")
        #expect(throws: SolverError.unknownEditVariable(y)) { try s.removeEditVariable(y) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try s.suggestValue(1, for: y) }
        #expect(throws: SolverError.badRequiredStrength) { try s.addEditVariable(y, strength: .required) }
        #expect(!s.hasEditVariable(y))
    }

    @Test func conflictingEqualitiesNameTheFirst() throws {
        let s = Solver()
        let x = Variable("x")
        let a = x == 10
        let b = x == 20
        try s.addConstraint(a)
        #expect(throws: SolverError.unsatisfiableConstraint(b, conflicting: [a])) { try s.addConstraint(b) }
        #expect(!s.hasConstraint(b))
        #expect(close(values(s, [x])[0], 10))
    }

    @Test func chainExplanationNamesBoth() throws {
        let s = Solver()
        let aLeft = Variable("a.left"), bLeft = Variable("b.left")
        let c1 = aLeft == 0
        let c2 = bLeft == aLeft + 10
        let c3 = bLeft == 5
        let unrelated = Variable("z") == 3
        try s.addConstraint(c1)
        try s.addConstraint(unrelated)
        try s.addConstraint(c2)
        #expect(throws: SolverError.unsatisfiableConstraint(c3, conflicting: [c1, c2])) { try s.addConstraint(c3) }
    }

    @Test func inequalityConflictExplanation() throws {
        let s = Solver()
        let x = Variable("x")
        let lo = x >= 10
        let hi = x <= 5
        try s.addConstraint((x == 7) | .weak)
        try s.addConstraint(lo)
        #expect(throws: SolverError.unsatisfiableConstraint(hi, conflicting: [lo])) { try s.addConstraint(hi) }
    }

    @Test func failedAddLeavesSolverIdentical() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y"), w = Variable("w")
        try s.addConstraint(x >= 10)
        try s.addConstraint(y == x + w)
        try s.addConstraint(w >= 0)
        try s.addConstraint((w == 5) | .medium)
        try s.addConstraint((x == 0) | .weak)
        try s.addEditVariable(y, strength: .strong)
        try s.suggestValue(40, for: y)
        let before = values(s, [x, y, w])
        let dump = s.debugDescription
        let fresh = Variable("fresh")
        // Infeasible through the artificial-variable path, and through the all-dummy path.
        for bad in [x + fresh - fresh <= 5, x <= 9, y - x - w == 3, (x + w) * 2 <= 10] {
            #expect(throws: SolverError.self) { try s.addConstraint(bad) }
            #expect(s.debugDescription == dump)
            #expect(values(s, [x, y, w]) == before)
            #expect(!s.hasConstraint(bad))
        }
        #expect(s.value(of: fresh) == 0)
        // Still fully functional afterwards (no leaked row).
        try s.addConstraint(x <= 20)
        try s.suggestValue(100, for: y)
        let v = values(s, [x, y, w])
        #expect(close(v[0], 20) && close(v[1], 100) && close(v[2], 80))
        try s.suggestValue(12, for: y)
        let v2 = values(s, [x, y, w])
        #expect(close(v2[0], 10) && close(v2[1], 12) && close(v2[2], 2))
    }

    @Test func artificialSuccessPath() throws {
        let s = Solver()
        let x = Variable("x")
        try s.addConstraint((x == 10) | .weak)
        try s.addConstraint(x >= 0)
        try s.addConstraint(x <= 5)
        #expect(close(values(s, [x])[0], 5))
    }
}

@Suite struct Redundancy {
    @Test func redundantEqualitiesAccepted() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x == 10
        let b = x == 10
        let c = y == x + 1
        let d = y == 11
        try s.addConstraint(a)
        try s.addConstraint(b)
        try s.addConstraint(c)
        try s.addConstraint(d)
        #expect(values(s, [x, y]).elementsEqual([10, 11], by: { close($0, $1) }))
        try s.removeConstraint(a)
        #expect(values(s, [x, y]).elementsEqual([10, 11], by: { close($0, $1) }))
        try s.removeConstraint(d)
        #expect(values(s, [x, y]).elementsEqual([10, 11], by: { close($0, $1) }))
        try s.removeConstraint(b)
        try s.addConstraint((x == 3) | .weak)
        #expect(values(s, [x, y]).elementsEqual([3, 4], by: { close($0, $1) }))
    }

    @Test func redundantConstantChangeMustStayConsistent() throws {
        let s = Solver()
        let x = Variable("x")
        let a = x == 10
        let b = x == 10
        try s.addConstraint(a)
        try s.addConstraint(b)
        let dump = s.debugDescription
        let bNew = b.expression.constant  // -10
        #expect(throws: SolverError.unsatisfiableConstraint(b, conflicting: [a])) { try s.setConstant(-20, of: b) }
        #expect(s.constant(of: b) == bNew)
        #expect(s.debugDescription == dump)
        #expect(throws: SolverError.unsatisfiableConstraint(a, conflicting: [b])) { try s.setConstant(-20, of: a) }
        #expect(s.debugDescription == dump)
        #expect(close(values(s, [x])[0], 10))
        // Removing one makes the other free to move.
        try s.removeConstraint(b)
        try s.setConstant(-20, of: a)
        #expect(close(values(s, [x])[0], 20))
    }
}
