import AutoLayout

/// One reader of an engine's presentation snapshot: turns what changed since the generation it last
/// sent into the next `frames` message, written by `JSONWriter` into the buffer the transport lends.
///
/// It keeps no copy of the tree, only the generation it sent and the engine it belongs to
/// (`LayoutEngine.updatePresentation()`): values are compared once, in the snapshot, after rounding to
/// a micro-point, the precision they are sent with, so a field is sent only when the client would see
/// a different number.
struct FrameStream {
    /// The engine `sentGeneration` counts in; another engine (a scene loaded meanwhile) is sent whole.
    private weak var engine: LayoutEngine?
    /// The snapshot generation the client has seen; 0: nothing.
    private var sentGeneration: UInt64 = 0
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
        let generation = engine.updatePresentation()
        let seen = seenGeneration(of: engine)
        // Started before looking: a turn with nothing to send still ends the buffer's last message, so
        // the next one finds a block sized for it (`MessageBuffer.begin`).
        var writer = JSONWriter(into: buffer)
        guard seen == 0 || generation > seen || (final && !sentFinal) else { return false }
        writer.beginFrames(sequence: sequence + 1, time: engine.time, final: final)
        engine.forEachPresentationChange(since: seen) { writer.presentedView($0) }
        let keyboard = engine.keyboardPresentation(since: seen)
        writer.endFrames(keyboard: keyboard.changed ? keyboard.frame : nil)
        writer.finish()
        sequence += 1
        sentFinal = final
        recordSent(generation, of: engine)
        return true
    }

    /// Records the current presentation as sent without making a message.
    mutating func markSent(_ engine: LayoutEngine) {
        recordSent(engine.updatePresentation(), of: engine)
    }

    /// The generation of `engine` the client has seen: 0 (nothing) for a stream that must send
    /// everything or last sent another engine.
    private func seenGeneration(of engine: LayoutEngine) -> UInt64 {
        sendsEverything || self.engine !== engine ? 0 : sentGeneration
    }

    private mutating func recordSent(_ generation: UInt64, of engine: LayoutEngine) {
        self.engine = engine
        sentGeneration = generation
        sendsEverything = false
    }
}
