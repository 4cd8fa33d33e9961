import SolverReference

/// Shrinks a failing edit sequence to a small one that still fails (any failure counts): it cuts
/// everything after the failing step, drops chunks of steps and then single steps (delta debugging,
/// Zeller & Hildebrandt, "Simplifying and isolating failure-inducing input", IEEE TSE 28(2), 2002), then
/// simplifies numbers (constants to integers, then to 0; weights to 1; priorities to 500), repeating
/// until nothing more goes.
struct EditSequenceShrinker {
    /// Stops after this many runs of candidate sequences (each is one `EditSequenceRunner.run`).
    var budget = 20_000

    mutating func fails(_ sequence: EditSequence) -> EditSequenceFailure? {
        guard budget > 0 else { return nil }
        budget -= 1
        return EditSequenceRunner.run(sequence)
    }

    /// The smallest failing sequence found from `sequence` (which fails with `failure`), and its failure.
    mutating func shrink(_ sequence: EditSequence, _ failure: EditSequenceFailure) -> (EditSequence, EditSequenceFailure) {
        var best = sequence
        var bestFailure = failure
        best.steps = Array(best.steps.prefix(failure.step + 1))
        var changed = true
        while changed && budget > 0 {
            changed = false
            // Drop chunks, halving their size down to single steps.
            var chunk = max(1, best.steps.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < best.steps.count {
                    var candidate = best
                    candidate.steps.removeSubrange(start..<min(start + chunk, candidate.steps.count))
                    if let f = fails(candidate) {
                        best = candidate
                        best.steps = Array(best.steps.prefix(f.step + 1))
                        bestFailure = f
                        changed = true
                    } else {
                        start += chunk
                    }
                }
                chunk /= 2
            }
            // Simpler numbers, one step at a time.
            for i in best.steps.indices {
                for simpler in Self.simplifications(of: best.steps[i]) {
                    var candidate = best
                    candidate.steps[i] = simpler
                    if let f = fails(candidate) {
                        best = candidate
                        bestFailure = f
                        changed = true
                        break
                    }
                }
            }
        }
        return (best, bestFailure)
    }

    /// Simpler versions of a step, simplest first.
    static func simplifications(of step: EditStep) -> [EditStep] {
        func numbers(_ x: Double) -> [Double] {
            var out: [Double] = []
            if x != 0 { out.append(0) }
            if x != x.rounded() { out.append(x.rounded()) }
            return out
        }
        switch step {
        case .add(let h, let c):
            var out: [EditStep] = []
            for k in numbers(c.constant) {
                var s = c
                s.constant = k
                out.append(.add(handle: h, s))
            }
            if !c.isRequired && c.weight != 1 {
                var s = c
                s.weight = 1
                out.append(.add(handle: h, s))
            }
            if !c.isRequired && c.priority != 500 {
                var s = c
                s.priority = 500
                out.append(.add(handle: h, s))
            }
            for (i, t) in c.terms.enumerated() where t.coefficient != 1 && t.coefficient != -1 {
                var s = c
                s.terms[i].coefficient = t.coefficient < 0 ? -1 : 1
                out.append(.add(handle: h, s))
            }
            return out
        case .setConstant(let h, let v): return numbers(v).map { .setConstant(handle: h, $0) }
        case .suggest(let v, let x): return numbers(x).map { .suggest(variable: v, $0) }
        case .setStrength(let h, let p, let w):
            return (w != 1 ? [.setStrength(handle: h, priority: p, weight: 1)] : [])
                + (p != 500 ? [.setStrength(handle: h, priority: 500, weight: w)] : [])
        case .addEdit(let v, let p, let w):
            return (w != 1 ? [.addEdit(variable: v, priority: p, weight: 1)] : [])
                + (p != 500 ? [.addEdit(variable: v, priority: 500, weight: w)] : [])
        case .remove, .removeEdit:
            return []
        }
    }
}
