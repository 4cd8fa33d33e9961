/// The configuration of a scroll view, as `UIScrollView`'s inset properties. The geometry lives in the
/// engine: `contentLayoutGuide` (`VIEW.content`), `frameLayoutGuide` (`VIEW.frame`), `contentSize` and
/// `contentOffset` (the bounds origin); see `LayoutEngine.setScrollView(_:of:)`.
public struct ScrollView: Hashable, Sendable {
    /// `UIScrollView.ContentInsetAdjustmentBehavior`: which edges add the safe area the scroll view
    /// overlaps to `contentInset`.
    public enum ContentInsetAdjustmentBehavior: String, CaseIterable, Hashable, Sendable {
        /// As `scrollableAxes` here: UIKit adds more only for a scroll view owned by a view controller
        /// inside a navigation controller, which the playground has none of.
        case automatic
        /// The edges of each axis the content scrolls along (content larger than the frame).
        case scrollableAxes
        /// No edge.
        case never
        /// Every edge.
        case always
    }

    /// Extra room around the content (points, `[top, left, bottom, right]`), `contentInset`.
    public var contentInset: EdgeInsets
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior
    /// How far the scroll indicators stay from the edges (points, `[top, left, bottom, right]`), as
    /// `verticalScrollIndicatorInsets` and `horizontalScrollIndicatorInsets` together (the older
    /// `scrollIndicatorInsets`). Keyboard handlers set its bottom with `contentInset`'s.
    public var scrollIndicatorInsets: EdgeInsets

    /// UIKit's defaults: no insets, `automatic`.
    public init(contentInset: EdgeInsets = .zero, contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic,
                scrollIndicatorInsets: EdgeInsets = .zero) {
        self.contentInset = contentInset
        self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
        self.scrollIndicatorInsets = scrollIndicatorInsets
    }
}
