import AutoLayout

/// The scroll view part of a view (docs/PROTOCOL.md, "Scroll views"): its configuration and the
/// content offset to start at. Read by `ScrollFields.spec(_:over:)`, applied by `ScrollFields.apply`.
struct ScrollSpec: Sendable {
    /// Insets, indicator insets and adjustment behavior, in points.
    var configuration: ScrollView
    /// The bounds origin to scroll to, in points; nil keeps the current one.
    var contentOffset: Point?
}
