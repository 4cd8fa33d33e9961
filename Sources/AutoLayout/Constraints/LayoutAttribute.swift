/// The part of a view or layout guide a constraint ties, as `NSLayoutConstraint.Attribute`.
///
/// Layout is left-to-right, so `leading` is `left` and `trailing` is `right`. A view without text has its
/// baselines at its bottom edge, as UIKit's default `viewForFirstBaselineLayout` (the view itself) gives;
/// a label, button or text field has them on its first and last lines of text (`TextContent`).
/// The margin forms resolve through the item's layout margins guide.
public enum LayoutAttribute: String, CaseIterable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// The attribute named `rawValue` (`"top"`, `"leadingMargin"`, …), as the synthesized initializer
    /// reads it, but comparing only with the names of the same length: every constraint of a
    /// document names two attributes, and trying twenty names in turn cost more than the rest of
    /// reading them.
    public init?(rawValue: String) {
        let length = rawValue.utf8.count
        guard length < Self.byNameLength.count,
              let attribute = Self.byNameLength[length].first(where: { $0.rawValue == rawValue }) else { return nil }
        self = attribute
    }

    /// The attributes by the byte length of their names: at most three share a length.
    private static let byNameLength: [[LayoutAttribute]] = {
        var table = [[LayoutAttribute]](repeating: [], count: 1 + (allCases.map(\.rawValue.utf8.count).max() ?? 0))
        for attribute in allCases { table[attribute.rawValue.utf8.count].append(attribute) }
        return table
    }()

    /// The axis an attribute measures along.
    public enum Axis: String, Sendable { case horizontal, vertical }

    /// Whether the attribute is a position (an edge or a center) or a dimension.
    public enum Kind: Sendable { case location, dimension }

    /// The axis this attribute lies on.
    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            return .horizontal
        default:
            return .vertical
        }
    }

    /// Location or dimension.
    public var kind: Kind { self == .width || self == .height ? .dimension : .location }

    /// True for the margin forms, which are measured on the item's layout margins guide.
    public var isMargin: Bool { marginBase != nil }

    /// The plain attribute a margin attribute applies to its margins guide; nil for plain attributes.
    public var marginBase: LayoutAttribute? {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: nil
        }
    }

    /// UIKit refuses to relate leading/trailing to left/right: they differ in right-to-left languages.
    var directionFamily: DirectionFamily {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: .directional
        case .left, .right, .leftMargin, .rightMargin: .absolute
        default: .neutral
        }
    }

    enum DirectionFamily { case directional, absolute, neutral }
}

/// How the two sides of a constraint compare (`NSLayoutConstraint.Relation`).
public enum LayoutRelation: String, Sendable {
    case lessThanOrEqual = "<="
    case equal = "=="
    case greaterThanOrEqual = ">="
}
