import SolverReference

/// Seeded random edit sequences over a handful of variables: chains, sums, multipliers (0.5, 2, −1),
/// equalities and inequalities, required and non-required constraints on a few distinct and shared
/// priorities with weights, so that conflicts (required adds the solver must refuse, preferences that
/// lose) are common; then long runs of removals, constant changes, strength changes, edit variables and
/// suggestions. Numbers are round (integers and halves), so that a tie or an infeasibility is exact.
struct EditSequenceGenerator {
    var random: LCG
    var variableCount: Int

    /// Non-required priorities: several distinct ones and repeats, so levels are shared.
    static let priorities: [Double] = [999, 750, 750, 500, 500, 250, 250, 1]
    static let weights: [Double] = [1, 1, 1, 2, 0.5, 3]

    /// The sequence of `seed` (the same seed always gives the same sequence).
    static func sequence(seed: UInt64) -> EditSequence {
        var g = EditSequenceGenerator(random: LCG(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 12345), variableCount: 0)
        return g.make()
    }

    mutating func make() -> EditSequence {
        variableCount = 2 + random.int(5)
        var steps: [EditStep] = []
        var live: [Int] = []        // handles added and not removed (the generator's guess; the runner decides)
        var liveOptional: Set<Int> = []
        var edits: Set<Int> = []
        var nextHandle = 0
        func add(_ c: ReferenceConstraint) {
            steps.append(.add(handle: nextHandle, c))
            live.append(nextHandle)
            if !c.isRequired { liveOptional.insert(nextHandle) }
            nextHandle += 1
        }
        for _ in 0..<(2 + random.int(8)) { add(constraint()) }
        let length = 10 + random.int(40)
        for _ in 0..<length {
            switch random.int(20) {
            case 0..<5:
                add(constraint())
            case 5..<8 where !live.isEmpty:
                let h = live.remove(at: random.int(live.count))
                liveOptional.remove(h)
                steps.append(.remove(handle: h))
            case 8..<11 where !live.isEmpty:
                steps.append(.setConstant(handle: live[random.int(live.count)], constant()))
            case 11..<13 where !liveOptional.isEmpty:
                let h = liveOptional.sorted()[random.int(liveOptional.count)]
                steps.append(.setStrength(handle: h, priority: priority(), weight: weight()))
            case 13..<15 where edits.count < variableCount:
                let v = (0..<variableCount).filter { !edits.contains($0) }[random.int(variableCount - edits.count)]
                edits.insert(v)
                steps.append(.addEdit(variable: v, priority: priority(), weight: weight()))
            case 15 where !edits.isEmpty:
                let v = edits.sorted()[random.int(edits.count)]
                edits.remove(v)
                steps.append(.removeEdit(variable: v))
            case 16..<20 where !edits.isEmpty:
                steps.append(.suggest(variable: edits.sorted()[random.int(edits.count)], constant()))
            default:
                add(constraint())
            }
        }
        return EditSequence(variableCount: variableCount, steps: steps)
    }

    mutating func variable() -> Int { random.int(variableCount) }
    mutating func priority() -> Double { Self.priorities[random.int(Self.priorities.count)] }
    mutating func weight() -> Double { Self.weights[random.int(Self.weights.count)] }
    /// An integer or a half in [−20, 120].
    mutating func constant() -> Double { Double(random.int(281) - 40) / 2 }
    mutating func multiplier() -> Double { [1, 1, 1, 0.5, 2, -1][random.int(6)] }

    mutating func constraint() -> ReferenceConstraint {
        let a = variable(), b = variable(), c = variable()
        let terms: [ReferenceTerm]
        switch random.int(5) {
        case 0:  // a bound or a fixed value: a (rel) k
            terms = [ReferenceTerm(a, 1)]
        case 1:  // a chain link: a = b + k
            terms = [ReferenceTerm(a, 1), ReferenceTerm(b, -1)]
        case 2:  // a multiplier: a = m·b + k
            terms = [ReferenceTerm(a, 1), ReferenceTerm(b, -multiplier())]
        case 3:  // a sum: a + b = c + k
            terms = [ReferenceTerm(a, 1), ReferenceTerm(b, 1), ReferenceTerm(c, -1)]
        default: // a scaled difference: m·a − b (rel) k
            terms = [ReferenceTerm(a, multiplier()), ReferenceTerm(b, -1)]
        }
        let relation: ReferenceRelation = [.equal, .equal, .greaterThanOrEqual, .lessThanOrEqual][random.int(4)]
        let required = random.int(100) < 45
        return ReferenceConstraint(terms, constant: -constant(), relation,
                                   priority: required ? 1000 : priority(), weight: required ? 1 : weight())
    }
}
