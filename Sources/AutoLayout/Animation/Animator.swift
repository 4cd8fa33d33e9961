/// A property of a view that animations move.
public enum AnimatedProperty: Sendable, CaseIterable {
    case frame, boundsOrigin, alpha, transform

    /// Number of values: frame x, y, width, height; bounds origin x, y; alpha; transform a, b, c, d, tx, ty.
    var components: Int {
        switch self {
        case .frame: 4
        case .boundsOrigin: 2
        case .alpha: 1
        case .transform: 6
        }
    }
}

/// The on-screen offsets from the model values of one view's animated properties (nil: not moving), in
/// the lanes of `AnimatedProperty.components`.
struct PresentationOffsets {
    var frame: SIMD8<Double>?
    var boundsOrigin: SIMD8<Double>?
    var alpha: SIMD8<Double>?
    var transform: SIMD8<Double>?

    /// Adds the share at `time` (seconds) of each of `animations` that has not finished: its delta ×
    /// (1 − progress), the progress read through `progress`.
    mutating func add<Animations: Collection<PropertyAnimation>>(_ animations: Animations, at time: Double,
                                                                 progress: inout ProgressCache) {
        for animation in animations where !animation.isFinished(at: time) {
            let remaining = progress.remaining(animation, at: time)
            self[animation.property] = (self[animation.property] ?? SIMD8<Double>()) + animation.delta * remaining
        }
    }

    subscript(property: AnimatedProperty) -> SIMD8<Double>? {
        get {
            switch property {
            case .frame: frame
            case .boundsOrigin: boundsOrigin
            case .alpha: alpha
            case .transform: transform
            }
        }
        set {
            switch property {
            case .frame: frame = newValue
            case .boundsOrigin: boundsOrigin = newValue
            case .alpha: alpha = newValue
            case .transform: transform = newValue
            }
        }
    }
}

/// Identifies one `animate` block; its completion is reported once all its property animations end.
public struct AnimationGroupID: Hashable, Sendable, Comparable {
    public let rawValue: Int
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A finished `animate` block, as UIKit's completion handler sees it.
public struct AnimationCompletion: Hashable, Sendable {
    public let group: AnimationGroupID
    /// False when the animation was removed before it ran to its end (its view was removed, or a
    /// `beginFromCurrentState` animation replaced it).
    public let finished: Bool
}

/// The parameters of the innermost `animate` block being run.
struct AnimationContext {
    let group: AnimationGroupID
    let timing: AnimationTiming
    let delay: Double
    let options: AnimationOptions
}

/// One property moving toward its model value: an additive animation as Core Animation runs them since
/// iOS 8. The on-screen value is the model value plus `delta × (1 − progress)` of every running
/// animation, so a new animation starting mid-flight continues from where the view is, never jumping.
struct PropertyAnimation {
    let property: AnimatedProperty
    /// Old model value minus new model value, component-wise, in the lanes of
    /// `AnimatedProperty.components` (the others zero). Inline, so a view's animations are one
    /// contiguous array with nothing to retain while frames are rendered.
    let delta: SIMD8<Double>
    /// Absolute start time in seconds (after the delay).
    let begin: Double
    let timing: AnimationTiming
    let group: AnimationGroupID

    /// Clock values are sums of floating-point steps: (t + 0.125) + 0.125 may land a hair before
    /// t + 0.25. Ends within a nanosecond count as reached.
    static let timeTolerance = 1e-9

    func remaining(at time: Double) -> Double {
        1 - timing.progress(elapsed: time - begin)
    }

    func isFinished(at time: Double) -> Bool { time >= begin + timing.total - Self.timeTolerance }
}

/// The running animations of one engine, keyed by view.
struct Animator {
    private(set) var running: [ObjectIdentifier: [PropertyAnimation]] = [:] {
        didSet {
            version &+= 1
            isAnimating = !running.isEmpty
        }
    }
    /// Moves whenever `running` changes.
    private(set) var version: UInt64 = 0
    /// Whether any animation runs: `!running.isEmpty`, kept beside the engine's other fields because
    /// every tick of every animating session asks, and the dictionary's storage is elsewhere in memory.
    private(set) var isAnimating = false
    /// Recently ended animations, kept so a seek back in time can show them again.
    private(set) var retired: [ObjectIdentifier: [PropertyAnimation]] = [:]
    private var retiredCount = 0
    /// The latest end among kept animations: only a time before it needs them.
    private(set) var retiredEnd = -Double.infinity
    /// No running animation ends before this time (seconds); it may be earlier than the true earliest
    /// end after removals, which only costs one scan.
    private var nextEnd = Double.infinity
    /// Whether ended animations are kept for seeking (the manual clock's timeline).
    var keepsTimeline = false
    /// How many ended animations the timeline keeps.
    static let timelineCapacity = 512
    private var pending: [AnimationGroupID: Int] = [:]
    private var completions: [AnimationCompletion] = []
    private var interrupted: Set<AnimationGroupID> = []
    private var nextGroup = 1
    private(set) var contexts: [AnimationContext] = []

    var current: AnimationContext? { contexts.last }

    /// Opens a block. Nested in another block it inherits the outer duration and curve unless the
    /// options override them, as UIKit's nested animation blocks do.
    mutating func begin(duration: Double, delay: Double, curve: TimingCurve, options: AnimationOptions,
                        repeatCount: Double?) -> AnimationGroupID {
        let group = AnimationGroupID(rawValue: nextGroup)
        nextGroup += 1
        pending[group] = 0
        var duration = duration, curve = curve
        if let outer = contexts.last {
            if !options.contains(.overrideInheritedDuration) { duration = outer.timing.duration }
            if !options.contains(.overrideInheritedCurve) { curve = outer.timing.curve }
        }
        let repeats = options.contains(.repeat) ? (repeatCount ?? .infinity) : 1
        let timing = AnimationTiming(duration: duration, curve: curve, autoreverses: options.contains(.autoreverse),
                                     repeatCount: max(repeats, 0))
        contexts.append(AnimationContext(group: group, timing: timing, delay: delay, options: options))
        return group
    }

    /// Closes the innermost block; a block that animated nothing completes at once, as in UIKit.
    mutating func end() {
        guard let context = contexts.popLast() else { return }
        if pending[context.group] == 0 { complete(context.group) }
    }

    /// Records a model change of `view` from `old` to `new` inside the current block. With
    /// `beginFromCurrentState` the running animations of the property are replaced (their blocks end
    /// unfinished) and the new one starts from the on-screen value.
    mutating func record(_ property: AnimatedProperty, of view: View, from old: [Double], to new: [Double],
                         now: Double) {
        guard let context = current, context.timing.duration > 0, context.timing.total > 0, old != new else {
            return
        }
        var start = old
        if context.options.contains(.beginFromCurrentState) {
            if let offset = offset(property, of: view, components: old.count, at: now) {
                start = zip(old, offset).map { $0 + $1 }
            }
            removeAnimations(of: view, property: property)
        }
        var delta = SIMD8<Double>()
        for (lane, (from, to)) in zip(start, new).prefix(8).enumerated() { delta[lane] = from - to }
        let animation = PropertyAnimation(property: property, delta: delta, begin: now + context.delay,
                                          timing: context.timing, group: context.group)
        running[ObjectIdentifier(view), default: []].append(animation)
        nextEnd = min(nextEnd, animation.begin + animation.timing.total)
        pending[context.group, default: 0] += 1
    }

    private var progressCache = ProgressCache()

    /// The on-screen offset from the model value of `property` of `view` at `time`, in `components`
    /// values; nil when no animation moves it.
    mutating func offset(_ property: AnimatedProperty, of view: View, components: Int, at time: Double) -> [Double]? {
        guard let offset = presentationOffsets(of: ObjectIdentifier(view), at: time)?[property] else { return nil }
        return (0..<components).map { $0 < 8 ? offset[$0] : 0 }
    }

    /// The offsets of every animated property of the view `key` at `time` (nil lanes: not moving), or
    /// nil when the view has no animations at all.
    ///
    /// `mutating` only so that a caller holding the animator in a class property (`LayoutEngine`) passes
    /// it in place: a non-mutating call copies the whole struct, retaining each of its dictionaries, for
    /// every view of every frame. Nothing is changed.
    mutating func presentationOffsets(of key: ObjectIdentifier, at time: Double) -> PresentationOffsets? {
        let past = time < retiredEnd ? retired[key] : nil
        let current = running[key]
        guard past != nil || current != nil || retired[key] != nil else { return nil }
        // One pass over the view's animations for all four properties, kept ones first, without
        // allocating: presentation values are computed for every view of every animating session.
        var offsets = PresentationOffsets()
        if let past { offsets.add(past, at: time, progress: &progressCache) }
        if let current { offsets.add(current, at: time, progress: &progressCache) }
        return offsets
    }

    /// Drops every animation that has ended by `time`, completing blocks whose animations all ended.
    mutating func advance(to time: Double) {
        // Most ticks end nothing: skip the scan until the earliest end is reached.
        guard time >= nextEnd - PropertyAnimation.timeTolerance else { return }
        nextEnd = .infinity
        // The views with an animation ending, found before any is changed: changing `running` while
        // iterating it would copy the whole dictionary.
        var ending: [ObjectIdentifier] = []
        for (key, animations) in running {
            // Look before partitioning (which allocates) on every view.
            var ends = false
            for animation in animations {
                if animation.isFinished(at: time) {
                    ends = true
                } else {
                    nextEnd = min(nextEnd, animation.begin + animation.timing.total)
                }
            }
            if ends { ending.append(key) }
        }
        for key in ending {
            guard let animations = running[key] else { continue }
            var done: [PropertyAnimation] = []
            var left: [PropertyAnimation] = []
            // Room for the next block's animation too: a re-triggered animate appends one at once.
            left.reserveCapacity(animations.count + 1)
            for animation in animations {
                if animation.isFinished(at: time) { done.append(animation) } else { left.append(animation) }
            }
            running[key] = left.isEmpty ? nil : left
            for animation in done { finishOne(animation) }
            retire(done, key: key)
        }
    }

    /// Keeps ended animations for seeking back, dropping the oldest past the capacity.
    private mutating func retire(_ animations: [PropertyAnimation], key: ObjectIdentifier) {
        guard keepsTimeline else { return }
        retired[key, default: []].append(contentsOf: animations)
        retiredEnd = max(retiredEnd, animations.map { $0.begin + $0.timing.total }.max() ?? retiredEnd)
        retiredCount += animations.count
        guard retiredCount > Self.timelineCapacity else { return }
        // Drop the earliest-ending half; the timeline keeps the recent past.
        let all = retired.values.flatMap { $0 }.map { $0.begin + $0.timing.total }.sorted()
        let cutoff = all[all.count / 2]
        for (view, list) in retired {
            let kept = list.filter { $0.begin + $0.timing.total > cutoff }
            retired[view] = kept.isEmpty ? nil : kept
        }
        retiredCount = retired.values.reduce(0) { $0 + $1.count }
    }

    /// The earliest start among running and kept animations: how far back a seek can show motion.
    var timelineStart: Double? {
        (running.values.flatMap { $0 } + retired.values.flatMap { $0 }).map(\.begin).min()
    }

    /// Forgets ended animations (the timeline is switched off). Those a seek went back into, unfinished
    /// at `time`, run again from there, so a clock that starts running plays on from the instant shown
    /// instead of jumping to the end; their blocks have completed already and report nothing again.
    mutating func clearTimeline(runningOnFrom time: Double) {
        if time < retiredEnd {
            for (key, list) in retired {
                let unfinished = list.filter { !$0.isFinished(at: time) }
                guard !unfinished.isEmpty else { continue }
                running[key, default: []].append(contentsOf: unfinished)
                for animation in unfinished { nextEnd = min(nextEnd, animation.begin + animation.timing.total) }
            }
        }
        retired.removeAll()
        retiredCount = 0
        retiredEnd = -.infinity
    }

    /// True when an animation is under way at `time`: a running one, or a kept one a seek went back into.
    ///
    /// `mutating` only so that `LayoutEngine` passes its animator in place instead of copying it
    /// (retaining each of its collections) on every frame. Nothing is changed.
    mutating func isMoving(at time: Double) -> Bool {
        if isAnimating { return true }
        guard time < retiredEnd else { return false }
        return retired.values.contains { list in list.contains { $0.begin <= time && !$0.isFinished(at: time) } }
    }

    /// Removes the animations of a view that left the hierarchy (of one property when given); their
    /// blocks finish with `finished` false.
    mutating func removeAnimations(of view: View, property: AnimatedProperty? = nil) {
        let key = ObjectIdentifier(view)
        if property == nil { retired[key] = nil }
        guard let animations = running[key] else { return }
        let removed = animations.filter { property == nil || $0.property == property }
        let kept = animations.filter { property != nil && $0.property != property }
        running[key] = kept.isEmpty ? nil : kept
        for animation in removed {
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

/// The remaining fraction of each animation block at one time, by group: every animation of a block
/// shares its start and timing, so a curve is solved once per block per frame, not once per view. A
/// frame sees few blocks, so a short list searched from its end beats hashing.
struct ProgressCache {
    private var entries: [(group: Int, remaining: Double)] = []
    private var time = Double.nan

    /// 1 − progress of `animation` at `time` (seconds), solved once per block and time.
    mutating func remaining(_ animation: PropertyAnimation, at time: Double) -> Double {
        if time != self.time {
            entries.removeAll(keepingCapacity: true)
            self.time = time
        }
        let group = animation.group.rawValue
        for entry in entries.reversed() where entry.group == group { return entry.remaining }
        let value = animation.remaining(at: time)
        if entries.count == 16 { entries.removeFirst() }
        entries.append((group, value))
        return value
    }
}
