import AutoLayout

/// Turns presentation states into `frames` messages carrying only what changed since the last one sent.
struct FrameStream {
    private var sent: [String: ViewState] = [:]
    private var sentKeyboard: Rect?
    private(set) var sequence = 0
    /// Set by `load`: the next message lists every view and field.
    var sendsEverything = true

    /// The next `frames` message for `engine`'s current presentation, or nil when nothing changed.
    mutating func next(for engine: LayoutEngine) -> [String: Any]? {
        guard let (views, keyboard) = takeChanges(of: engine) else { return nil }
        sequence += 1
        var message: [String: Any] = [
            "type": "frames", "seq": sequence, "time": Self.number(engine.time),
            "views": views, "final": !engine.isAnimating,
        ]
        if let keyboard { message["keyboard"] = Self.numbers(keyboard.components) }
        return message
    }

    /// Records the current presentation as sent without making a message.
    mutating func markSent(_ engine: LayoutEngine) {
        _ = takeChanges(of: engine)
    }

    /// The changed fields per view and the keyboard frame if it changed; nil when nothing changed.
    private mutating func takeChanges(of engine: LayoutEngine) -> ([String: Any], Rect?)? {
        let everything = sendsEverything
        if everything { sent.removeAll() }
        var views: [String: Any] = [:]
        for view in [engine.root] + engine.views {
            let state = engine.presentation(of: view)
            let previous = everything ? nil : sent[view.identifier]
            var fields: [String: Any] = [:]
            if previous?.frame != state.frame { fields["frame"] = Self.numbers(state.frame.components) }
            if previous?.bounds != state.bounds { fields["bounds"] = Self.numbers(state.bounds.components) }
            if previous?.alpha != state.alpha { fields["alpha"] = Self.number(state.alpha) }
            if previous?.transform != state.transform {
                fields["transform"] = Self.numbers(state.transform.components)
            }
            sent[view.identifier] = state
            if !fields.isEmpty { views[view.identifier] = fields }
        }
        let live = Set(engine.views.map(\.identifier) + ["root"])
        for id in sent.keys where !live.contains(id) { sent[id] = nil }
        let keyboard = engine.presentation(of: engine.keyboard).frame
        let keyboardChanged = everything || keyboard != sentKeyboard
        sentKeyboard = keyboard
        guard everything || !views.isEmpty || keyboardChanged else { return nil }
        sendsEverything = false
        return (views, keyboardChanged ? keyboard : nil)
    }

    /// Rounds to a micro-point so streams carry no floating-point noise, and writes −0 as 0.
    static func number(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 + 0 }

    static func numbers(_ values: [Double]) -> [Double] { values.map(number) }
}
