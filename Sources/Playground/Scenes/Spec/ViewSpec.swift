import AutoLayout

/// One view of a scene, typed: every field `SceneReader.addView` builds a view from (docs/PROTOCOL.md,
/// "Scene documents"). Made from a document's JSON by `SceneReader.viewSpec(_:)` (which checks each
/// field's type) or directly by the Interface Builder importer; `SceneReader.addView(_:to:limits:)`
/// checks the limits (label length, coordinates) and builds it, so both paths meet the same checks.
struct ViewSpec: Sendable {
    /// The view's scene id, unique among the scene's views.
    var id: String
    /// The superview's id; `"root"` for a direct subview of the root view.
    var parent: String = "root"
    /// The drawing label (at most 200 characters); a document without one gets the id.
    var label: String
    /// A CSS color (at most 64 characters); nil takes the next color of `Scene.palette`.
    var color: String?
    var alpha: Double?
    /// Width and height in points, −1 for none (UIKit's `noIntrinsicMetric`).
    var intrinsicSize: Size?
    /// Horizontal and vertical priorities (1…1000).
    var contentHugging: [Double]?
    var compressionResistance: [Double]?
    var translatesAutoresizingMaskIntoConstraints = false
    /// The starting frame, superview coordinates in points: bounds size and center are set from it.
    var frame: Rect?
    var transform: AffineTransform?
    var layoutMargins: EdgeInsets?
    var alignmentRectInsets: EdgeInsets?
    var autoresizingMask: AutoresizingMask?
    /// The Interface Builder object id an imported view came from (at most 64 characters).
    var ibId: String?
    /// The outlet property an imported view is connected to (at most 64 characters).
    var outlet: String?
    /// What the control shows when drawn (drawing only); nil for a view that is no control.
    var control: ControlAppearance?
    /// The label, button or text field content; nil for a view without text.
    var text: TextContent?
    /// The scroll view configuration; nil for an ordinary view.
    var scroll: ScrollSpec?
    /// The stack view configuration, applied once every view of a document exists.
    var stack: StackView?
    var hidden: Bool?

    /// A view with `label` defaulting to its id and every other field absent.
    init(id: String, parent: String = "root", label: String? = nil) {
        self.id = id
        self.parent = parent
        self.label = label ?? id
    }
}
