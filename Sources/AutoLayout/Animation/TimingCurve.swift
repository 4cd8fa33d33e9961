/// How an animation's progress follows time, as `UIView.AnimationCurve` and spring animations.
public enum TimingCurve: Hashable, Sendable {
    /// cubic-bezier(0.42, 0, 0.58, 1): UIKit's default.
    case easeInOut
    /// cubic-bezier(0.42, 0, 1, 1).
    case easeIn
    /// cubic-bezier(0, 0, 0.58, 1).
    case easeOut
    case linear
    /// The keyboard's private curve 7, approximated by cubic-bezier(0.38, 0.7, 0.125, 1): a fast start
    /// and a long, soft landing, fitted to keyboard frames sampled on devices.
    case keyboard
    case bezier(CubicBezier)
    case spring(Spring)

    /// The curve's cubic Bézier, or nil for a spring.
    public var bezier: CubicBezier? {
        switch self {
        case .easeInOut: CubicBezier(0.42, 0, 0.58, 1)
        case .easeIn: CubicBezier(0.42, 0, 1, 1)
        case .easeOut: CubicBezier(0, 0, 0.58, 1)
        case .linear: CubicBezier(0, 0, 1, 1)
        case .keyboard: CubicBezier(0.38, 0.7, 0.125, 1)
        case .bezier(let curve): curve
        case .spring: nil
        }
    }

    /// Progress at `elapsed` seconds into an animation lasting `duration` seconds: 0 before the start,
    /// exactly 1 from the end on.
    public func progress(elapsed: Double, duration: Double) -> Double {
        if elapsed <= 0 { return 0 }
        if elapsed >= duration { return 1 }
        switch self {
        case .linear: return elapsed / duration
        case .spring(let spring): return spring.progress(at: elapsed)
        default: return bezier?.progress(at: elapsed / duration) ?? 1
        }
    }
}
