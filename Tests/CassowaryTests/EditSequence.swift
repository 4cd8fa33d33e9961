import SolverReference

/// One step of a random edit sequence. Constraints are named by a handle (given by the `add` that
/// created them) so a step keeps its meaning when the shrinker drops others; a step whose handle or edit
/// variable is not live is skipped.
enum EditStep: Hashable, Sendable, Codable {
    /// Adds the constraint (with the given handle).
    case add(handle: Int, ReferenceConstraint)
    /// Removes the constraint.
    case remove(handle: Int)
    /// `Solver.setConstant` of the constraint's expression.
    case setConstant(handle: Int, Double)
    /// Changes a non-required constraint's strength as the layout engine does: remove, then add a new
    /// constraint with the same expression (current constant) and the new priority and weight.
    case setStrength(handle: Int, priority: Double, weight: Double)
    /// `Solver.addEditVariable` with a non-required strength.
    case addEdit(variable: Int, priority: Double, weight: Double)
    /// `Solver.removeEditVariable`.
    case removeEdit(variable: Int)
    /// `Solver.suggestValue`.
    case suggest(variable: Int, Double)
}

/// A reproducible sequence: the number of variables and the steps, from an empty solver.
struct EditSequence: Hashable, Sendable, Codable {
    var variableCount: Int
    var steps: [EditStep]
}

extension EditSequence {
    /// The sequence as Swift source, ready to paste into EditSequenceRegressionTests.swift.
    func swiftSource(testName: String, note: String) -> String {
        func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? "\(Int(x))" : "\(x)" }
        func relation(_ r: ReferenceRelation) -> String {
            switch r {
            case .equal: return ".equal"
            case .lessThanOrEqual: return ".lessThanOrEqual"
            case .greaterThanOrEqual: return ".greaterThanOrEqual"
            }
        }
        var lines: [String] = []
        for step in steps {
            switch step {
            case .add(let h, let c):
                let terms = c.terms.map { "ReferenceTerm(\($0.variable), \(number($0.coefficient)))" }.joined(separator: ", ")
                var text = "ReferenceConstraint([\(terms)], constant: \(number(c.constant)), \(relation(c.relation))"
                if !c.isRequired { text += ", priority: \(number(c.priority))" }
                if c.weight != 1 { text += ", weight: \(number(c.weight))" }
                lines.append(".add(handle: \(h), \(text)))")
            case .remove(let h): lines.append(".remove(handle: \(h))")
            case .setConstant(let h, let v): lines.append(".setConstant(handle: \(h), \(number(v)))")
            case .setStrength(let h, let p, let w):
                lines.append(".setStrength(handle: \(h), priority: \(number(p)), weight: \(number(w)))")
            case .addEdit(let v, let p, let w): lines.append(".addEdit(variable: \(v), priority: \(number(p)), weight: \(number(w)))")
            case .removeEdit(let v): lines.append(".removeEdit(variable: \(v))")
            case .suggest(let v, let x): lines.append(".suggest(variable: \(v), \(number(x)))")
            }
        }
        return """
            /// \(note)
            @Test func \(testName)() {
                let sequence = EditSequence(variableCount: \(variableCount), steps: [
                    \(lines.joined(separator: ",\n            "))
                ])
                let failure = EditSequenceRunner.run(sequence)
                #expect(failure == nil, "\\(failure?.description ?? "")")
            }
        """
    }
}
