import AutoLayout

/// Turns presentation states into `frames` messages carrying only what changed since the last one sent,
/// encoded straight to JSON text by `FramesEncoder` into the buffer the transport lends.
///
/// Values are compared after rounding to a micro-point, the precision they are sent with, so a field
/// is sent only when the client would see a different number.
struct FrameStream {
    /// The views last sent, in visiting order (root first), and what the client was sent for each.
    /// The views are held so their identities cannot be reused by new views meanwhile. While the view
    /// list stays the same (every frame of an animation), the previous state is found by position and
    /// replaced in place, and no view object is touched: frames read the engine's copy of the tree.
    private var sentViews: [View] = []
    private var sentStates: [Shown] = []
    /// The new list, built only from the first view that differs from `sentViews`.
    private var visitedViews: [View] = []
    private var visitedStates: [Shown] = []
    private var sentKeyboard: Rect?
    private(set) var sequence = 0
    /// Set by `load`: the next message lists every view and field.
    var sendsEverything = true
    /// Whether the last message sent said `final`. After a non-final one the stream owes a final one,
    /// even when the end of an animation changes nothing the client can see (the last steps of an
    /// easing curve round to the same micro-point).
    private var sentFinal = true

    /// A stream that has sent nothing: its first message lists every view.
    init() {}

    /// A stream whose first message lists every view with `seq` `sequence + 1`: a shared session's
    /// complete `frames`, numbered as the stream it stands in for.
    init(sequence: Int) {
        self.sequence = sequence
    }

    /// Renders the next `frames` message for `engine`'s current presentation into `buffer` (its
    /// `message` from then on) and returns true; false (nothing recorded as sent, and the buffer's last
    /// message overwritten) when nothing changed and no final message is owed.
    mutating func renderNext(for engine: LayoutEngine, into buffer: MessageBuffer) -> Bool {
        let final = !engine.isMoving
        var encoder = FramesEncoder(into: buffer)
        encoder.begin(sequence: sequence + 1, time: engine.time, final: final)
        guard let keyboard = takeChanges(of: engine, encoding: true, encoder: &encoder, force: final && !sentFinal) else {
            return false
        }
        sequence += 1
        sentFinal = final
        encoder.end(keyboard: keyboard.changed ? keyboard.frame : nil)
        return true
    }

    /// Records the current presentation as sent without making a message.
    mutating func markSent(_ engine: LayoutEngine) {
        var unused = FramesEncoder()   // never written: `encoding` is false
        _ = takeChanges(of: engine, encoding: false, encoder: &unused)
    }

    /// Compares every view with what was sent, records the new state and (when `encoding`) writes the
    /// changed fields into the `views` of `encoder`. Returns the keyboard's frame and whether it changed,
    /// or nil when nothing changed at all.
    private mutating func takeChanges(of engine: LayoutEngine, encoding: Bool, encoder: inout FramesEncoder,
                                      force: Bool = false) -> (frame: Rect, changed: Bool)? {
        let everything = sendsEverything
        if everything {
            sentViews.removeAll(keepingCapacity: true)
            sentStates.removeAll(keepingCapacity: true)
        }
        var position = 0
        var diverged = false
        var byIdentity: [ObjectIdentifier: Int]?   // built only when the view list changed
        var changedViews = 0
        var lostTrack = false
        engine.forEachPresentation { presented in
            var state = Self.rounded(presented.state)
            state.hidden = presented.isHidden
            let previous: Shown?
            if !diverged, position < sentViews.count, ObjectIdentifier(sentViews[position]) == presented.id {
                previous = sentStates[position]
                sentStates[position] = state
            } else {
                if !diverged {
                    // Views before this one kept their places (and states, already updated); the views
                    // looked up below are none of them, as each view is visited once.
                    diverged = true
                    visitedViews.append(contentsOf: sentViews[..<position])
                    visitedStates.append(contentsOf: sentStates[..<position])
                    byIdentity = Dictionary(sentViews.enumerated().map { (ObjectIdentifier($1), $0) },
                                            uniquingKeysWith: { first, _ in first })
                }
                previous = byIdentity?[presented.id].map { sentStates[$0] }
                if let view = engine.view(presented.identifier) {
                    visitedViews.append(view)
                    visitedStates.append(state)
                } else {
                    // Every view in the tree is named in the engine; should one not be, the lists would
                    // no longer line up, so the next message starts over with everything.
                    lostTrack = true
                }
            }
            position += 1
            if previous == state { return }
            changedViews += 1
            guard encoding else { return }
            encoder.beginView(presented.identifier)
            if previous?.frame != state.frame { encoder.field("frame", state.frame) }
            if previous?.bounds != state.bounds { encoder.field("bounds", state.bounds) }
            if previous?.alpha != state.alpha { encoder.field("alpha", state.alpha) }
            if previous?.transform != state.transform { encoder.field("transform", state.transform) }
            if (previous?.hidden ?? false) != state.hidden { encoder.field("hidden", state.hidden) }
            encoder.endView()
        }
        if diverged {
            swap(&sentViews, &visitedViews)
            swap(&sentStates, &visitedStates)
            // Drop the old list now: it must not keep removed views alive until the next change.
            visitedViews.removeAll(keepingCapacity: true)
            visitedStates.removeAll(keepingCapacity: true)
        } else if position < sentViews.count {
            sentViews.removeSubrange(position...)
            sentStates.removeSubrange(position...)
        }
        let keyboard = Self.rounded(engine.keyboardPresentation.frame)
        let keyboardChanged = everything || keyboard != sentKeyboard
        sentKeyboard = keyboard
        sendsEverything = lostTrack
        guard everything || changedViews > 0 || keyboardChanged || force else { return nil }
        return (keyboard, keyboardChanged)
    }

    /// Rounds to a micro-point so streams carry no floating-point noise, and writes −0 as 0.
    @inline(__always)
    static func number(_ value: Double) -> Double { microPoints(value) / 1e6 + 0 }

    /// `value × 10⁶` rounded to an integer, halves to even. Adding and subtracting 1.5 × 2⁵² rounds in
    /// the floating-point unit's default mode, which a frame's few hundred numbers would otherwise pay
    /// a libm call each for; from 2⁵¹ on every double is an integer already. NaN and infinities pass.
    @inline(__always)
    static func microPoints(_ value: Double) -> Double {
        let scaled = value * 1e6
        guard abs(scaled) < 0x1p51 else { return scaled }
        return (scaled + 0x1.8p52) - 0x1.8p52
    }

    static func numbers(_ values: [Double]) -> [Double] { values.map(number) }

    static func rounded(_ rect: Rect) -> Rect {
        Rect(x: number(rect.origin.x), y: number(rect.origin.y),
             width: number(rect.size.width), height: number(rect.size.height))
    }

    /// A view's presentation as sent: every number rounded by `number`.
    struct Shown: Equatable {
        var frame: Rect
        var bounds: Rect
        var alpha: Double
        var transform: AffineTransform
        /// `isHidden`; sent when it changes (a complete `frames` sends it only when true).
        var hidden = false
    }

    static func rounded(_ state: ViewState) -> Shown {
        let t = state.transform
        return Shown(frame: rounded(state.frame), bounds: rounded(state.bounds), alpha: number(state.alpha),
                         transform: AffineTransform(a: number(t.a), b: number(t.b), c: number(t.c), d: number(t.d),
                                                    tx: number(t.tx), ty: number(t.ty)))
    }
}
