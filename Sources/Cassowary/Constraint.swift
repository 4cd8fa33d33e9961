/// The relation of a constraint's expression to zero.
public enum Relation: Sendable, Hashable {
    /// `expression <= 0`
    case lessThanOrEqual
    /// `expression == 0`
    case equal
    /// `expression >= 0`
    case greaterThanOrEqual
}

/// A linear constraint `expression (relation) 0` with a strength.
///
/// For example `Constraint(x - y - 10, .equal)` means `x == y + 10`. A reference type: its identity
/// is the object (`==` is `===`, hashing uses `ObjectIdentifier`), so two constraints with equal
/// contents are distinct. Immutable; a solver can change the constant of an installed constraint in
/// place with ``Solver/setConstant(_:of:)`` without touching this object.
///
/// Builders: `lhs == rhs`, `lhs <= rhs`, `lhs >= rhs` for `Expression`, `Variable`, `Term` and `Double`
/// operands produce a required constraint `lhs - rhs (relation) 0`; `constraint | strength` or
/// ``withStrength(_:)`` returns a copy with another strength.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// The left-hand side, compared with 0.
    public let expression: Expression
    /// How `expression` relates to 0.
    public let relation: Relation
    /// Priority and weight (default ``Strength/required``).
    public let strength: Strength

    /// - Parameters:
    ///   - expression: the expression compared with zero.
    ///   - relation: `expression (relation) 0`.
    ///   - strength: default required.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    /// A new constraint with the same expression and relation and the given strength.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    /// Identity comparison.
    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// E.g. `x + -1.0*y + -10.0 == 0 @750`.
    public var description: String {
        let op: String
        switch relation {
        case .lessThanOrEqual: op = "<="
        case .equal: op = "=="
        case .greaterThanOrEqual: op = ">="
        }
        let s = strength.isRequired ? "required" : "@\(strength.priority)"
            + (strength.weight == 1 ? "" : "x\(strength.weight)")
        return "\(expression.debugText) \(op) 0 \(s)"
    }
}

/// Returns a copy of `constraint` with the given strength (same as ``Constraint/withStrength(_:)``).
public func | (constraint: Constraint, strength: Strength) -> Constraint {
    constraint.withStrength(strength)
}

// MARK: - Constraint builders (required strength)

@inline(__always)
private func make(_ lhs: Expression, _ rhs: Expression, _ relation: Relation) -> Constraint {
    Constraint(lhs.adding(rhs, -1), relation)
}

/// `lhs == rhs` as a required constraint `lhs - rhs == 0`.
public func == (lhs: Expression, rhs: Expression) -> Constraint { make(lhs, rhs, .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Expression, rhs: Variable) -> Constraint { make(lhs, Expression(rhs), .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Expression, rhs: Term) -> Constraint { make(lhs, rhs.expression, .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Expression, rhs: Double) -> Constraint { make(lhs, Expression(constant: rhs), .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Variable, rhs: Expression) -> Constraint { make(Expression(lhs), rhs, .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Variable, rhs: Variable) -> Constraint { make(Expression(lhs), Expression(rhs), .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Variable, rhs: Term) -> Constraint { make(Expression(lhs), rhs.expression, .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Variable, rhs: Double) -> Constraint { make(Expression(lhs), Expression(constant: rhs), .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Term, rhs: Expression) -> Constraint { make(lhs.expression, rhs, .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Term, rhs: Variable) -> Constraint { make(lhs.expression, Expression(rhs), .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Term, rhs: Term) -> Constraint { make(lhs.expression, rhs.expression, .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Term, rhs: Double) -> Constraint { make(lhs.expression, Expression(constant: rhs), .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Double, rhs: Expression) -> Constraint { make(Expression(constant: lhs), rhs, .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Double, rhs: Variable) -> Constraint { make(Expression(constant: lhs), Expression(rhs), .equal) }
/// Required constraint `lhs - rhs == 0`.
public func == (lhs: Double, rhs: Term) -> Constraint { make(Expression(constant: lhs), rhs.expression, .equal) }

/// `lhs <= rhs` as a required constraint `lhs - rhs <= 0`.
public func <= (lhs: Expression, rhs: Expression) -> Constraint { make(lhs, rhs, .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Expression, rhs: Variable) -> Constraint { make(lhs, Expression(rhs), .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Expression, rhs: Term) -> Constraint { make(lhs, rhs.expression, .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Expression, rhs: Double) -> Constraint { make(lhs, Expression(constant: rhs), .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Variable, rhs: Expression) -> Constraint { make(Expression(lhs), rhs, .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Variable, rhs: Variable) -> Constraint { make(Expression(lhs), Expression(rhs), .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Variable, rhs: Term) -> Constraint { make(Expression(lhs), rhs.expression, .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Variable, rhs: Double) -> Constraint { make(Expression(lhs), Expression(constant: rhs), .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Term, rhs: Expression) -> Constraint { make(lhs.expression, rhs, .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Term, rhs: Variable) -> Constraint { make(lhs.expression, Expression(rhs), .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Term, rhs: Term) -> Constraint { make(lhs.expression, rhs.expression, .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Term, rhs: Double) -> Constraint { make(lhs.expression, Expression(constant: rhs), .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Double, rhs: Expression) -> Constraint { make(Expression(constant: lhs), rhs, .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Double, rhs: Variable) -> Constraint { make(Expression(constant: lhs), Expression(rhs), .lessThanOrEqual) }
/// Required constraint `lhs - rhs <= 0`.
public func <= (lhs: Double, rhs: Term) -> Constraint { make(Expression(constant: lhs), rhs.expression, .lessThanOrEqual) }

/// `lhs >= rhs` as a required constraint `lhs - rhs >= 0`.
public func >= (lhs: Expression, rhs: Expression) -> Constraint { make(lhs, rhs, .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Expression, rhs: Variable) -> Constraint { make(lhs, Expression(rhs), .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Expression, rhs: Term) -> Constraint { make(lhs, rhs.expression, .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Expression, rhs: Double) -> Constraint { make(lhs, Expression(constant: rhs), .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Variable, rhs: Expression) -> Constraint { make(Expression(lhs), rhs, .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Variable, rhs: Variable) -> Constraint { make(Expression(lhs), Expression(rhs), .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Variable, rhs: Term) -> Constraint { make(Expression(lhs), rhs.expression, .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Variable, rhs: Double) -> Constraint { make(Expression(lhs), Expression(constant: rhs), .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Term, rhs: Expression) -> Constraint { make(lhs.expression, rhs, .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Term, rhs: Variable) -> Constraint { make(lhs.expression, Expression(rhs), .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Term, rhs: Term) -> Constraint { make(lhs.expression, rhs.expression, .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Term, rhs: Double) -> Constraint { make(lhs.expression, Expression(constant: rhs), .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Double, rhs: Expression) -> Constraint { make(Expression(constant: lhs), rhs, .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Double, rhs: Variable) -> Constraint { make(Expression(constant: lhs), Expression(rhs), .greaterThanOrEqual) }
/// Required constraint `lhs - rhs >= 0`.
public func >= (lhs: Double, rhs: Term) -> Constraint { make(Expression(constant: lhs), rhs.expression, .greaterThanOrEqual) }

/// Errors thrown by ``Solver``. Every throwing call leaves the solver exactly as it was before the call.
public enum SolverError: Error, Equatable, Sendable {
    /// `addConstraint` of a constraint that is already installed.
    case duplicateConstraint(Constraint)
    /// `removeConstraint` / `setConstant` of a constraint that is not installed.
    case unknownConstraint(Constraint)
    /// A required constraint cannot be satisfied together with the installed required constraints.
    /// `conflicting` is an explanation: installed required constraints that, together with the failing one,
    /// cannot hold (derived from the marker symbols of the failed row, as in Cassowary's explanation
    /// support); should be small (minimal where the tableau allows), deterministic order (insertion order).
    case unsatisfiableConstraint(Constraint, conflicting: [Constraint])
    /// `addEditVariable` of a variable that already is an edit variable.
    case duplicateEditVariable(Variable)
    /// `removeEditVariable` / `suggestValue` of a variable that is not an edit variable.
    case unknownEditVariable(Variable)
    /// `addEditVariable` with a required strength: edit variables cannot be required.
    case badRequiredStrength
    /// The solver found its own tableau inconsistent (a broken invariant: a row missing where the column
    /// index promised one, a pivot on a zero coefficient). Never caused by valid or invalid input alone; it
    /// means a solver defect. The call stopped without trapping, `description` says where; the solver
    /// refuses every later call with the same error until ``Solver/reset()``: its owner rebuilds it from
    /// its constraints.
    case internalInconsistency(String)
}
