/// What a view looks like at one moment: the values a frame stream carries.
public struct ViewState: Hashable, Sendable {
    /// Superview space, points (untransformed).
    public var frame: Rect
    public var bounds: Rect
    public var alpha: Double
    public var transform: AffineTransform
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
    @discardableResult
    public func animate(duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut,
                        _ changes: () throws -> Void) rethrows -> AnimationGroupID {
        let group = animator.begin(duration: max(0, duration), delay: max(0, delay), curve: curve)
        defer { animator.end() }
        try changes()
        return group
    }

    /// True while any animation runs.
    public var isAnimating: Bool { animator.isAnimating }

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
    public func presentation(of view: View) -> ViewState {
        var frame = view.frame.components
        var bounds = [view.boundsOrigin.x, view.boundsOrigin.y]
        var alpha = [view.alpha]
        var transform = view.transform.components
        if animator.running[ObjectIdentifier(view)] != nil {
            func apply(_ property: AnimatedProperty, _ values: inout [Double]) {
                guard let offset = animator.offset(property, of: view, components: values.count, at: time) else {
                    return
                }
                for index in values.indices { values[index] += offset[index] }
            }
            apply(.frame, &frame)
            apply(.boundsOrigin, &bounds)
            apply(.alpha, &alpha)
            apply(.transform, &transform)
        }
        let presentedFrame = Rect(components: frame) ?? view.frame
        return ViewState(
            frame: presentedFrame,
            bounds: Rect(origin: Point(x: bounds[0], y: bounds[1]), size: presentedFrame.size),
            alpha: alpha[0],
            transform: AffineTransform(components: transform) ?? view.transform)
    }
}
