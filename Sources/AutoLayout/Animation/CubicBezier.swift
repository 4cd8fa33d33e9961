/// A CSS/Core Animation timing function `cubic-bezier(x1, y1, x2, y2)` with end points (0,0) and (1,1),
/// as `CAMediaTimingFunction(controlPoints:)`.
///
/// `progress(at:)` solves x(t) = fraction for the curve parameter t by Newton's method with a bisection
/// fallback (the approach of WebKit's `UnitBezier`), then returns y(t).
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// Progress (0…1, may overshoot for y outside 0…1) at a time fraction in 0…1.
    public func progress(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        return sample(y1, y2, solveParameter(forX: fraction))
    }

    private func sample(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        // Bernstein form of a cubic with P0 = 0 and P3 = 1.
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func slope(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    private func solveParameter(forX x: Double) -> Double {
        let tolerance = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = sample(x1, x2, t) - x
            if abs(error) < tolerance { return t }
            let derivative = slope(x1, x2, t)
            if abs(derivative) < 1e-9 { break }
            t -= error / derivative
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<100 {
            let value = sample(x1, x2, t)
            if abs(value - x) < tolerance { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
