/// A rectangle that takes part in constraints without drawing, as `UILayoutGuide`.
///
/// Its frame lives in the owning view's bounds space. The engine keeps the built-in guides (safe area,
/// keyboard, layout margins) in place with required constraints whose constants it changes in place.
public final class LayoutGuide: LayoutItem {
    /// The built-in guides.
    public enum Kind: String, Sendable {
        case safeArea, keyboard, margins, custom
        /// A scroll view's `contentLayoutGuide` and `frameLayoutGuide`.
        case scrollContent, scrollFrame
    }

    public unowned let owningView: View
    public let kind: Kind

    init(owningView: View, kind: Kind, name: String) {
        self.owningView = owningView
        self.kind = kind
        super.init(identifier: "\(owningView.identifier).\(name)")
    }

    override var coordinateParent: View? { owningView }
}
