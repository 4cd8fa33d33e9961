import Synchronization

/// Process-wide source of unique variable ids.
private let variableIDCounter = Atomic<Int>(0)

/// A solver variable (an unknown of the linear system), in whatever unit the client uses
/// (AutoLayout uses points).
///
/// `Variable` is a value type; its identity is a process-unique integer `id` drawn from an atomic
/// counter, so two copies of the same variable are equal and two variables with the same `name` are not.
/// Equality and hashing use `id` only. The `name` is for debugging output.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// Process-unique identity, assigned at creation (strictly increasing, starts at 1).
    public let id: Int
    /// Debug name (may be empty).
    public let name: String

    /// Creates a new variable with a fresh unique id.
    /// - Parameter name: a debugging name; it takes no part in equality.
    public init(_ name: String = "") {
        self.id = variableIDCounter.wrappingAdd(1, ordering: .relaxed).newValue
        self.name = name
    }

    /// Identity comparison.
    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs.id == rhs.id }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `name`, or `v<id>` when the name is empty.
    public var description: String { name.isEmpty ? "v\(id)" : name }
}

/// A variable multiplied by a coefficient: `coefficient × variable`.
public struct Term: Hashable, Sendable {
    /// The variable.
    public var variable: Variable
    /// Its multiplier.
    public var coefficient: Double

    /// - Parameters:
    ///   - variable: the variable.
    ///   - coefficient: its multiplier (default 1).
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ terms + constant`.
///
/// Built with the arithmetic operators on `Variable`, `Term`, `Expression` and `Double`:
/// `+` and `-` between any two of them (not two `Double`s), unary `-`, and `*` / `/` by a `Double`,
/// e.g. `x * 2 + y - 10`, `-x`, `3 * x`, `(x + y) / 2`. Terms are kept as written (a variable may appear
/// more than once; the solver adds the coefficients up).
public struct Expression: Sendable, Hashable {
    /// The terms, as written (a variable may repeat).
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// - Parameters:
    ///   - terms: the terms (default none).
    ///   - constant: the constant part (default 0).
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `1 × variable`.
    public init(_ variable: Variable) {
        self.terms = [Term(variable)]
        self.constant = 0
    }
}

extension Term {
    var expression: Expression { Expression([self]) }
}

extension Expression {
    var debugText: String {
        var parts: [String] = []
        for t in terms {
            parts.append(t.coefficient == 1 ? "\(t.variable)" : "\(t.coefficient)*\(t.variable)")
        }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }

    func scaled(_ k: Double) -> Expression {
        Expression(terms.map { Term($0.variable, $0.coefficient * k) }, constant: constant * k)
    }

    func adding(_ other: Expression, _ sign: Double) -> Expression {
        var t = terms
        t.reserveCapacity(terms.count + other.terms.count)
        for term in other.terms { t.append(Term(term.variable, term.coefficient * sign)) }
        return Expression(t, constant: constant + other.constant * sign)
    }
}

// MARK: - Unary minus

/// Negation: `-x` is `-1 × x`.
public prefix func - (v: Variable) -> Term { Term(v, -1) }
/// Negation of a term.
public prefix func - (t: Term) -> Term { Term(t.variable, -t.coefficient) }
/// Negation of every term and the constant.
public prefix func - (e: Expression) -> Expression { e.scaled(-1) }

// MARK: - Multiplication and division by a constant

/// `coefficient × variable`.
public func * (v: Variable, k: Double) -> Term { Term(v, k) }
/// `coefficient × variable`.
public func * (k: Double, v: Variable) -> Term { Term(v, k) }
/// Scales a term.
public func * (t: Term, k: Double) -> Term { Term(t.variable, t.coefficient * k) }
/// Scales a term.
public func * (k: Double, t: Term) -> Term { Term(t.variable, t.coefficient * k) }
/// Scales every term and the constant.
public func * (e: Expression, k: Double) -> Expression { e.scaled(k) }
/// Scales every term and the constant.
public func * (k: Double, e: Expression) -> Expression { e.scaled(k) }
/// `variable / k` (k must be non-zero).
public func / (v: Variable, k: Double) -> Term { Term(v, 1 / k) }
/// Divides a term's coefficient (k must be non-zero).
public func / (t: Term, k: Double) -> Term { Term(t.variable, t.coefficient / k) }
/// Divides every term and the constant (k must be non-zero).
public func / (e: Expression, k: Double) -> Expression { e.scaled(1 / k) }

// MARK: - Addition and subtraction

/// Sum of the operands as an ``Expression``.
public func + (a: Expression, b: Expression) -> Expression { a.adding(b, 1) }
/// Sum of the operands as an ``Expression``.
public func + (a: Expression, b: Term) -> Expression { a.adding(b.expression, 1) }
/// Sum of the operands as an ``Expression``.
public func + (a: Expression, b: Variable) -> Expression { a.adding(Expression(b), 1) }
/// Sum of the operands as an ``Expression``.
public func + (a: Expression, b: Double) -> Expression { Expression(a.terms, constant: a.constant + b) }
/// Sum of the operands as an ``Expression``.
public func + (a: Term, b: Expression) -> Expression { a.expression.adding(b, 1) }
/// Sum of the operands as an ``Expression``.
public func + (a: Term, b: Term) -> Expression { Expression([a, b]) }
/// Sum of the operands as an ``Expression``.
public func + (a: Term, b: Variable) -> Expression { Expression([a, Term(b)]) }
/// Sum of the operands as an ``Expression``.
public func + (a: Term, b: Double) -> Expression { Expression([a], constant: b) }
/// Sum of the operands as an ``Expression``.
public func + (a: Variable, b: Expression) -> Expression { Expression(a).adding(b, 1) }
/// Sum of the operands as an ``Expression``.
public func + (a: Variable, b: Term) -> Expression { Expression([Term(a), b]) }
/// Sum of the operands as an ``Expression``.
public func + (a: Variable, b: Variable) -> Expression { Expression([Term(a), Term(b)]) }
/// Sum of the operands as an ``Expression``.
public func + (a: Variable, b: Double) -> Expression { Expression([Term(a)], constant: b) }
/// Sum of the operands as an ``Expression``.
public func + (a: Double, b: Expression) -> Expression { Expression(b.terms, constant: b.constant + a) }
/// Sum of the operands as an ``Expression``.
public func + (a: Double, b: Term) -> Expression { Expression([b], constant: a) }
/// Sum of the operands as an ``Expression``.
public func + (a: Double, b: Variable) -> Expression { Expression([Term(b)], constant: a) }

/// Difference of the operands as an ``Expression``.
public func - (a: Expression, b: Expression) -> Expression { a.adding(b, -1) }
/// Difference of the operands as an ``Expression``.
public func - (a: Expression, b: Term) -> Expression { a.adding(b.expression, -1) }
/// Difference of the operands as an ``Expression``.
public func - (a: Expression, b: Variable) -> Expression { a.adding(Expression(b), -1) }
/// Difference of the operands as an ``Expression``.
public func - (a: Expression, b: Double) -> Expression { Expression(a.terms, constant: a.constant - b) }
/// Difference of the operands as an ``Expression``.
public func - (a: Term, b: Expression) -> Expression { a.expression.adding(b, -1) }
/// Difference of the operands as an ``Expression``.
public func - (a: Term, b: Term) -> Expression { Expression([a, -b]) }
/// Difference of the operands as an ``Expression``.
public func - (a: Term, b: Variable) -> Expression { Expression([a, Term(b, -1)]) }
/// Difference of the operands as an ``Expression``.
public func - (a: Term, b: Double) -> Expression { Expression([a], constant: -b) }
/// Difference of the operands as an ``Expression``.
public func - (a: Variable, b: Expression) -> Expression { Expression(a).adding(b, -1) }
/// Difference of the operands as an ``Expression``.
public func - (a: Variable, b: Term) -> Expression { Expression([Term(a), -b]) }
/// Difference of the operands as an ``Expression``.
public func - (a: Variable, b: Variable) -> Expression { Expression([Term(a), Term(b, -1)]) }
/// Difference of the operands as an ``Expression``.
public func - (a: Variable, b: Double) -> Expression { Expression([Term(a)], constant: -b) }
/// Difference of the operands as an ``Expression``.
public func - (a: Double, b: Expression) -> Expression { (-b) + a }
/// Difference of the operands as an ``Expression``.
public func - (a: Double, b: Term) -> Expression { Expression([-b], constant: a) }
/// Difference of the operands as an ``Expression``.
public func - (a: Double, b: Variable) -> Expression { Expression([Term(b, -1)], constant: a) }
