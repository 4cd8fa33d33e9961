// libFuzzer entry over edit sequences of the Cassowary solver itself.
// Built by Tests/fuzz/build.sh; run by Tests/fuzz/run.sh (seed corpus: Tests/fuzz/corpus/solver).
//
// The bytes decode into up to 96 operations on one Solver over a pool of 5 variables and 16 constraint
// slots: add (bounds, chain links, multipliers 0.5/2/−1, sums; =, ≤, ≥; required or one of a few
// priorities and weights), remove, setConstant, a priority change (remove + re-add, as the layout engine
// does), add/remove an edit variable, suggestValue. After every operation `invariantViolations()` must be
// empty, every installed required constraint must hold, and a call that throws must leave the tableau
// dump as it was: otherwise the run traps with a readable message (a finding).
import Cassowary

private struct Bytes {
    let data: UnsafeBufferPointer<UInt8>
    var position = 0
    var isEmpty: Bool { position >= data.count }
    mutating func next() -> Int {
        defer { position += 1 }
        return position < data.count ? Int(data[position]) : 0
    }
}

private let priorities: [Double] = [1000, 1000, 999, 750, 500, 500, 250, 1]
private let weights: [Double] = [1, 2, 0.5, 3]
private let multipliers: [Double] = [1, 0.5, 2, -1]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolver(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Bytes(data: UnsafeBufferPointer(start: data, count: size))
    let solver = Solver()
    let variables = (0..<5).map { Variable("v\($0)") }
    var slots = [Constraint?](repeating: nil, count: 16)
    var log: [String] = []
    func constant(_ byte: Int) -> Double { Double(byte) / 2 - 20 }
    func check(_ what: String) {
        log.append(what)
        let violations = solver.invariantViolations()
        if !violations.isEmpty {
            fatalError("invariants broken after \(log.joined(separator: "; ")):\n\(violations.joined(separator: "\n"))\n\(solver.debugDescription)")
        }
        solver.updateVariables()
        for case let c? in slots where c.strength.isRequired {
            var lhs = solver.constant(of: c) ?? c.expression.constant
            var scale = 1 + abs(lhs)
            for t in c.expression.terms {
                lhs += t.coefficient * solver.value(of: t.variable)
                scale += abs(t.coefficient * solver.value(of: t.variable))
            }
            let slack = 1e-6 * scale
            let holds = c.relation == .equal ? abs(lhs) <= slack : (c.relation == .lessThanOrEqual ? lhs <= slack : lhs >= -slack)
            if !holds { fatalError("required \(c) does not hold (lhs \(lhs)) after \(log.joined(separator: "; "))\n\(solver.debugDescription)") }
        }
    }
    func unchangedOnThrow(_ what: String, _ call: () throws -> Void) -> Bool {
        let before = solver.debugDescription
        do {
            try call()
            return true
        } catch {
            if solver.debugDescription != before { fatalError("\(what) threw \(error) and changed the solver after \(log.joined(separator: "; "))") }
            return false
        }
    }
    var operations = 0
    while !bytes.isEmpty && operations < 96 {
        operations += 1
        let op = bytes.next() % 8
        let slot = bytes.next() % slots.count
        switch op {
        case 0, 1:
            guard slots[slot] == nil else { continue }
            let a = variables[bytes.next() % 5], b = variables[bytes.next() % 5], c = variables[bytes.next() % 5]
            let m = multipliers[bytes.next() % multipliers.count]
            let k = constant(bytes.next())
            let expression: Expression
            switch bytes.next() % 4 {
            case 0: expression = a - k
            case 1: expression = a - b * m - k
            case 2: expression = a + b - c - k
            default: expression = a * m - b - k
            }
            let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][bytes.next() % 3]
            let strength = Strength(priorities[bytes.next() % priorities.count], weight: weights[bytes.next() % weights.count])
            let constraint = Constraint(expression, relation, strength: strength)
            if unchangedOnThrow("add \(constraint)", { try solver.addConstraint(constraint) }) { slots[slot] = constraint }
            check("add[\(slot)] \(constraint)")
        case 2:
            guard let c = slots[slot] else { continue }
            try! solver.removeConstraint(c)
            slots[slot] = nil
            check("remove[\(slot)]")
        case 3:
            guard let c = slots[slot] else { continue }
            let k = constant(bytes.next())
            _ = unchangedOnThrow("setConstant", { try solver.setConstant(k, of: c) })
            check("setConstant[\(slot)] \(k)")
        case 4:
            guard let c = slots[slot], !c.strength.isRequired else { continue }
            let strength = Strength(priorities[2 + bytes.next() % (priorities.count - 2)], weight: weights[bytes.next() % weights.count])
            // The current constant travels with the re-added constraint, as the layout engine does.
            let replacement = Constraint(Expression(c.expression.terms, constant: solver.constant(of: c) ?? c.expression.constant),
                                         c.relation, strength: strength)
            try! solver.removeConstraint(c)
            try! solver.addConstraint(replacement)
            slots[slot] = replacement
            check("strength[\(slot)] \(strength.priority)x\(strength.weight)")
        case 5:
            let v = variables[slot % 5]
            guard !solver.hasEditVariable(v) else { continue }
            let strength = Strength(priorities[2 + bytes.next() % (priorities.count - 2)], weight: weights[bytes.next() % weights.count])
            try! solver.addEditVariable(v, strength: strength)
            check("addEdit \(v) @\(strength.priority)")
        case 6:
            let v = variables[slot % 5]
            guard solver.hasEditVariable(v) else { continue }
            try! solver.removeEditVariable(v)
            check("removeEdit \(v)")
        default:
            let v = variables[slot % 5]
            guard solver.hasEditVariable(v) else { continue }
            let x = constant(bytes.next()) * 2
            try! solver.suggestValue(x, for: v)
            check("suggest \(v) \(x)")
        }
    }
    return 0
}
