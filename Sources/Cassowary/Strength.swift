/// The strength of a constraint: a priority on the UIKit scale (0, 1000] plus a weight.
///
/// Priorities are **lexicographic** (Cassowary's symbolic weights, paper §2 and §4.1, generalised to
/// any number of levels): any amount of error at priority p is preferred to any amount of error at a
/// priority q > p. Ten violated constraints at 250 never outweigh one at 251. `weight` scales a
/// constraint's error *within* its priority level only.
///
/// A priority of 1000 or more is *required*: the constraint must hold exactly, and never enters
/// the objective function. The initializer accepts any values; use ``isValid`` to check that
/// `0 < priority <= 1000` and `weight > 0` (both finite). The solver treats a non-positive or
/// non-finite weight as 1.
public struct Strength: Hashable, Comparable, Sendable {
    /// Priority on the UIKit scale; 1000 (or more) means required.
    public let priority: Double
    /// Multiplier of the error within the priority level (default 1).
    public let weight: Double

    /// - Parameters:
    ///   - priority: UIKit-style priority, (0, 1000]; 1000 is required. Not validated (see ``isValid``).
    ///   - weight: scale of the error within the level (default 1).
    public init(_ priority: Double, weight: Double = 1) {
        self.priority = priority
        self.weight = weight
    }

    /// Priority 1000: must hold.
    public static let required = Strength(1000)
    /// Priority 750 (UIKit `defaultHigh`).
    public static let strong = Strength(750)
    /// Priority 500.
    public static let medium = Strength(500)
    /// Priority 250 (UIKit `defaultLow`).
    public static let weak = Strength(250)

    /// `priority >= 1000`.
    public var isRequired: Bool { priority >= 1000 }

    /// `0 < priority <= 1000` and `0 < weight`, both finite.
    public var isValid: Bool {
        priority.isFinite && priority > 0 && priority <= 1000 && weight.isFinite && weight > 0
    }

    /// Orders by priority, then by weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
        return lhs.weight < rhs.weight
    }
}
