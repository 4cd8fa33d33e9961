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
    /// - Parameter scale: pixels per point (1, 2 or 3); other positive scales work the same way, and a
    ///   scale that is not positive leaves the rectangle as it is.
    /// - Returns: a rectangle whose edges are whole multiples of 1/scale points; see
    ///   `Rect.roundedToPixel(_:scale:)` for how a single edge rounds.
    public func roundedToPixels(scale: Double) -> Rect {
        guard scale > 0 else { return self }
        let left = Self.roundedToPixel(minX, scale: scale), top = Self.roundedToPixel(minY, scale: scale)
        return Rect(x: left, y: top, width: Self.roundedToPixel(maxX, scale: scale) - left + 0,
                    height: Self.roundedToPixel(maxY, scale: scale) - top + 0)
    }

    /// How far (in pixels) a value may sit from a half or whole pixel and still count as on it: well
    /// above the solver's floating-point noise at screen coordinates (about 1e-13 px), far below
    /// anything a constraint can ask for on purpose.
    static let pixelSnapTolerance = 1e-9

    /// Rounds one edge (points) to the nearest multiple of 1/scale points, halves toward +∞ (right
    /// and down on screen), after snapping a value within `pixelSnapTolerance` pixels of a half or
    /// whole pixel onto it.
    ///
    /// Apple documents only that Auto Layout frames are rounded to the nearest pixel: nothing says
    /// which way a half goes (`NSIntegralRectWithOptions` and the `…Nearest` alignment options say
    /// "the nearest integral value"; NSGeometry.h only notes that `NSAlignRectFlipped` lets 0.5 "be
    /// treated in a visually consistent way", a fixed direction on screen), and measurements posted
    /// publicly (Stack Overflow 19349072: 950.25 → 950.5 at 2×, 950.2 → 950 at 1×) show nearest, not
    /// ceiling. So the tie rule is ours: halves go toward +∞, which unlike half away from zero does not
    /// depend on the edge's sign, so moving a view by whole pixels never changes its rounded size
    /// (edges −0.5 and 0.5 give width 1, as 0.5 and 1.5 do). The snap keeps noise such as
    /// 337.49999999999994 from deciding a tie that the constraints put exactly at 337.5.
    /// - Parameters:
    ///   - value: the edge in points.
    ///   - scale: pixels per point, positive.
    /// - Returns: the rounded edge in points; never −0.
    public static func roundedToPixel(_ value: Double, scale: Double) -> Double {
        var pixels = value * scale
        let nearestHalf = (pixels * 2).rounded() / 2
        if abs(pixels - nearestHalf) <= pixelSnapTolerance { pixels = nearestHalf }
        return (pixels + 0.5).rounded(.down) / scale + 0
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
