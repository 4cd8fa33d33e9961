/// The options of `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`
/// (`NSLayoutConstraint.FormatOptions`): alignment of every pair of neighbouring views in the format,
/// and the direction a horizontal format runs in.
///
/// Alignment options must lie across the format's axis: `alignAllTop`, `alignAllBottom`,
/// `alignAllCenterY`, `alignAllFirstBaseline` and `alignAllLastBaseline` with `H:`; `alignAllLeading`,
/// `alignAllTrailing`, `alignAllLeft`, `alignAllRight` and `alignAllCenterX` with `V:`.
public struct VisualFormatOptions: OptionSet, Hashable, Sendable {
    /// The option bits (not UIKit's values).
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Each pair of neighbouring views shares the named attribute (`a.left == b.left`, …).
    public static let alignAllLeft = VisualFormatOptions(rawValue: 1 << 0)
    public static let alignAllRight = VisualFormatOptions(rawValue: 1 << 1)
    public static let alignAllTop = VisualFormatOptions(rawValue: 1 << 2)
    public static let alignAllBottom = VisualFormatOptions(rawValue: 1 << 3)
    public static let alignAllLeading = VisualFormatOptions(rawValue: 1 << 4)
    public static let alignAllTrailing = VisualFormatOptions(rawValue: 1 << 5)
    public static let alignAllCenterX = VisualFormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterY = VisualFormatOptions(rawValue: 1 << 7)
    public static let alignAllFirstBaseline = VisualFormatOptions(rawValue: 1 << 8)
    public static let alignAllLastBaseline = VisualFormatOptions(rawValue: 1 << 9)
    /// The default: horizontal formats run from leading to trailing.
    public static let directionLeadingToTrailing = VisualFormatOptions(rawValue: 1 << 16)
    /// Horizontal formats use `left`/`right` and run left to right.
    public static let directionLeftToRight = VisualFormatOptions(rawValue: 1 << 17)
    /// Horizontal formats use `left`/`right` and run right to left: the first view is rightmost.
    public static let directionRightToLeft = VisualFormatOptions(rawValue: 1 << 18)

    /// The options by their Swift names, as the protocol spells them (`"alignAllTop"`, …).
    public static let named: [String: VisualFormatOptions] = [
        "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight, "alignAllTop": .alignAllTop,
        "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading,
        "alignAllTrailing": .alignAllTrailing, "alignAllCenterX": .alignAllCenterX,
        "alignAllCenterY": .alignAllCenterY, "alignAllFirstBaseline": .alignAllFirstBaseline,
        "alignAllLastBaseline": .alignAllLastBaseline,
        "directionLeadingToTrailing": .directionLeadingToTrailing,
        "directionLeftToRight": .directionLeftToRight, "directionRightToLeft": .directionRightToLeft,
    ]

    /// The options named in `names`; nil when a name is not one of `named`'s keys.
    public init?(names: [String]) {
        var options: VisualFormatOptions = []
        for name in names {
            guard let option = Self.named[name] else { return nil }
            options.insert(option)
        }
        self = options
    }

    /// Each alignment option with the attribute it aligns, in a fixed order.
    static let alignments: [(VisualFormatOptions, LayoutAttribute)] = [
        (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
        (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
        (.alignAllCenterY, .centerY), (.alignAllFirstBaseline, .firstBaseline),
        (.alignAllLastBaseline, .lastBaseline),
    ]

    /// The attributes the alignment options align, in `alignments` order.
    var alignedAttributes: [LayoutAttribute] {
        Self.alignments.filter { contains($0.0) }.map(\.1)
    }

    static let directions: VisualFormatOptions = [.directionLeadingToTrailing, .directionLeftToRight,
                                                  .directionRightToLeft]
}
