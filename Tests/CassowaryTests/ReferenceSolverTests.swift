import Testing
import SolverReference

/// The reference LP on problems small enough to solve by hand (the arithmetic is in each comment).
@Suite struct ReferenceSolverTests {
    func solved(_ n: Int, _ constraints: [ReferenceConstraint]) -> ReferenceSolution? {
        if case .solved(let solution) = ReferenceSolver.solve(variableCount: n, constraints: constraints) { return solution }
        return nil
    }

    @Test func requiredBoundBeatsPreference() throws {
        // x ≥ 10 required, x == 5 @500: x = 10, violation |10 − 5| = 5.
        let s = try #require(solved(1, [
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -10, .greaterThanOrEqual),
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -5, .equal, priority: 500),
        ]))
        #expect(abs(s.values[0] - 10) < 1e-9)
        #expect(s.determined == [true])
        #expect(s.levelOptima.count == 1 && abs(s.levelOptima[0].violation - 5) < 1e-9)
    }

    @Test func higherPriorityWinsThenLowerUsesTheRest() throws {
        // x + y == 100 required, x == 30 @750, y == 80 @250: x = 30 (level 750 at 0), y = 100 − 30 = 70,
        // level 250 violated by |70 − 80| = 10.
        let s = try #require(solved(2, [
            ReferenceConstraint([ReferenceTerm(0, 1), ReferenceTerm(1, 1)], constant: -100, .equal),
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -30, .equal, priority: 750),
            ReferenceConstraint([ReferenceTerm(1, 1)], constant: -80, .equal, priority: 250),
        ]))
        #expect(abs(s.values[0] - 30) < 1e-9 && abs(s.values[1] - 70) < 1e-9)
        #expect(s.determined == [true, true])
        #expect(s.levelOptima.map(\.priority) == [750, 250])
        #expect(abs(s.levelOptima[0].violation) < 1e-9 && abs(s.levelOptima[1].violation - 10) < 1e-9)
    }

    @Test func weightsWithinALevel() throws {
        // x == 10 @500 ×2, x == 20 @500 ×1: 2|x − 10| + |x − 20| is 10 at x = 10, 2·10 = 20 at x = 20,
        // and has slope 2 − 1 = 1 > 0 on (10, 20): x = 10, violation 10.
        let s = try #require(solved(1, [
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -10, .equal, priority: 500, weight: 2),
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -20, .equal, priority: 500, weight: 1),
        ]))
        #expect(abs(s.values[0] - 10) < 1e-9 && s.determined == [true])
        #expect(abs(s.levelOptima[0].violation - 10) < 1e-9)
    }

    @Test func equalWeightsLeaveAFace() throws {
        // x == 10 @500, x == 20 @500: |x − 10| + |x − 20| = 10 for every x in [10, 20]: not determined.
        // y == 2x + 4 required and y ≤ 30: y follows x, also not determined; z == 7 @1: z = 7.
        let s = try #require(solved(3, [
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -10, .equal, priority: 500),
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -20, .equal, priority: 500),
            ReferenceConstraint([ReferenceTerm(1, 1), ReferenceTerm(0, -2)], constant: -4, .equal),
            ReferenceConstraint([ReferenceTerm(1, 1)], constant: -30, .lessThanOrEqual),
            ReferenceConstraint([ReferenceTerm(2, 1)], constant: -7, .equal, priority: 1),
        ]))
        #expect(s.determined == [false, false, true])
        #expect(abs(s.values[2] - 7) < 1e-9)
        #expect(abs(s.levelOptima[0].violation - 10) < 1e-9)
        // The vertex found is on the face: y = 2x + 4 ≤ 30 gives x ≤ 13, so x in [10, 13].
        #expect(s.values[0] >= 10 - 1e-9 && s.values[0] <= 13 + 1e-9)
        #expect(abs(s.values[1] - (2 * s.values[0] + 4)) < 1e-9)
    }

    @Test func strictlyLexicographic() throws {
        // x == 0 @251 against ten x == 1 @250: the single higher constraint wins, x = 0 (level 250: 10·1).
        var constraints = [ReferenceConstraint([ReferenceTerm(0, 1)], constant: 0, .equal, priority: 251)]
        for _ in 0..<10 { constraints.append(ReferenceConstraint([ReferenceTerm(0, 1)], constant: -1, .equal, priority: 250)) }
        let s = try #require(solved(1, constraints))
        #expect(abs(s.values[0]) < 1e-9)
        #expect(abs(s.levelOptima[1].violation - 10) < 1e-9)
    }

    @Test func inequalityPreferencesAreOneSided() throws {
        // x ≤ 40 @500 and x ≥ 50 @500 ×3, x ≥ 0 required: violations max(0, x − 40) + 3·max(0, 50 − x);
        // on [40, 50] that is (x − 40) + 3(50 − x), slope 1 − 3 < 0: x = 50, violation 10.
        let s = try #require(solved(1, [
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -40, .lessThanOrEqual, priority: 500),
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -50, .greaterThanOrEqual, priority: 500, weight: 3),
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: 0, .greaterThanOrEqual),
        ]))
        #expect(abs(s.values[0] - 50) < 1e-9 && s.determined == [true])
        #expect(abs(s.levelOptima[0].violation - 10) < 1e-9)
    }

    @Test func infeasibleRequiredSet() {
        // x ≥ 10 and x ≤ 5, both required: no x.
        let result = ReferenceSolver.solve(variableCount: 1, constraints: [
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -10, .greaterThanOrEqual),
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -5, .lessThanOrEqual),
        ])
        guard case .infeasible = result else {
            Issue.record("expected infeasible, got \(result)")
            return
        }
    }

    @Test func redundantRequiredEqualitiesAndFreeVariables() throws {
        // x == 5 and 2x == 10 (the same line, a redundant row phase one must keep at 0), y − x ≥ 1:
        // x = 5, y only bounded below (y ≥ 6): not determined; variable 2 appears nowhere.
        let s = try #require(solved(3, [
            ReferenceConstraint([ReferenceTerm(0, 1)], constant: -5, .equal),
            ReferenceConstraint([ReferenceTerm(0, 2)], constant: -10, .equal),
            ReferenceConstraint([ReferenceTerm(1, 1), ReferenceTerm(0, -1)], constant: -1, .greaterThanOrEqual),
        ]))
        #expect(abs(s.values[0] - 5) < 1e-9)
        #expect(s.determined == [true, false, false])
        #expect(s.values[1] >= 6 - 1e-9)
    }

    @Test func negativeMultiplierAndHalves() throws {
        // y == −1·x + 100 required, x == 0.5·z required, z == 60 @750, y ≥ 80 @500:
        // z = 60 → x = 30 → y = 70; y ≥ 80 violated by 10 (moving z costs at 750 first).
        let s = try #require(solved(3, [
            ReferenceConstraint([ReferenceTerm(1, 1), ReferenceTerm(0, 1)], constant: -100, .equal),
            ReferenceConstraint([ReferenceTerm(0, 1), ReferenceTerm(2, -0.5)], constant: 0, .equal),
            ReferenceConstraint([ReferenceTerm(2, 1)], constant: -60, .equal, priority: 750),
            ReferenceConstraint([ReferenceTerm(1, 1)], constant: -80, .greaterThanOrEqual, priority: 500),
        ]))
        #expect(abs(s.values[0] - 30) < 1e-9 && abs(s.values[1] - 70) < 1e-9 && abs(s.values[2] - 60) < 1e-9)
        #expect(s.determined == [true, true, true])
        #expect(abs(s.levelOptima[1].violation - 10) < 1e-9)
    }
}
