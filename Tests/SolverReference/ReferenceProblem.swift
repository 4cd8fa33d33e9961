/// The problem the reference solves, in its own types (it shares no code with the Cassowary module):
/// variables are indices `0..<variableCount`, a constraint is `Σ coefficient × x[variable] + constant
/// (relation) 0` with a UIKit-style priority in (0, 1000] (1000 or more: required) and a weight.

/// One term `coefficient × x[variable]` of a constraint.
public struct ReferenceTerm: Sendable, Hashable, Codable {
    /// Index of the variable, `0..<variableCount`.
    public var variable: Int
    /// Its coefficient (any finite number).
    public var coefficient: Double

    /// - Parameters:
    ///   - variable: index of the variable.
    ///   - coefficient: its coefficient.
    public init(_ variable: Int, _ coefficient: Double) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// How the constraint's left-hand side relates to 0.
public enum ReferenceRelation: Sendable, Hashable, Codable {
    /// `lhs <= 0`
    case lessThanOrEqual
    /// `lhs == 0`
    case equal
    /// `lhs >= 0`
    case greaterThanOrEqual
}

/// A linear constraint `Σ terms + constant (relation) 0` with a priority and a weight.
///
/// Required (priority ≥ 1000) constraints must hold exactly. A non-required one is violated by
/// |lhs| (equality) or by the amount lhs lies on the wrong side (inequality), and that violation,
/// times `weight`, is minimised at its priority level; levels are strictly lexicographic (any violation
/// at a higher priority outweighs any amount at a lower one).
public struct ReferenceConstraint: Sendable, Hashable, Codable {
    /// Sparse terms; a variable may appear more than once (its coefficients add up).
    public var terms: [ReferenceTerm]
    /// The constant of the left-hand side.
    public var constant: Double
    /// `lhs (relation) 0`.
    public var relation: ReferenceRelation
    /// UIKit-style priority, (0, 1000]; 1000 or more is required.
    public var priority: Double
    /// Scale of the violation within its priority level (> 0).
    public var weight: Double

    /// - Parameters:
    ///   - terms: sparse terms of the left-hand side.
    ///   - constant: its constant.
    ///   - relation: `lhs (relation) 0`.
    ///   - priority: (0, 1000], default 1000 (required).
    ///   - weight: > 0, default 1.
    public init(_ terms: [ReferenceTerm], constant: Double, _ relation: ReferenceRelation,
                priority: Double = 1000, weight: Double = 1) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
        self.weight = weight
    }

    /// Whether the constraint must hold exactly (priority ≥ 1000).
    public var isRequired: Bool { priority >= 1000 }

    /// The left-hand side at `values` (indexed by variable).
    public func lhs(at values: [Double]) -> Double {
        var sum = constant
        for term in terms { sum += term.coefficient * values[term.variable] }
        return sum
    }
}

/// The answer of ``ReferenceSolver/solve(variableCount:constraints:)``.
public enum ReferenceResult: Sendable {
    /// The required constraints have no common solution.
    case infeasible
    /// The lexicographic optimum.
    case solved(ReferenceSolution)
}

/// A lexicographically optimal solution and what it pins down.
public struct ReferenceSolution: Sendable {
    /// One optimal point (a vertex of the optimal face), by variable index.
    public var values: [Double]
    /// Per variable: whether every optimal point gives it the same value (its minimum and maximum over
    /// the optimal face agree within ``ReferenceSolver/determinedTolerance``). Only these values are
    /// comparable with another solver's.
    public var determined: [Bool]
    /// The optimal weighted violation of each priority level, highest priority first.
    public var levelOptima: [(priority: Double, violation: Double)]

    /// - Parameters: see the properties.
    public init(values: [Double], determined: [Bool], levelOptima: [(priority: Double, violation: Double)]) {
        self.values = values
        self.determined = determined
        self.levelOptima = levelOptima
    }
}
