import Testing
@testable import Cassowary

/// The subject a new constraint's row takes when the paper's choice would be its own error entering
/// violated (``SolverCore/feasibleRestrictedSubject(_:newSymbols:)``): an old restricted symbol that can
/// hold the row's value, when every restricted row stays non-negative. Expected values by hand.
@Suite struct SubjectChoice {
    /// A view's width with an intrinsic size, as the layout engine adds it: `w ≥ 0` (required), then
    /// `w ≤ 120 @251` (hugging) and `w ≥ 120 @750` (compression resistance).
    @Test func contentSizePairEntersWithItsErrorsNonBasic() throws {
        let solver = Solver()
        let w = Variable("w")
        let nonNegative = w >= 0
        let hugging = (w <= 120) | Strength(251)
        let resistance = (w >= 120) | .strong
        for c in [nonNegative, hugging, resistance] { try solver.addConstraint(c) }
        solver.updateVariables()
        // Every constraint holds at w = 120: no error is needed.
        #expect(solver.value(of: w) == 120)
        #expect(solver.invariantViolations().isEmpty)

        // `w ≥ 120 @750` arrives as 0 = −s0 + 120 + s2 − e2 over the slack s0 of `w ≥ 0` (w = s0): the
        // paper's subject e2 = 120 − s0 + s2 enters at 120 and two pivots follow. The slack s0 takes
        // the row instead (s0 = 120 + s2 − e2; the hugging row s1 = 120 − s0 + e1 becomes −s2 + e2 + e1,
        // constant 0 ≥ 0), so both constraints' errors stay non-basic at 0.
        let core = solver.core
        let s0 = try #require(core.infos[infoKey(nonNegative)]).marker
        #expect(core.symbols.rows.constant(s0) == 120)
        for c in [hugging, resistance] {
            let info = try #require(core.infos[infoKey(c)])
            let error = try #require(info.other)
            #expect(!core.symbols.rows.hasRow(error))
        }
    }

    /// The ratio test: a restricted row that the candidate's value would drive negative rules it out.
    @Test func candidateThatBreaksARestrictedRowIsPassedOver() throws {
        let solver = Solver()
        let w = Variable("w")
        // w ≥ 0 (w = s0), then w ≤ 50 (required: s1 = 50 − s0), then w ≥ 120 @750. The slack s0 would
        // take 120, and s1 = 50 − 120 < 0: it is passed over, the error enters, and the optimum keeps the
        // required bound: w = 50, the strong constraint short by 70.
        for c in [w >= 0, w <= 50, (w >= 120) | .strong] { try solver.addConstraint(c) }
        solver.updateVariables()
        #expect(solver.value(of: w) == 50)
        #expect(solver.invariantViolations().isEmpty)
    }
}
