import Cassowary
import SolverReference

/// Why an edit sequence failed: the step (index into `steps`) and what was wrong.
struct EditSequenceFailure: Error, Equatable, CustomStringConvertible {
    var step: Int
    var message: String
    var description: String { "step \(step): \(message)" }
}

/// Runs an edit sequence on a `Solver` and, after every step, checks it against the solver's own
/// invariants and against ``ReferenceSolver``:
/// - `Solver.invariantViolations()` is empty;
/// - every installed required constraint holds within 1e-6 (scaled by the size of its terms);
/// - every variable the reference finds determined has the reference's value within 1e-6 × max(1, |value|);
/// - a required `add` or `setConstant` throws `unsatisfiableConstraint` exactly when the reference finds the
///   required set infeasible, and after the throw the solver's tableau dump is what it was before.
struct EditSequenceRunner {
    /// Absolute tolerance for required constraints and determined values (relative beyond magnitude 1).
    static let tolerance = 1e-6

    let solver = Solver()
    let variables: [Variable]
    /// Installed constraints by handle: the solver's object and what it means now (current constant,
    /// strength).
    var installed: [Int: (constraint: Constraint, model: ReferenceConstraint)] = [:]
    /// Edit variables: strength and last suggestion.
    var edits: [Int: (priority: Double, weight: Double, value: Double)] = [:]

    init(variableCount: Int) {
        variables = (0..<variableCount).map { Variable("v\($0)") }
    }

    /// Runs `sequence`; nil if every check passed, else the first failure.
    static func run(_ sequence: EditSequence) -> EditSequenceFailure? {
        var runner = EditSequenceRunner(variableCount: sequence.variableCount)
        for (index, step) in sequence.steps.enumerated() {
            if let message = runner.apply(step) { return EditSequenceFailure(step: index, message: message) }
        }
        return nil
    }

    func constraint(_ c: ReferenceConstraint) -> Constraint {
        let terms = c.terms.map { Term(variables[$0.variable], $0.coefficient) }
        let relation: Relation
        switch c.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        return Constraint(Expression(terms, constant: c.constant), relation, strength: Strength(c.priority, weight: c.weight))
    }

    /// The whole model as the reference sees it: installed constraints (by handle) and edit constraints
    /// `x − suggestion == 0`, with `replacing` standing in for the handle it names.
    func referenceProblem(replacing: (handle: Int, model: ReferenceConstraint)? = nil) -> [ReferenceConstraint] {
        var out: [ReferenceConstraint] = []
        for h in installed.keys.sorted() {
            out.append(replacing?.handle == h ? replacing!.model : installed[h]!.model)
        }
        if let r = replacing, installed[r.handle] == nil { out.append(r.model) }
        for v in edits.keys.sorted() {
            let e = edits[v]!
            out.append(ReferenceConstraint([ReferenceTerm(v, 1)], constant: -e.value, .equal, priority: e.priority, weight: e.weight))
        }
        return out
    }

    /// Applies one step and checks the result; nil if all is well, else what went wrong.
    mutating func apply(_ step: EditStep) -> String? {
        switch step {
        case .add(let h, let model):
            guard installed[h] == nil else { return nil }
            let c = constraint(model)
            let solver = self.solver  // the closure must not capture self (attempt mutates it)
            return attempt(replacing: (h, model), mayFail: model.isRequired) {
                try solver.addConstraint(c)
            } onSuccess: { runner in runner.installed[h] = (c, model) }
        case .remove(let h):
            guard let entry = installed[h] else { return nil }
            do { try solver.removeConstraint(entry.constraint) } catch { return "remove threw \(error)" }
            installed[h] = nil
        case .setConstant(let h, let value):
            guard let entry = installed[h] else { return nil }
            var model = entry.model
            model.constant = value
            let solver = self.solver
            return attempt(replacing: (h, model), mayFail: model.isRequired) {
                try solver.setConstant(value, of: entry.constraint)
            } onSuccess: { runner in runner.installed[h]!.model = model }
        case .setStrength(let h, let priority, let weight):
            guard let entry = installed[h], !entry.model.isRequired, priority < 1000 else { return nil }
            var model = entry.model
            model.priority = priority
            model.weight = weight
            let replacement = constraint(model)
            do {
                try solver.removeConstraint(entry.constraint)
                try solver.addConstraint(replacement)
            } catch { return "strength change threw \(error)" }
            installed[h] = (replacement, model)
        case .addEdit(let v, let priority, let weight):
            guard edits[v] == nil, v < variables.count, priority < 1000 else { return nil }
            do { try solver.addEditVariable(variables[v], strength: Strength(priority, weight: weight)) } catch {
                return "addEditVariable threw \(error)"
            }
            edits[v] = (priority, weight, 0)
        case .removeEdit(let v):
            guard edits[v] != nil else { return nil }
            do { try solver.removeEditVariable(variables[v]) } catch { return "removeEditVariable threw \(error)" }
            edits[v] = nil
        case .suggest(let v, let value):
            guard edits[v] != nil else { return nil }
            do { try solver.suggestValue(value, for: variables[v]) } catch { return "suggestValue threw \(error)" }
            edits[v]!.value = value
        }
        return check(reference: nil)
    }

    /// A call that may be refused (a required add or constant change): it must throw
    /// `unsatisfiableConstraint` exactly when the reference finds the changed model infeasible, and leave
    /// the solver as it was when it throws.
    mutating func attempt(replacing: (handle: Int, model: ReferenceConstraint), mayFail: Bool,
                          _ call: () throws -> Void, onSuccess: (inout EditSequenceRunner) -> Void) -> String? {
        let reference = ReferenceSolver.solve(variableCount: variables.count, constraints: referenceProblem(replacing: replacing))
        let before = mayFail ? solver.debugDescription : ""
        do {
            try call()
        } catch SolverError.unsatisfiableConstraint {
            guard mayFail, case .infeasible = reference else {
                return "the solver refused a change the reference can satisfy: \(replacing.model)"
            }
            if solver.debugDescription != before { return "the solver changed although it threw" }
            return check(reference: nil)
        } catch {
            return "unexpected error \(error)"
        }
        if case .infeasible = reference { return "the solver accepted a change that makes the required set infeasible: \(replacing.model)" }
        onSuccess(&self)
        return check(reference: reference)
    }

    /// The checks after a step; `reference` is the reference's answer for the current model if known.
    func check(reference known: ReferenceResult?) -> String? {
        let violations = solver.invariantViolations()
        if !violations.isEmpty { return "invariants: " + violations.prefix(5).joined(separator: "; ") }
        solver.updateVariables()
        let values = variables.map { solver.value(of: $0) }
        for (h, entry) in installed where entry.model.isRequired {
            let lhs = entry.model.lhs(at: values)
            var scale = 1.0 + abs(entry.model.constant)
            for t in entry.model.terms { scale += abs(t.coefficient * values[t.variable]) }
            let slack = Self.tolerance * scale
            let holds: Bool
            switch entry.model.relation {
            case .equal: holds = abs(lhs) <= slack
            case .lessThanOrEqual: holds = lhs <= slack
            case .greaterThanOrEqual: holds = lhs >= -slack
            }
            if !holds { return "required constraint \(h) (\(entry.model)) does not hold: lhs \(lhs) at \(values)" }
        }
        let reference = known ?? ReferenceSolver.solve(variableCount: variables.count, constraints: referenceProblem())
        guard case .solved(let solution) = reference else {
            return "the reference finds the installed required constraints infeasible"
        }
        for v in variables.indices where solution.determined[v] {
            let want = solution.values[v]
            if abs(values[v] - want) > Self.tolerance * max(1, abs(want)) {
                return "v\(v) is \(values[v]), the reference determines \(want) (solver values \(values), reference \(solution.values))"
            }
        }
        return nil
    }
}
