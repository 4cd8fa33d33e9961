/// An origin and a size in points (UIKit's `CGRect`), origin top-left, y down.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The rectangle's components as `[x, y, width, height]`, the shape the protocol uses.
    public var components: [Double] { [origin.x, origin.y, size.width, size.height] }

    /// Builds a rectangle from `[x, y, width, height]`; nil unless there are exactly four components.
    public init?(components: [Double]) {
        guard components.count == 4 else { return nil }
        self.init(x: components[0], y: components[1], width: components[2], height: components[3])
    }

    /// Rounds each edge to the nearest device pixel, as UIKit does for frames set by Auto Layout:
    /// the minimum and maximum edges are rounded separately so adjacent views never overlap or gap.
    /// - Parameter scale: pixels per point (1, 2 or 3).
    public func roundedToPixels(scale: Double) -> Rect {
        guard scale > 0 else { return self }
        func round(_ value: Double) -> Double { (value * scale).rounded() / scale + 0 }
        let left = round(minX), top = round(minY)
        return Rect(x: left, y: top, width: round(maxX) - left + 0, height: round(maxY) - top + 0)
    }
}

/// Insets in points in UIKit's `UIEdgeInsets` order: top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// The insets as `[top, left, bottom, right]`, the shape the protocol uses.
    public var components: [Double] { [top, left, bottom, right] }
}
