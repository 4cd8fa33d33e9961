/// The `UIView.AnimationOptions` that matter to layout animations.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Replace running animations of the same property, starting from the on-screen value, instead
    /// of adding to them (UIKit's additive default since iOS 8).
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 0)
    /// Repeat forever (or `repeatCount` times).
    public static let `repeat` = AnimationOptions(rawValue: 1 << 1)
    /// Run forward, then backward, each cycle; without `repeat` the view snaps to its model value at
    /// the end, as in UIKit.
    public static let autoreverse = AnimationOptions(rawValue: 1 << 2)
    /// Lay out subviews inside the block; the engine's layout passes inside a block always animate, so
    /// this is accepted for fidelity and changes nothing.
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 3)
    /// Use this block's duration even when nested in another block.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 4)
    /// Use this block's curve even when nested in another block.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 5)

    /// The options by their UIKit names, for the protocol.
    public static let named: [(String, AnimationOptions)] = [
        ("beginFromCurrentState", .beginFromCurrentState), ("repeat", .repeat), ("autoreverse", .autoreverse),
        ("layoutSubviews", .layoutSubviews), ("overrideInheritedDuration", .overrideInheritedDuration),
        ("overrideInheritedCurve", .overrideInheritedCurve),
    ]
}

/// How one animation block's clock runs: its duration and curve, then repetition.
struct AnimationTiming {
    let duration: Double
    let curve: TimingCurve
    let autoreverses: Bool
    /// Cycles to run; `.infinity` repeats forever.
    let repeatCount: Double

    /// One cycle: forward, plus backward when autoreversing.
    var cycle: Double { autoreverses ? 2 * duration : duration }

    /// The time the animation ends, relative to its start (infinite when repeating forever).
    var total: Double { cycle * repeatCount }

    /// Progress toward the model value at `elapsed` seconds after the start; exactly 1 once over.
    func progress(elapsed: Double) -> Double {
        if elapsed <= 0 { return 0 }
        if elapsed >= total - PropertyAnimation.timeTolerance { return 1 }
        guard cycle > 0 else { return 1 }
        let local = elapsed.truncatingRemainder(dividingBy: cycle)
        if local <= duration { return curve.progress(elapsed: local, duration: duration) }
        return curve.progress(elapsed: cycle - local, duration: duration)
    }
}
