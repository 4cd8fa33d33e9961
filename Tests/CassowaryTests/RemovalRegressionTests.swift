import Testing
@testable import Cassowary

/// Removals that once left the tableau wrong, each reduced to its smallest case.
@Suite struct RemovalRegressionTests {
    /// `w == 50` twice: the second copy is redundant (its row is `d2 = d1`, dummies only). Removing the
    /// first must leave the second in force. The marker d1 also sits in the slack row of `w >= 0` with a
    /// negative coefficient; pivoting through that row instead of the dummy's left `d2 = 50 − s`, a
    /// required equality silently broken, and a later `w == 30` was accepted.
    @Test func removingOneOfTwoEqualRequiredEqualitiesKeepsTheOther() throws {
        let solver = Solver()
        let w = Variable("w")
        try solver.addConstraint(w >= 0)
        let first: Constraint = w == 50
        let second: Constraint = w == 50
        try solver.addConstraint(first)
        try solver.addConstraint(second)
        try solver.removeConstraint(first)
        #expect(values(solver, [w]) == [50])
        // w == 50 still holds, so w == 30 contradicts it.
        #expect(throws: SolverError.self) { try solver.addConstraint(w == 30) }
        #expect(values(solver, [w]) == [50])
        // With the second copy gone too, w is free again above its bound: w == 30 holds.
        try solver.removeConstraint(second)
        try solver.addConstraint(w == 30)
        #expect(values(solver, [w]) == [30])
    }

    /// The same with the copies removed in the other order, and a non-zero bound below.
    @Test func removingTheRedundantCopyKeepsTheFirst() throws {
        let solver = Solver()
        let w = Variable("w")
        try solver.addConstraint(w >= 10)
        let first: Constraint = w == 50
        let second: Constraint = w == 50
        try solver.addConstraint(first)
        try solver.addConstraint(second)
        try solver.removeConstraint(second)
        #expect(throws: SolverError.self) { try solver.addConstraint(w == 30) }
        #expect(values(solver, [w]) == [50])
    }
}
