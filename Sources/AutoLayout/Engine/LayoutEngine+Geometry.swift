/// Coordinate conversion between views, as `UIView.convert(_:from:)` / `convert(_:to:)`.
///
/// A point in a view's bounds space reaches its superview's bounds space through the view's layer
/// geometry: p′ = center + T·(p − bounds center), where T is the view's transform (applied about the
/// center, translation included). The root view's superview is the window, where the root's frame
/// origin is (0, 0). Rectangles map corner by corner and give the bounding box, as UIKit does for
/// rotated views. Model values are used, as UIKit converts with the model layer.
extension LayoutEngine {
    /// Converts `rect` from `source`'s bounds space (the window when nil) to `destination`'s (the
    /// window when nil). Nil when a transform on the way cannot be inverted.
    public func convert(_ rect: Rect, from source: View?, to destination: View?) -> Rect? {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)]
        var mapped: [Point] = []
        for corner in corners {
            guard let point = convert(corner, from: source, to: destination) else { return nil }
            mapped.append(point)
        }
        let xs = mapped.map(\.x), ys = mapped.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Rect(x: minX + 0, y: minY + 0, width: maxX - minX, height: maxY - minY)
    }

    /// Converts a point between bounds spaces (nil = the window).
    public func convert(_ point: Point, from source: View?, to destination: View?) -> Point? {
        var inWindow = point
        var next = source
        while let view = next {
            inWindow = toSuperview(inWindow, of: view)
            next = view.superview
        }
        var chain: [View] = []
        next = destination
        while let view = next {
            chain.append(view)
            next = view.superview
        }
        var result = inWindow
        for view in chain.reversed() {
            guard let local = fromSuperview(result, of: view) else { return nil }
            result = local
        }
        return result
    }

    private func toSuperview(_ point: Point, of view: View) -> Point {
        let bounds = view.bounds
        let offset = view.transform.apply(to: Point(x: point.x - bounds.midX, y: point.y - bounds.midY))
        return Point(x: view.frame.midX + offset.x, y: view.frame.midY + offset.y)
    }

    private func fromSuperview(_ point: Point, of view: View) -> Point? {
        guard let inverse = view.transform.inverted else { return nil }
        let bounds = view.bounds
        let local = inverse.apply(to: Point(x: point.x - view.frame.midX, y: point.y - view.frame.midY))
        return Point(x: local.x + bounds.midX, y: local.y + bounds.midY)
    }
}
