/// A set of required constraints that cannot all hold, and the one the engine broke to recover.
///
/// Breaking is deterministic: the constraint whose addition or change revealed the conflict (the most
/// recently added or changed one) is left out of the solver, stays active and is marked broken, and is
/// retried after every later change, so the layout heals once the conflict goes away. Retries run in
/// the order of the constraints' last change (`LayoutEngine.healBrokenConstraints`), so of broken
/// constraints that still conflict, the most recently changed one stays broken.
public struct LayoutConflict: Hashable, Sendable {
    /// The id of the broken constraint.
    public let broken: String
    /// The ids of the conflicting set (the broken one last), including the engine's own constraints
    /// under their UIKit names (`UIView-Encapsulated-Layout-Width`, …) but not the implicit ones (a
    /// view's `width >= 0` and `height >= 0`).
    public let constraints: [String]
    /// A log in the spirit of UIKit's "Unable to simultaneously satisfy constraints".
    public let log: String

    /// Builds the report; implicit constraints (the model's own rules, such as sizes never being
    /// negative) are left out of `constraints` and the log, as UIKit lists only constraints that exist.
    init(broken: LayoutConstraint, set: [LayoutConstraint]) {
        let set = set.filter { !$0.isImplicit }
        self.broken = broken.identifier
        self.constraints = set.map(\.identifier)
        let lines = set.map { "    \"\($0.logDescription)\"" }.joined(separator: ",\n")
        log = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(lines)
            )

            Will attempt to recover by breaking constraint
            \(broken.logDescription)
            """
    }
}
