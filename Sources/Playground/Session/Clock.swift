/// A session's time (seconds): real time from the transport, or a manual clock moved only by `advance`
/// so tests and demos can look at any instant of an animation.
struct Clock {
    enum Mode: String { case realtime, manual }

    private(set) var mode: Mode = .realtime
    /// Frames per second streamed while animating under the real-time clock: 30, 60 or 120.
    var framesPerSecond = 60
    /// Session time = transport time − offset under the real-time clock.
    private var offset: Double
    private var manualTime = 0.0

    init(now: Double) {
        offset = now
    }

    /// The session time at transport time `now`.
    func time(at now: Double) -> Double {
        mode == .manual ? manualTime : now - offset
    }

    /// Switches mode without a jump: the manual clock starts where real time was, and back.
    mutating func set(_ newMode: Mode, now: Double) {
        guard newMode != mode else { return }
        if newMode == .manual {
            manualTime = now - offset
        } else {
            offset = now - manualTime
        }
        mode = newMode
    }

    /// Moves the manual clock forward by `seconds`.
    mutating func advance(by seconds: Double) {
        manualTime += seconds
    }
}
