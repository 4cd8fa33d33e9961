import AutoLayout

/// `pause`, `resume` and `seek`: the animation timeline, as the simulator's controls and a scrubber.
extension Session {
    /// `{"type":"pause"}`: stops the real-time clock; animations hold where they are.
    func pause() {
        clock.pause(now: transportTime)
        scene.engine.keepsTimeline = true
    }

    /// `{"type":"resume"}`: the real-time clock runs on from where it stopped.
    func resume() {
        clock.resume(now: transportTime)
        scene.engine.keepsTimeline = clock.isStopped
    }

    /// `{"type":"seek","time":1.5}`: shows the animations at `time` (session seconds, backwards
    /// included) while the clock is manual or paused. Animations that ended while it was stopped are
    /// kept, so a scrubber can replay them.
    func seek(_ message: Fields) throws {
        guard clock.isStopped else {
            throw ProtocolError("clock-not-manual", "seek needs the manual clock or a paused one")
        }
        guard let time = try message.number("time") else { throw ProtocolError.missing("time", in: "seek") }
        guard time >= 0, time <= 1e7 else { throw ProtocolError.invalid("time", "seconds in 0…1e7") }
        clock.seek(to: time)
        scene.engine.seek(to: time)
    }
}
