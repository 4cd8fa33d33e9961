import Foundation

/// A damped harmonic oscillator driving an animation from 0 to 1, as `CASpringAnimation`.
///
/// The displacement x(t) from the target obeys m·x″ + c·x′ + k·x = 0 with x(0) = 1 and
/// x′(0) = −initialVelocity; progress is 1 − x(t). Underdamped, critically damped and overdamped cases
/// use the closed-form solutions (any mechanics text, e.g. Taylor, "Classical Mechanics", §5.4).
/// `initialVelocity` is in units of the whole distance per second, as UIKit's `initialSpringVelocity`.
public struct Spring: Hashable, Sendable {
    /// Undamped angular frequency ω₀ = √(k/m), radians per second.
    public let naturalFrequency: Double
    /// ζ = c / (2√(k·m)); 1 is critically damped.
    public let dampingRatio: Double
    public let initialVelocity: Double

    /// Threshold on |x| and |x′|/ω₀ that counts as settled (0.1 % of the distance).
    static let settledThreshold = 0.001

    /// `CASpringAnimation(mass:stiffness:damping:)`; mass in kg-like units, stiffness in N/m-like units.
    /// Non-positive mass or stiffness are clamped to tiny positive values.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        let m = max(mass, 1e-6), k = max(stiffness, 1e-6)
        naturalFrequency = (k / m).squareRoot()
        dampingRatio = max(damping, 0) / (2 * (k * m).squareRoot())
        self.initialVelocity = initialVelocity
    }

    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
    ///
    /// UIKit fits the spring into the given duration; here ω₀ is chosen so the oscillation's envelope
    /// falls to 0.1 % exactly at `duration` (e^{−ζω₀·d} = 0.001 for ζ < 1; (1 + ω₀d)·e^{−ω₀d} = 0.001
    /// when critically damped or over), and the animation snaps to 1 at `duration`.
    /// - Parameters:
    ///   - dampingRatio: 0…1 as in UIKit (values above 1 are overdamped; clamped to at least 0.01).
    ///   - initialVelocity: distance per second relative to the whole distance.
    ///   - duration: seconds, > 0.
    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        let zeta = max(dampingRatio, 0.01)
        let settle = -log(Spring.settledThreshold)
        let omega: Double
        if zeta < 1 {
            omega = settle / (zeta * max(duration, 1e-3))
        } else {
            // (1 + u)e^{-u} = 0.001 at u ≈ 9.2335; the slower root of an overdamped spring scales it.
            let u = 9.233_5
            let slowRate = zeta - (zeta * zeta - 1).squareRoot()
            omega = u / (max(duration, 1e-3) * (zeta == 1 ? 1 : max(slowRate, 1e-3)))
        }
        naturalFrequency = omega
        self.dampingRatio = zeta
        self.initialVelocity = initialVelocity
    }

    /// Progress at `time` seconds after the start (may overshoot 1 when underdamped).
    public func progress(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        return 1 - displacement(at: time)
    }

    func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = -initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 + v0) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return exp(-w0 * t) * (1 + (v0 + w0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Seconds until the motion stays within 0.1 % of the target, as `CASpringAnimation.settlingDuration`
    /// (sampled at 1 ms, at most 60 s).
    public var settlingDuration: Double {
        var lastUnsettled = 0.0
        var t = 0.0
        while t < 60 {
            if abs(displacement(at: t)) > Spring.settledThreshold { lastUnsettled = t }
            // Past several time constants with no excursion, the envelope has decayed for good.
            if t - lastUnsettled > 10 / max(naturalFrequency * min(dampingRatio, 1), 1e-3) { break }
            t += 0.001
        }
        return lastUnsettled + 0.001
    }
}
