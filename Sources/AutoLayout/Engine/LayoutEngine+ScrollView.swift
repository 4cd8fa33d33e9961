/// Scroll views: the content and frame layout guides, content size, content offset and the adjusted
/// content inset, as `UIScrollView` (Apple, "Working with Scroll Views" in the Auto Layout Guide, and
/// `UIScrollView.contentLayoutGuide` / `frameLayoutGuide`).
///
/// A scroll view's subviews and guides live in its bounds space, whose origin is the content offset.
/// The content layout guide sits at (0, 0) there and its size, set by the user's constraints, is the
/// content size. The frame layout guide is the scroll view's own frame seen from its bounds space: at
/// the content offset, as wide and tall as the view, so views pinned to it stay put while the content
/// scrolls.
extension LayoutEngine {
    /// Makes `view` a scroll view or changes its insets. The first call adds the guides `content`
    /// (`contentLayoutGuide`) and `frame` (`frameLayoutGuide`), addressed as `"VIEW.content"` and
    /// `"VIEW.frame"`.
    /// - Throws: `invalidValue` for non-finite insets (content or indicator); `duplicateIdentifier` when the view already has
    ///   custom guides named `content` or `frame`.
    public func setScrollView(_ configuration: ScrollView, of view: View) throws {
        guard configuration.contentInset.components.allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else {
            throw LayoutError.invalidValue("contentInset must be finite")
        }
        guard configuration.scrollIndicatorInsets.components.allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else {
            throw LayoutError.invalidValue("scrollIndicatorInsets must be finite")
        }
        if view.scrollView == nil {
            for name in ["content", "frame"] where view.layoutGuides[name] != nil {
                throw LayoutError.duplicateIdentifier("\(view.identifier).\(name)")
            }
            let content = LayoutGuide(owningView: view, kind: .scrollContent, name: "content")
            let frame = LayoutGuide(owningView: view, kind: .scrollFrame, name: "frame")
            view.layoutGuides["content"] = content
            view.layoutGuides["frame"] = frame
            let id = view.identifier
            pinInternal("UIScrollView-contentLayoutGuide-\(id)-left", content, .left, to: view, constant: 0)
            pinInternal("UIScrollView-contentLayoutGuide-\(id)-top", content, .top, to: view, constant: 0)
            pinInternal("UIScrollView-frameLayoutGuide-\(id)-left", frame, .left, to: view,
                        constant: view.boundsOrigin.x)
            pinInternal("UIScrollView-frameLayoutGuide-\(id)-top", frame, .top, to: view,
                        constant: view.boundsOrigin.y)
            pinInternal("UIScrollView-frameLayoutGuide-\(id)-width", frame, .width, to: view, constant: 0)
            pinInternal("UIScrollView-frameLayoutGuide-\(id)-height", frame, .height, to: view, constant: 0)
        }
        view.scrollView = configuration
        layoutResultCandidates.insert(view.identifier)
        setNeedsLayout()
    }

    /// `contentSize`: the solved size of the content layout guide (points); nil for a view that is not
    /// a scroll view.
    public func contentSize(of view: View) -> Size? {
        guard view.scrollView != nil, let guide = view.layoutGuides["content"] else { return nil }
        return layoutFrame(of: guide).size
    }

    /// Sets `contentOffset` (the bounds origin, points), as `setContentOffset(_:animated: false)`
    /// inside or outside `animate`: the subviews shift, views pinned to the frame guide stay on screen.
    /// Any offset is accepted, as UIKit does when set in code (only scrolling by touch clamps).
    /// - Throws: `invalidValue` for non-finite values.
    public func setContentOffset(_ offset: Point, of view: View) throws {
        try setBounds(Rect(origin: offset, size: view.frame.size), of: view)
    }

    /// Moves the frame layout guide to the bounds origin; `setBounds` calls it for scroll views.
    func followContentOffset(of view: View) {
        guard view.scrollView != nil else { return }
        changeInternal("UIScrollView-frameLayoutGuide-\(view.identifier)-left", to: view.boundsOrigin.x)
        changeInternal("UIScrollView-frameLayoutGuide-\(view.identifier)-top", to: view.boundsOrigin.y)
    }

    /// `adjustedContentInset`: `contentInset` plus, on the edges `contentInsetAdjustmentBehavior`
    /// picks, the part of the root's safe area insets the scroll view's frame overlaps (model frames,
    /// window coordinates). An axis is scrollable when the content size exceeds the frame's size along
    /// it. Nil for a view that is not a scroll view.
    public func adjustedContentInset(of view: View) -> EdgeInsets? {
        guard let configuration = view.scrollView, let content = contentSize(of: view) else { return nil }
        let inset = configuration.contentInset
        guard let window = convert(view.bounds, from: view, to: nil) else { return inset }
        let rootSize = root.frame.size
        let safe = safeAreaInsets
        func overlap(_ value: Double, _ limit: Double) -> Double { min(max(0, value), limit) }
        let safeTop = overlap(safe.top - window.minY, window.height)
        let safeBottom = overlap(window.maxY - (rootSize.height - safe.bottom), window.height)
        let safeLeft = overlap(safe.left - window.minX, window.width)
        let safeRight = overlap(window.maxX - (rootSize.width - safe.right), window.width)
        var vertical = false, horizontal = false
        switch configuration.contentInsetAdjustmentBehavior {
        case .never: break
        case .always: vertical = true; horizontal = true
        case .automatic, .scrollableAxes:
            vertical = content.height > view.frame.height
            horizontal = content.width > view.frame.width
        }
        return EdgeInsets(top: inset.top + (vertical ? safeTop : 0), left: inset.left + (horizontal ? safeLeft : 0),
                          bottom: inset.bottom + (vertical ? safeBottom : 0),
                          right: inset.right + (horizontal ? safeRight : 0))
    }
}
