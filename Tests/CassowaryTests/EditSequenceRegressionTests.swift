import Testing
import SolverReference

/// Edit sequences that once failed (shrunk by EditSequenceShrinker), kept as regression tests.
@Suite struct EditSequenceRegressions {
}
