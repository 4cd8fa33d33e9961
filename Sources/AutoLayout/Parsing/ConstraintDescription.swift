/// A constraint described by names, before the names are resolved against a `LayoutEngine`:
/// `firstItem.firstAttribute (== | <= | >=) secondItem.secondAttribute × multiplier + constant @priority`.
///
/// The parsers (`EquationParser`, `VisualFormatParser`) produce these; `LayoutEngine.add(_:identifiers:)`
/// resolves the item names (`"picker"`, `"root.safeArea"`, `"card.margins"`) and adds them. Lengths are
/// points; `priority` is in (0, 1000] once validated (1000 is required). Without `secondItem` the right
/// side is `constant` alone (width and height only).
public struct ConstraintDescription: Sendable, CustomStringConvertible {
    /// The left side's item name (`"picker"`, `"root.safeArea"`).
    public var firstItem: String
    /// The left side's attribute.
    public var firstAttribute: LayoutAttribute
    /// `==`, `<=` or `>=`.
    public var relation: LayoutRelation
    /// The right side's item name; nil for a constant right side.
    public var secondItem: String?
    /// The right side's attribute; nil exactly when `secondItem` is.
    public var secondAttribute: LayoutAttribute?
    /// Applied to the second attribute.
    public var multiplier: Double
    /// Points added to the right side.
    public var constant: Double
    /// (0, 1000]; 1000 is required. The engine refuses other values with `invalidPriority`.
    public var priority: Double
    /// Character offset of the first item's name in the parsed text, for diagnostics; not part of `==`.
    public var firstItemPosition: Int?
    /// Character offset of the second item's name in the parsed text, for diagnostics; not part of `==`.
    public var secondItemPosition: Int?

    /// A description; `secondAttribute` defaults to `firstAttribute` when there is a `secondItem`.
    public init(firstItem: String, firstAttribute: LayoutAttribute, relation: LayoutRelation = .equal,
                secondItem: String? = nil, secondAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
                constant: Double = 0, priority: Double = LayoutConstraint.required,
                firstItemPosition: Int? = nil, secondItemPosition: Int? = nil) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondItem == nil ? nil : (secondAttribute ?? firstAttribute)
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.firstItemPosition = firstItemPosition
        self.secondItemPosition = secondItemPosition
    }

    /// The equation form accepted by `EquationParser`, e.g. `b.leading == a.trailing + 8` or
    /// `a.width >= 50 @750`.
    public var description: String {
        var text = "\(firstItem).\(firstAttribute.rawValue) \(relation.rawValue) "
        if let secondItem, let secondAttribute {
            text += "\(secondItem).\(secondAttribute.rawValue)"
            if multiplier != 1 { text += " * \(NumberText.format(multiplier))" }
            if constant != 0 { text += constant < 0 ? " - \(NumberText.format(-constant))" : " + \(NumberText.format(constant))" }
        } else {
            text += NumberText.format(constant)
        }
        if priority != LayoutConstraint.required { text += " @\(NumberText.format(priority))" }
        return text
    }
}

extension ConstraintDescription: Equatable {
    /// Compares the constraint's meaning; the diagnostic positions are ignored.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.firstItem == rhs.firstItem && lhs.firstAttribute == rhs.firstAttribute && lhs.relation == rhs.relation
            && lhs.secondItem == rhs.secondItem && lhs.secondAttribute == rhs.secondAttribute
            && lhs.multiplier == rhs.multiplier && lhs.constant == rhs.constant && lhs.priority == rhs.priority
    }
}
