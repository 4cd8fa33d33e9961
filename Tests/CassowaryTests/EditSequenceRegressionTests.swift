import Testing
import SolverReference

/// Edit sequences that once failed (shrunk by EditSequenceShrinker), kept as regression tests.
@Suite struct EditSequenceRegressions {
    /// Seed 1109 (issue 17): `setStrength` removes the `≤` preference between v3 and v5 while a lazy
    /// external row mentions its marker only through a cell that cancels once the row's references are
    /// expanded; removal then found no marker to solve for and trapped in `Row.solveFor(lhs:rhs:)`.
    @Test func editSequenceSeed1109() {
        let sequence = EditSequence(variableCount: 6, steps: [
            .add(handle: 0, ReferenceConstraint([ReferenceTerm(2, 1)], constant: -13.5, .greaterThanOrEqual, priority: 500)),
            .add(handle: 1, ReferenceConstraint([ReferenceTerm(2, 1), ReferenceTerm(4, -1)], constant: -17, .equal)),
            .add(handle: 4, ReferenceConstraint([ReferenceTerm(3, 1), ReferenceTerm(5, -1)], constant: -20, .lessThanOrEqual, priority: 750, weight: 0.5)),
            .add(handle: 5, ReferenceConstraint([ReferenceTerm(1, 0.5), ReferenceTerm(2, -1)], constant: -89, .equal, priority: 750)),
            .add(handle: 6, ReferenceConstraint([ReferenceTerm(4, 1), ReferenceTerm(1, 1), ReferenceTerm(3, -1)], constant: -28, .lessThanOrEqual, priority: 250)),
            .setStrength(handle: 4, priority: 250, weight: 0.5),
        ])
        let failure = EditSequenceRunner.run(sequence)
        #expect(failure == nil, "\(failure?.description ?? "")")
    }
}
