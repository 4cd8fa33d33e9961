import Cassowary

/// The four solver variables of an item's frame, in its coordinate parent's bounds space (points).
struct FrameVariables {
    let x: Variable
    let y: Variable
    let width: Variable
    let height: Variable

    init(_ name: String) {
        // Concatenations, not interpolations: each item of a scene names four variables.
        x = Variable(name + ".minX")
        y = Variable(name + ".minY")
        width = Variable(name + ".width")
        height = Variable(name + ".height")
    }
}

/// Something a constraint can tie: a `View` or a `LayoutGuide` (UIKit's `NSLayoutConstraint` items).
///
/// Each item owns four solver variables for its frame in its coordinate parent's bounds space: the
/// superview for a view, the owning view for a guide.
public class LayoutItem {
    /// The name clients use for this item (`"picker"`, `"root.safeArea"`).
    public let identifier: String
    let variables: FrameVariables

    init(identifier: String) {
        self.identifier = identifier
        self.variables = FrameVariables(identifier)
    }

    /// The view whose bounds space this item's frame lives in; nil for the root view.
    var coordinateParent: View? { nil }

    /// The nearest view whose bounds space can serve as a constraint's common space: the item itself
    /// for a view, the owning view for a guide.
    var nearestContainer: View? { (self as? View) ?? coordinateParent }
}
