/// What a view looks like at one moment: the values a frame stream carries.
public struct ViewState: Hashable, Sendable {
    /// Superview space, points (untransformed).
    public var frame: Rect
    public var bounds: Rect
    public var alpha: Double
    public var transform: AffineTransform

    /// A state of these values (points; alpha 0…1).
    public init(frame: Rect, bounds: Rect, alpha: Double, transform: AffineTransform) {
        self.frame = frame
        self.bounds = bounds
        self.alpha = alpha
        self.transform = transform
    }
}

/// Animation blocks, the clock and presentation values.
extension LayoutEngine {
    /// Runs `changes` as an animation block, as `UIView.animate(withDuration:delay:options:animations:)`:
    /// model values set inside jump at once; their presentation moves over `duration` seconds after
    /// `delay` seconds along `curve`. Constraint changes animate only when a layout pass runs inside the
    /// block (`layoutIfNeeded`); otherwise the end-of-turn pass applies them without animation.
    /// - Returns: the block's id; `takeCompletions()` reports it once all its animations end (at once
    ///   when it animated nothing).
    /// - Throws: whatever `changes` throws, after closing the block.
    ///
    /// Nested in another block, a block inherits the outer duration and curve unless `options`
    /// contains `overrideInheritedDuration` / `overrideInheritedCurve`, as in UIKit.
    /// - Parameters:
    ///   - duration: seconds of one pass.
    ///   - delay: seconds before it starts; meanwhile the old value stays on screen.
    ///   - options: see `AnimationOptions`.
    ///   - repeatCount: cycles to run with `.repeat` (forever when nil), as `UIView.setAnimationRepeatCount`.
    @discardableResult
    public func animate(duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut,
                        options: AnimationOptions = [], repeatCount: Double? = nil,
                        _ changes: () throws -> Void) rethrows -> AnimationGroupID {
        let group = animator.begin(duration: max(0, duration), delay: max(0, delay), curve: curve,
                                   options: options, repeatCount: repeatCount)
        defer { animator.end() }
        try changes()
        return group
    }

    /// Shows the animations at `time` seconds, backwards included, as scrubbing a timeline. Ended
    /// animations are kept for this while `keepsTimeline` is on (the manual clock); before the first
    /// of them the model values show.
    public func seek(to time: Double) {
        self.time = time
        animator.advance(to: time)
    }

    /// Whether ended animations are kept so `seek(to:)` can show them again.
    public var keepsTimeline: Bool {
        get { animator.keepsTimeline }
        set {
            animator.keepsTimeline = newValue
            if !newValue { animator.clearTimeline(runningOnFrom: time) }
        }
    }

    /// The earliest start among running and kept animations, if any.
    public var timelineStart: Double? { animator.timelineStart }

    /// True while any animation runs.
    public var isAnimating: Bool { animator.isAnimating }

    /// True when something is in motion at `time`: a running animation, or, after a seek back, one
    /// of the ended animations the timeline keeps.
    public var isMoving: Bool { animator.isMoving(at: time) }

    /// Moves the clock to `time` seconds (never backwards) and retires animations that have ended.
    public func advance(to time: Double) {
        guard time > self.time else { return }
        self.time = time
        animator.advance(to: time)
    }

    /// Animation blocks that ended since the last call, oldest first.
    public func takeCompletions() -> [AnimationCompletion] { animator.takeCompletions() }

    /// The on-screen state of `view` at the current time: model values plus every running animation's
    /// remaining offset.
    ///
    /// It allocates nothing: offsets are summed in SIMD lanes, with the same arithmetic as
    /// `Animator.offset(_:of:components:at:)`. Frames read the same values, rounded to a micro-point,
    /// from the engine's snapshot (`updatePresentation()`, `forEachPresentationChange(since:_:)`).
    public func presentation(of view: View) -> ViewState {
        Self.presentation(frame: view.frame, boundsOrigin: view.boundsOrigin, alpha: view.alpha,
                          transform: view.transform,
                          offsets: animator.presentationOffsets(of: ObjectIdentifier(view), at: time))
    }

    /// Model values plus animation offsets (nil: the view has no animations), summed in SIMD lanes.
    static func presentation(frame model: Rect, boundsOrigin: Point, alpha: Double, transform t: AffineTransform,
                             offsets: PresentationOffsets?) -> ViewState {
        guard let offsets else {
            return ViewState(frame: model, bounds: Rect(origin: boundsOrigin, size: model.size),
                             alpha: alpha, transform: t)
        }
        var frame = SIMD8<Double>(model.origin.x, model.origin.y, model.size.width, model.size.height, 0, 0, 0, 0)
        var bounds = SIMD8<Double>(boundsOrigin.x, boundsOrigin.y, 0, 0, 0, 0, 0, 0)
        var alpha = SIMD8<Double>(alpha, 0, 0, 0, 0, 0, 0, 0)
        var transform = SIMD8<Double>(t.a, t.b, t.c, t.d, t.tx, t.ty, 0, 0)
        if let offset = offsets.frame { frame += offset }
        if let offset = offsets.boundsOrigin { bounds += offset }
        if let offset = offsets.alpha { alpha += offset }
        if let offset = offsets.transform { transform += offset }
        let presentedFrame = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
        return ViewState(
            frame: presentedFrame,
            bounds: Rect(origin: Point(x: bounds[0], y: bounds[1]), size: presentedFrame.size),
            alpha: alpha[0],
            transform: AffineTransform(a: transform[0], b: transform[1], c: transform[2], d: transform[3],
                                       tx: transform[4], ty: transform[5]))
    }
}
