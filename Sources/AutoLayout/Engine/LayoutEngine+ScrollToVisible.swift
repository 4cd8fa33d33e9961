/// `scrollRectToVisible(_:animated:)`: the smallest scroll that shows a rectangle of the content.
extension LayoutEngine {
    /// The content offset (points) at which `rect` (in `view`'s bounds space, the content's
    /// coordinates) is visible inside the bounds less `adjustedContentInset`, moving as little as
    /// possible from the current offset, as `UIScrollView.scrollRectToVisible(_:animated:)`: an axis
    /// along which the rectangle is already visible keeps its offset; one where it lies past the far
    /// edge scrolls until its far edge meets the visible area's; otherwise (before the near edge, or
    /// larger than the visible area) its near edge meets the visible area's. The offset then stays
    /// within the scrollable range, `−inset.top … contentSize.height + inset.bottom − bounds.height`
    /// (and the same across). Nil for a view that is not a scroll view.
    public func contentOffset(showing rect: Rect, in view: View) -> Point? {
        guard let inset = adjustedContentInset(of: view), let content = contentSize(of: view) else { return nil }
        let bounds = view.bounds
        func axis(offset: Double, length: Double, near: Double, far: Double, min: Double, max: Double,
                  content: Double) -> Double {
            let visible = length - near - far
            var result = offset
            if min < offset + near || max - min > visible {
                result = min - near
            } else if max > offset + length - far {
                result = max - (length - far)
            }
            let lowest = -near
            let highest = Swift.max(lowest, content + far - length)
            return Swift.min(Swift.max(result, lowest), highest)
        }
        return Point(
            x: axis(offset: bounds.minX, length: bounds.width, near: inset.left, far: inset.right,
                    min: rect.minX, max: rect.maxX, content: content.width),
            y: axis(offset: bounds.minY, length: bounds.height, near: inset.top, far: inset.bottom,
                    min: rect.minY, max: rect.maxY, content: content.height))
    }

    /// Scrolls `view` so that `rect` (its bounds space) is visible (`contentOffset(showing:in:)`);
    /// inside `animate` the offset animates, as `scrollRectToVisible(_:animated: true)` does.
    /// - Throws: `invalidValue` for a view that is not a scroll view or a non-finite rectangle.
    public func scrollRectToVisible(_ rect: Rect, in view: View) throws {
        guard rect.components.allSatisfy(\.isFinite) else {
            throw LayoutError.invalidValue("the rectangle to show must be finite")
        }
        guard let offset = contentOffset(showing: rect, in: view) else {
            throw LayoutError.invalidValue("'\(view.identifier)' is not a scroll view")
        }
        guard offset != view.boundsOrigin else { return }
        try setContentOffset(offset, of: view)
    }
}
