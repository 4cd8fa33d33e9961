/// One of the four values of a view's frame that `LayoutEngine.explain(_:)` accounts for.
public enum FrameValue: String, CaseIterable, Sendable {
    /// `frame.origin.x` (points, superview space).
    case x
    /// `frame.origin.y` (points, superview space).
    case y
    /// `frame.size.width` (points).
    case width
    /// `frame.size.height` (points).
    case height
}

/// A constraint as an explanation names it: its identifier and its equation in the form
/// `EquationParser` reads back (`navView.top == root.top @1000` style), so a client can edit it.
public struct ExplainedConstraint: Sendable, Equatable {
    /// The constraint's identifier (an engine constraint's UIKit-style name, e.g.
    /// `UIView-Encapsulated-Layout-Height`, when `isInternal`).
    public let identifier: String
    /// `LayoutConstraint.equation`.
    public let equation: String
    /// UIKit priority in (0, 1000].
    public let priority: Double
    /// True for constraints the engine made itself (root size, guides, intrinsic size).
    public let isInternal: Bool
    /// For a determining constraint: how many constraints lie between it and the value (0 when it
    /// involves the value itself, 1 when it fixes a value a depth-0 constraint relates the value to…).
    /// 0 for a lost constraint.
    public let depth: Int
    /// For a lost constraint: by how much (points, ≥ 0) the solution misses it, measured on its first
    /// attribute (`first − (multiplier × second + constant)`, or the part over the bound for an
    /// inequality). 0 for a determining constraint.
    public let shortfall: Double
    /// True for a required constraint left out because it conflicted (UIKit: "breaking constraint").
    public let isBroken: Bool
}

/// Why one frame value is what it is.
public struct ValueExplanation: Sendable, Equatable {
    /// Which frame value.
    public let value: FrameValue
    /// Its laid-out amount (points, rounded to pixels as the frame is).
    public let amount: Double
    /// Constraints that hold with equality in the solution and involve the value (depth 0), then those
    /// that fix the other values they tie it to, breadth first, back to the root (depth 1, 2, …).
    /// Empty when the value is ambiguous: nothing fixes it.
    public let determinedBy: [ExplainedConstraint]
    /// Active constraints on the value that the solution does not satisfy: optional ones left
    /// unsatisfied and broken required ones, largest shortfall first.
    public let lost: [ExplainedConstraint]
    /// True when the value can move without making any constraint less satisfied
    /// (`hasAmbiguousLayout`, per value).
    public let isAmbiguous: Bool
}

/// Why a view's frame is where it is: one `ValueExplanation` per `FrameValue`, in x, y, width, height
/// order.
public struct FrameExplanation: Sendable, Equatable {
    /// The view's identifier.
    public let view: String
    /// x, y, width, height.
    public let values: [ValueExplanation]

    /// The explanation of `value`.
    public subscript(_ value: FrameValue) -> ValueExplanation? { values.first { $0.value == value } }
}
