import Testing
@testable import Cassowary

/// `Solver.takeChangedTags()`: the variables whose value moved at an `updateVariables()`, by tag.
@Suite struct ChangedVariableTests {
    func tagSet(_ changed: ChangedTags) -> Set<Int32>? {
        if case .tags(let tags) = changed { return Set(tags) }
        return nil
    }

    @Test func onlyTheVariablesThatMovedAreReported() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        // a = 10, b = a + 5 = 15, c = 40 (independent of a).
        let aIs = a == 10
        try solver.addConstraint(aIs)
        try solver.addConstraint(b == a + 5)
        try solver.addConstraint(c == 40)
        solver.setTag(1, of: a)
        solver.setTag(2, of: b)
        solver.setTag(3, of: c)
        solver.updateVariables()
        // Every value moved from 0: a → 10, b → 15, c → 40.
        #expect(tagSet(solver.takeChangedTags()) == [1, 2, 3])
        // a = 12 moves b to 17; c stays 40.
        try solver.setConstant(-12, of: aIs)
        solver.updateVariables()
        #expect(solver.value(of: b) == 17)
        #expect(tagSet(solver.takeChangedTags()) == [1, 2])
        // Two changed: past a limit of one, the report is "many".
        try solver.setConstant(-14, of: aIs)
        solver.updateVariables()
        #expect(solver.takeChangedTags(atMost: 1) == .many)
        // Nothing changed since: an empty report, not nil.
        solver.updateVariables()
        #expect(solver.takeChangedTags() == .tags([]))
    }

    @Test func anUntaggedChangeOrAResetReportsEverything() throws {
        let solver = Solver()
        let a = Variable("a"), d = Variable("d")
        try solver.addConstraint(a == 3)
        solver.setTag(-2, of: a)
        solver.updateVariables()
        // a moved 0 → 3 with the tag "no one reads it": left out.
        #expect(solver.takeChangedTags() == .tags([]))
        try solver.addConstraint(d == 4)
        solver.updateVariables()
        // d has no tag: any variable may have changed.
        #expect(solver.takeChangedTags() == .untagged)
        solver.reset()
        #expect(solver.takeChangedTags() == .untagged)
        #expect(solver.takeChangedTags() == .tags([]))
    }
}
