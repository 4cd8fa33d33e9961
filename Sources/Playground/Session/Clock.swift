/// A session's time (seconds): real time from the transport, scaled by a slow-motion `speed` and
/// stoppable with `pause`, or a manual clock moved only by `advance` and `seek`, so tests and demos can
/// look at any instant of an animation.
struct Clock {
    enum Mode: String { case realtime, manual }

    private(set) var mode: Mode = .realtime
    /// Frames per second streamed while animating under the real-time clock: 30, 60 or 120.
    var framesPerSecond = 60
    /// Session seconds per real second: 0.1 is the simulator's Slow Animations.
    private(set) var speed = 1.0
    /// A paused real-time clock stands still until `resume`.
    private(set) var isPaused = false
    /// The session time at transport time `anchorNow`; time runs on from there.
    private var anchorTime = 0.0
    private var anchorNow: Double

    init(now: Double) {
        anchorNow = now
    }

    /// True while time moves only on request (manual, or paused).
    var isStopped: Bool { mode == .manual || isPaused }

    /// The session time at transport time `now`.
    func time(at now: Double) -> Double {
        isStopped ? anchorTime : anchorTime + (now - anchorNow) * speed
    }

    /// Switches mode without a jump: the manual clock starts where real time was, and back.
    mutating func set(_ newMode: Mode, now: Double) {
        reanchor(now)
        mode = newMode
    }

    /// Changes the slow-motion factor from now on.
    mutating func setSpeed(_ newSpeed: Double, now: Double) {
        reanchor(now)
        speed = newSpeed
    }

    mutating func pause(now: Double) {
        reanchor(now)
        isPaused = true
    }

    mutating func resume(now: Double) {
        reanchor(now)
        isPaused = false
    }

    /// Moves a stopped clock forward by `seconds`.
    mutating func advance(by seconds: Double) {
        anchorTime += seconds
    }

    /// Puts a stopped clock at `time`, backwards included.
    mutating func seek(to time: Double) {
        anchorTime = time
    }

    private mutating func reanchor(_ now: Double) {
        anchorTime = time(at: now)
        anchorNow = now
    }
}

extension Clock {
    /// The clock as a journal snapshot keeps it: `mode`, `fps`, `speed`, `paused` and `time` (the
    /// session time it shows).
    func state(at now: Double) -> [String: Any] {
        ["mode": mode.rawValue, "fps": framesPerSecond, "speed": speed, "paused": isPaused, "time": time(at: now)]
    }

    /// The clock `state(at:)` described, showing its `time` at transport time `now`. Throws
    /// `ProtocolError` for a field of the wrong type or out of range.
    init(state: Fields, now: Double) throws {
        self.init(now: now)
        if let name = try state.string("mode") {
            guard let value = Mode(rawValue: name) else { throw ProtocolError.invalid("mode", "\"realtime\" or \"manual\"") }
            mode = value
        }
        if let fps = try state.number("fps"), [30, 60, 120].contains(fps) { framesPerSecond = Int(fps) }
        if let speed = try state.number("speed"), (0.01...10).contains(speed) { self.speed = speed }
        isPaused = try state.bool("paused") ?? false
        anchorTime = try state.number("time") ?? 0
    }
}
