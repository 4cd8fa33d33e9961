/// A property of a view that animations move.
public enum AnimatedProperty: Sendable, CaseIterable {
    case frame, boundsOrigin, alpha, transform
}

/// Identifies one `animate` block; its completion is reported once all its property animations end.
public struct AnimationGroupID: Hashable, Sendable, Comparable {
    public let rawValue: Int
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A finished `animate` block, as UIKit's completion handler sees it.
public struct AnimationCompletion: Hashable, Sendable {
    public let group: AnimationGroupID
    /// False when the animation was removed before it ran to its end (its view was removed).
    public let finished: Bool
}

/// The parameters of the innermost `animate` block being run.
struct AnimationContext {
    let group: AnimationGroupID
    let duration: Double
    let delay: Double
    let curve: TimingCurve
}

/// One property moving toward its model value: an additive animation as Core Animation runs them since
/// iOS 8. The on-screen value is the model value plus `delta × (1 − progress)` of every running
/// animation, so a new animation starting mid-flight continues from where the view is, never jumping.
struct PropertyAnimation {
    let property: AnimatedProperty
    /// Old model value minus new model value, component-wise.
    let delta: [Double]
    /// Absolute start time in seconds (after the delay).
    let begin: Double
    let duration: Double
    let curve: TimingCurve
    let group: AnimationGroupID

    /// Clock values are sums of floating-point steps: (t + 0.125) + 0.125 may land a hair before
    /// t + 0.25. Ends within a nanosecond count as reached.
    static let timeTolerance = 1e-9

    func remaining(at time: Double) -> Double {
        isFinished(at: time) ? 0 : 1 - curve.progress(elapsed: time - begin, duration: duration)
    }

    func isFinished(at time: Double) -> Bool { time >= begin + duration - Self.timeTolerance }
}

/// The running animations of one engine, keyed by view.
struct Animator {
    private(set) var running: [ObjectIdentifier: [PropertyAnimation]] = [:]
    private var pending: [AnimationGroupID: Int] = [:]
    private var completions: [AnimationCompletion] = []
    private var interrupted: Set<AnimationGroupID> = []
    private var nextGroup = 1
    private(set) var contexts: [AnimationContext] = []

    var isAnimating: Bool { !running.isEmpty }
    var current: AnimationContext? { contexts.last }

    mutating func begin(duration: Double, delay: Double, curve: TimingCurve) -> AnimationGroupID {
        let group = AnimationGroupID(rawValue: nextGroup)
        nextGroup += 1
        pending[group] = 0
        contexts.append(AnimationContext(group: group, duration: duration, delay: delay, curve: curve))
        return group
    }

    /// Closes the innermost block; a block that animated nothing completes at once, as in UIKit.
    mutating func end() {
        guard let context = contexts.popLast() else { return }
        if pending[context.group] == 0 { complete(context.group) }
    }

    /// Records a model change of `view` from `old` to `new` inside the current block.
    mutating func record(_ property: AnimatedProperty, of view: View, from old: [Double], to new: [Double],
                         now: Double) {
        guard let context = current, context.duration > 0, old != new else { return }
        let delta = zip(old, new).map { $0 - $1 }
        let animation = PropertyAnimation(property: property, delta: delta, begin: now + context.delay,
                                          duration: context.duration, curve: context.curve,
                                          group: context.group)
        running[ObjectIdentifier(view), default: []].append(animation)
        pending[context.group, default: 0] += 1
    }

    /// The on-screen offset from the model value of `property` of `view` at `time`.
    func offset(_ property: AnimatedProperty, of view: View, components: Int, at time: Double) -> [Double]? {
        guard let animations = running[ObjectIdentifier(view)] else { return nil }
        var offset: [Double]?
        for animation in animations where animation.property == property {
            let remaining = animation.remaining(at: time)
            var sum = offset ?? Array(repeating: 0, count: components)
            for index in 0..<min(components, animation.delta.count) {
                sum[index] += animation.delta[index] * remaining
            }
            offset = sum
        }
        return offset
    }

    /// Drops every animation that has ended by `time`, completing blocks whose animations all ended.
    mutating func advance(to time: Double) {
        for (key, animations) in running {
            let (done, left) = animations.reduce(into: ([PropertyAnimation](), [PropertyAnimation]())) {
                if $1.isFinished(at: time) { $0.0.append($1) } else { $0.1.append($1) }
            }
            guard !done.isEmpty else { continue }
            running[key] = left.isEmpty ? nil : left
            for animation in done { finishOne(animation) }
        }
    }

    /// Removes the animations of a view that left the hierarchy; their blocks finish with `finished` false.
    mutating func removeAnimations(of view: View) {
        guard let animations = running.removeValue(forKey: ObjectIdentifier(view)) else { return }
        for animation in animations {
            interrupted.insert(animation.group)
            finishOne(animation)
        }
    }

    /// Completions since the last call, oldest block first.
    mutating func takeCompletions() -> [AnimationCompletion] {
        defer { completions.removeAll() }
        return completions.sorted { $0.group < $1.group }
    }

    private mutating func finishOne(_ animation: PropertyAnimation) {
        guard let count = pending[animation.group] else { return }
        pending[animation.group] = count - 1
        if count - 1 == 0, !contexts.contains(where: { $0.group == animation.group }) {
            complete(animation.group)
        }
    }

    private mutating func complete(_ group: AnimationGroupID) {
        pending[group] = nil
        completions.append(AnimationCompletion(group: group, finished: !interrupted.contains(group)))
        interrupted.remove(group)
    }
}
