import Cassowary

/// A relation between two attributes, as `NSLayoutConstraint`:
/// `firstItem.firstAttribute (== | <= | >=) secondItem.secondAttribute × multiplier + constant`.
///
/// Both sides are measured in the bounds space of the items' nearest common ancestor, where that
/// ancestor's edges are 0…width and 0…height (Apple, "Anatomy of a Constraint"). With no second item the
/// right side is `constant` alone (dimensions only). Priorities lie in (0, 1000]; 1000 is required.
/// Change `constant`, `priority` and `isActive` through `LayoutEngine`, which defers the frames to the
/// next layout pass.
public final class LayoutConstraint {
    /// The constraint's name: the one it was made with, or for the engine's own constraints of a view
    /// their UIKit name (`NSContentSizeLayoutConstraint-label-width-hugging`), made on each read.
    public var identifier: String { viewConstraintKind.map { $0.name(of: firstItem.identifier) } ?? givenIdentifier }
    /// The name given at creation; empty for an engine constraint of a view, named by its kind.
    private let givenIdentifier: String
    /// What an engine constraint of a view does (`LayoutEngine.pinInternal`); nil for any other.
    @exclusivity(unchecked) private(set) var viewConstraintKind: ViewConstraintKind?
    public let firstItem: LayoutItem
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public let secondItem: LayoutItem?
    public let secondAttribute: LayoutAttribute?
    public let multiplier: Double
    /// Points added to the right side. Unchecked, as the other changing fields: the engine, their one
    /// writer, reads them for every constraint it installs, and the runtime's exclusivity check cost
    /// a call per read.
    @exclusivity(unchecked) public internal(set) var constant: Double
    /// (0, 1000]; 1000 is required.
    @exclusivity(unchecked) public internal(set) var priority: Double
    @exclusivity(unchecked) public internal(set) var isActive: Bool
    /// True while the constraint is active but left out of the solver because it conflicted with
    /// required constraints (UIKit: "Will attempt to recover by breaking constraint").
    @exclusivity(unchecked) public internal(set) var isBroken = false
    /// Marks constraints the engine made itself (root size, guides, intrinsic size).
    @exclusivity(unchecked) public internal(set) var isInternal = false
    /// Marks engine constraints that state a rule of the model rather than a constraint UIKit would
    /// list (a view's size is never negative): conflict reports leave them out.
    @exclusivity(unchecked) public internal(set) var isImplicit = false
    /// When the constraint was last added, activated, or given a constant or priority, on the engine's
    /// change clock (larger is later). Conflicts break the latest of a conflicting set, and broken
    /// constraints are retried earliest first so the latest is the one that stays broken.
    @exclusivity(unchecked) var lastChange: UInt64 = 0

    /// The solver constraint while installed.
    @exclusivity(unchecked) var installed: Constraint?

    /// An active engine constraint of `view`, named by `kind` (`identifier`).
    convenience init(kind: ViewConstraintKind, view: View, attribute: LayoutAttribute,
                     relatedBy relation: LayoutRelation, toItem secondItem: LayoutItem?,
                     attribute secondAttribute: LayoutAttribute?, multiplier: Double, constant: Double,
                     priority: Double) {
        self.init(identifier: "", item: view, attribute: attribute, relatedBy: relation, toItem: secondItem,
                  attribute: secondAttribute, multiplier: multiplier, constant: constant, priority: priority)
        viewConstraintKind = kind
        isInternal = true
    }

    /// The UIKit priority of a required constraint.
    public static let required: Double = 1000

    /// Creates an inactive description; `LayoutEngine.add(_:)` validates and installs it.
    public init(identifier: String, item firstItem: LayoutItem, attribute firstAttribute: LayoutAttribute,
                relatedBy relation: LayoutRelation = .equal, toItem secondItem: LayoutItem? = nil,
                attribute secondAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
                constant: Double = 0, priority: Double = LayoutConstraint.required, isActive: Bool = true) {
        self.givenIdentifier = identifier
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondItem == nil ? nil : (secondAttribute ?? firstAttribute)
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.isActive = isActive
    }

    /// True when the priority is 1000.
    public var isRequired: Bool { priority >= LayoutConstraint.required }

    /// The constraint as an equation, e.g. `picker.top == root.top + 667 @750`, in the form
    /// `EquationParser` reads back.
    public var equation: String { asDescription.description }

    /// The constraint by item names, as the parsers produce it.
    public var asDescription: ConstraintDescription {
        ConstraintDescription(firstItem: firstItem.identifier, firstAttribute: firstAttribute, relation: relation,
                              secondItem: secondItem?.identifier, secondAttribute: secondAttribute,
                              multiplier: multiplier, constant: constant, priority: priority)
    }

    /// UIKit's log form: `<NSLayoutConstraint:id picker.top == root.top + 667>`.
    public var logDescription: String { "<NSLayoutConstraint:\(identifier) \(equation)>" }
}
