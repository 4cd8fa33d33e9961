/// The configuration of a stack view, as `UIStackView`'s properties: a view that lays out its arranged
/// subviews in a row or a column by generating the constraints UIKit's stack view generates.
///
/// Set it on a view with `LayoutEngine.setStack(_:of:)`. The arranged views are subviews of the stack
/// view named by id, in order. Hidden arranged views (`LayoutEngine.setHidden(_:of:)`) collapse to zero
/// length along the axis and give up their spacing. The generated constraints are rebuilt at the next
/// layout pass (UIKit's update-constraints phase) whenever the configuration, the arranged views, their
/// hidden state or their intrinsic sizes change.
public struct StackView: Hashable, Sendable {
    /// The direction the arranged views follow (`NSLayoutConstraint.Axis`).
    public enum Axis: String, CaseIterable, Sendable {
        /// A row: leading to trailing.
        case horizontal
        /// A column: top to bottom.
        case vertical
    }

    /// How the arranged views share the stack's length along its axis (`UIStackView.Distribution`).
    public enum Distribution: String, CaseIterable, Sendable {
        /// The views fill the length; hugging and compression resistance decide who stretches or shrinks.
        case fill
        /// The views have equal lengths.
        case fillEqually
        /// The views' lengths follow their intrinsic lengths.
        case fillProportionally
        /// The views keep their sizes; the gaps between them are equal and at least `spacing`.
        case equalSpacing
        /// The centers are equally spaced while the gaps stay at least `spacing`.
        case equalCentering
    }

    /// How the arranged views sit across the axis (`UIStackView.Alignment`). `top` is `leading` and
    /// `bottom` is `trailing`, as in UIKit (the same raw values there).
    public enum Alignment: String, CaseIterable, Sendable {
        case fill, leading, top, center, trailing, bottom, firstBaseline, lastBaseline
    }

    /// The axis; UIKit's default is horizontal.
    public var axis: Axis
    public var distribution: Distribution
    public var alignment: Alignment
    /// Points between adjacent arranged views (the minimum for `equalSpacing` and `equalCentering`).
    public var spacing: Double
    /// When true the views are laid out inside the stack's layout margins rather than its edges.
    public var isLayoutMarginsRelativeArrangement: Bool
    /// The ids of the arranged views, in order; each must be a subview of the stack view.
    public var arrangedSubviews: [String]

    /// A stack view configuration; the defaults are UIKit's.
    public init(axis: Axis = .horizontal, distribution: Distribution = .fill, alignment: Alignment = .fill,
                spacing: Double = 0, isLayoutMarginsRelativeArrangement: Bool = false,
                arrangedSubviews: [String] = []) {
        self.axis = axis
        self.distribution = distribution
        self.alignment = alignment
        self.spacing = spacing
        self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
        self.arrangedSubviews = arrangedSubviews
    }
}

/// What the engine keeps for a view that is a stack view: its configuration and what it generated.
final class StackLayout {
    var configuration: StackView
    /// The arranged views themselves, so a removed view (or a new one reusing its id) is noticed.
    var arranged: [View]
    /// Ids of the engine constraints currently generated for this stack.
    var generated: [String] = []
    /// The inputs the generated constraints were made from; a different value means rebuild.
    var fingerprint: StackFingerprint?

    init(configuration: StackView, arranged: [View]) {
        self.configuration = configuration
        self.arranged = arranged
    }
}

/// Everything the generated constraints depend on besides the configuration.
struct StackFingerprint: Equatable {
    var configuration: StackView
    var arranged: [ObjectIdentifier]
    var hidden: [Bool]
    var intrinsic: [Size]
}
