import Foundation
import Testing
@testable import Cassowary

/// Seeded random edit sequences (EditSequenceGenerator) run against the invariant check and the
/// independent reference LP (EditSequenceRunner), shrunk on failure (EditSequenceShrinker).
///
/// CI runs `EDIT_SEQUENCES` sequences (default 1500, about 15 s in a debug build) from seed `EDIT_SEED` (default 1): seeds
/// EDIT_SEED, EDIT_SEED + 1, …. By hand, many more:
///
///     EDIT_SEQUENCES=100000 EDIT_SEED=1000000 swift test --skip-build --filter EditSequences
///
/// A failure prints the seed, the failure and the shrunk sequence as a test to paste into
/// EditSequenceRegressionTests.swift. `EDIT_TRACE=1` prints each seed before it runs (to find the seed
/// of a crash, which cannot be caught and shrunk in-process); `EDIT_DUMP=path` writes the sequence of
/// `EDIT_SEED` there as JSON and `EDIT_REPLAY=path` runs a JSON sequence alone, so that a crash can be
/// shrunk from outside by running candidates in a child process.
@Suite struct EditSequences {
    static func environment(_ name: String) -> UInt64? {
        ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
    }

    @Test func randomEditSequencesMatchTheReference() throws {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["EDIT_DUMP"] {
            let sequence = EditSequenceGenerator.sequence(seed: Self.environment("EDIT_SEED") ?? 1)
            try JSONEncoder().encode(sequence).write(to: URL(fileURLWithPath: path))
            return
        }
        if let path = environment["EDIT_REPLAY"] {
            let sequence = try JSONDecoder().decode(EditSequence.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            if let failure = EditSequenceRunner.run(sequence) { Issue.record("replay failed: \(failure)") }
            print(sequence.swiftSource(testName: "replay", note: "Replayed from \(path)"))
            return
        }
        let count = Self.environment("EDIT_SEQUENCES") ?? 1500
        let first = Self.environment("EDIT_SEED") ?? 1
        let trace = ProcessInfo.processInfo.environment["EDIT_TRACE"] == "1"
        var failures = 0
        var steps = 0
        for seed in first..<(first + count) {
            if trace { print("edit sequence seed \(seed)") }
            let sequence = EditSequenceGenerator.sequence(seed: seed)
            steps += sequence.steps.count
            guard let failure = EditSequenceRunner.run(sequence) else { continue }
            failures += 1
            var shrinker = EditSequenceShrinker()
            let (small, smallFailure) = shrinker.shrink(sequence, failure)
            let source = small.swiftSource(testName: "editSequenceSeed\(seed)",
                                           note: "Seed \(seed): \(smallFailure.message)")
            Issue.record("edit sequence seed \(seed) failed at \(failure); shrunk to \(small.steps.count) steps:\n\(source)")
            if failures >= 3 { break }
        }
        print("edit sequences: \(count) from seed \(first), \(steps) steps, \(failures) failing")
    }
}
