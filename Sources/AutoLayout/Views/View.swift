/// A rectangle laid out by Auto Layout, as `UIView`.
///
/// `frame` is the model value in the superview's coordinate space; `bounds` shares its size and has an
/// origin that shifts what the view shows (its subviews move on screen, their frames do not). While an
/// animation runs, the on-screen value is `LayoutEngine.presentation(of:)`. All lengths are points.
/// Mutate views through their `LayoutEngine`, which records animations and invalidates layout; frames
/// read the engine's snapshot of the views (`PresentationSnapshot`), not the views themselves.
public final class View: LayoutItem {
    /// UIKit's `UIView.noIntrinsicMetric`: no intrinsic size on that axis.
    public static let noIntrinsicMetric: Double = -1

    /// The view this one is a subview of; nil for the root (and the keyboard). Unchecked, as the tree
    /// and sizing fields below: every constraint installed walks them, the runtime's exclusivity
    /// check cost a call per access, and the engine, their one writer, has one owner.
    @exclusivity(unchecked) public internal(set) weak var superview: View?
    /// The subviews in order, back to front, as `UIView.subviews`.
    @exclusivity(unchecked) public internal(set) var subviews: [View] = []
    /// The model frame (points, superview space). With a non-identity transform this stays the
    /// untransformed layout rectangle; the transform applies about its center on screen.
    public internal(set) var frame: Rect = .zero
    /// The bounds origin (points); the bounds size is the frame size.
    public internal(set) var boundsOrigin: Point = .zero
    /// Opacity, 0…1.
    public internal(set) var alpha: Double = 1
    /// The affine transform (`UIView.transform`), applied about the frame's center on screen; layout
    /// ignores it.
    public internal(set) var transform: AffineTransform = .identity
    /// The natural size; either component may be `noIntrinsicMetric`.
    @exclusivity(unchecked) public internal(set) var intrinsicContentSize = Size(width: noIntrinsicMetric, height: noIntrinsicMetric)
    /// Whether either axis has an intrinsic size (and so content size constraints).
    var hasIntrinsicContentSize: Bool {
        intrinsicContentSize.width != Self.noIntrinsicMetric || intrinsicContentSize.height != Self.noIntrinsicMetric
    }
    /// Content hugging priorities [horizontal, vertical]; UIKit's default is 250.
    @exclusivity(unchecked) public internal(set) var contentHuggingPriority: [Double] = [250, 250]
    /// Compression resistance priorities [horizontal, vertical]; UIKit's default is 750.
    @exclusivity(unchecked) public internal(set) var compressionResistancePriority: [Double] = [750, 750]
    /// When true the engine pins the frame where it is set, as UIKit's autoresizing-mask translation
    /// does for a view with no flexible margins or size.
    @exclusivity(unchecked) public internal(set) var translatesAutoresizingMaskIntoConstraints = false
    /// How the frame follows the superview's size while the mask is translated (`autoresizingMask`).
    public internal(set) var autoresizingMask: AutoresizingMask = []
    /// `alignmentRectInsets` (points): constraints place the alignment rectangle, and the frame is it
    /// grown by these insets (a `UISwitch`'s frame reaches 2 pt past its alignment rectangle on the
    /// right). Zero by default, as for `UIView`.
    public internal(set) var alignmentRectInsets = EdgeInsets()
    /// `insetsLayoutMarginsFromSafeArea`: the root's margins sit inside its safe area (UIKit's
    /// default, true) or are measured from its edges (false).
    public internal(set) var insetsLayoutMarginsFromSafeArea = true
    /// Insets of the layout margins guide (points); UIKit's default for a plain view is 8 on every side.
    public internal(set) var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// A hidden view and its subviews are not drawn; a hidden arranged view of a stack collapses
    /// (`UIView.isHidden`). Set it with `LayoutEngine.setHidden(_:of:)`.
    public internal(set) var isHidden = false
    /// The stack view configuration and generated constraints when this view is a stack view.
    var stackLayout: StackLayout?
    /// What only scroll views and views with text have, out of line (about 250 bytes inline): most
    /// views of a scene hold one nil pointer instead. Made at the first non-nil value.
    @exclusivity(unchecked) private var extras: ViewExtras?
    /// The insets of a scroll view (`LayoutEngine.setScrollView(_:of:)`); nil for other views.
    public internal(set) var scrollView: ScrollView? {
        get { extras?.scrollView }
        set { if newValue != nil || extras != nil { madeExtras().scrollView = newValue } }
    }
    /// The text of a label, button or text field (`LayoutEngine.setTextContent(_:of:)`); nil otherwise.
    public internal(set) var textContent: TextContent? {
        get { extras?.textContent }
        set { if newValue != nil || extras != nil { madeExtras().textContent = newValue } }
    }
    /// The lines the text takes at the width the last layout pass gave it; nil without text.
    public internal(set) var textLayout: TextLayout? {
        get { extras?.textLayout }
        set { if newValue != nil || extras != nil { madeExtras().textLayout = newValue } }
    }

    private func madeExtras() -> ViewExtras {
        if let extras { return extras }
        let made = ViewExtras()
        extras = made
        return made
    }
    /// The wrapping width `textLayout` was made for (points; nil: unbounded) and the baselines it gives.
    @exclusivity(unchecked) var textState = TextState()

    /// Whether the engine's `NonNegativeSize` rules of this view are installed
    /// (`LayoutEngine.updateNonNegativeSize(of:)`).
    @exclusivity(unchecked) var hasNonNegativeSize = false

    /// This view's slot in its engine's storage (`PresentationSnapshot`), given when the engine adds it;
    /// −1 outside an engine's tree.
    @exclusivity(unchecked) var slot = -1

    /// The guides this view owns, by short name (`margins`, and on the root `safeArea`, `keyboard`).
    public internal(set) var layoutGuides: [String: LayoutGuide] = [:]

    override var coordinateParent: View? { superview }

    /// How many superviews lie above this view (0 for a root). Kept by the engine as views enter and
    /// leave its tree (`addView`, `removeView`) rather than counted up the weak superview links each
    /// time: every constraint's common container is found by it.
    var depth = 0

    /// The view's bounds: `boundsOrigin` with the frame's size.
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    /// The center of the frame in superview space.
    public var center: Point { Point(x: frame.midX, y: frame.midY) }

    /// Calls `body` with each descendant in the order of ``descendants`` (depth first, parents before
    /// children) without building the list: frames walk the tree at the display rate.
    public func forEachDescendant(_ body: (View) throws -> Void) rethrows {
        for subview in subviews {
            try body(subview)
            // Leaves are most views: skipping their call skips its retains and releases too.
            if !subview.subviews.isEmpty { try subview.forEachDescendant(body) }
        }
    }

    /// This view's descendants in depth-first order, parents before children.
    public var descendants: [View] {
        var result: [View] = []
        var stack = subviews.reversed() as [View]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return result
    }
}

/// A view's scroll view and text state (`View.scrollView`, `textContent`, `textLayout`), which few
/// views have. Unchecked like the view's other layout fields: one owner, the engine.
final class ViewExtras {
    @exclusivity(unchecked) var scrollView: ScrollView?
    @exclusivity(unchecked) var textContent: TextContent?
    @exclusivity(unchecked) var textLayout: TextLayout?
}
