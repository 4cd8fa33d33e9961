/// When the supervisor starts a serving process again after it died abnormally, and when it gives up.
///
/// Back-off: a restart waits `initialDelay × 2^k`, at most `maximumDelay`, where k is the number of
/// restarts within the last `window` seconds (with the defaults: 0.1, 0.2, 0.4, … 3.2, then 5 s). A
/// process that has run for a whole window without dying therefore restarts after `initialDelay` again.
///
/// Give-up: a death while `maximumRestarts` restarts already happened within the last `window` seconds
/// ends supervision, so a crash loop stops after about 30 s with the defaults (10 restarts whose
/// delays sum to 0.1 + 0.2 + 0.4 + 0.8 + 1.6 + 3.2 + 4 × 5 = 26.3 s, plus each start's own time).
/// These are systemd's `RestartSec` with a doubling step and `StartLimitBurst`/`StartLimitIntervalSec`.
///
/// Time comes from `clock` (seconds, monotonic, any origin), so tests can drive it by hand.
struct RestartPolicy: Sendable {
    /// What to do about one abnormal death.
    enum Decision: Equatable, Sendable {
        /// Start the process again after `delay` seconds; `number` counts restarts since the supervisor
        /// started (1 for the first).
        case restart(number: Int, delay: Double)
        /// Stop supervising: `restarts` restarts happened within the last `window` seconds.
        case giveUp(restarts: Int)
    }

    /// Seconds before the first restart of a quiet window (default 0.1).
    var initialDelay: Double = 0.1
    /// The longest wait before a restart, in seconds (default 5).
    var maximumDelay: Double = 5
    /// Restarts allowed within `window` (default 10).
    var maximumRestarts = 10
    /// The give-up window, in seconds (default 60).
    var window: Double = 60

    private let clock: @Sendable () -> Double
    /// Clock readings of the restarts still within the window, oldest first.
    private var recentRestarts: [Double] = []
    /// Restarts since the policy was made.
    private(set) var restartCount = 0

    /// A policy with the default limits, reading time from `clock` (seconds).
    init(clock: @escaping @Sendable () -> Double) {
        self.clock = clock
    }

    /// Records an abnormal death at the clock's current time and decides what follows it. A restart
    /// counts from this moment (not from when its delay ends), so the window is measured between deaths.
    mutating func decideAfterAbnormalExit() -> Decision {
        let now = clock()
        // A restart exactly `window` seconds old has left the window: the window is (now − window, now].
        recentRestarts.removeAll { now - $0 >= window }
        guard recentRestarts.count < maximumRestarts else { return .giveUp(restarts: recentRestarts.count) }
        // The shift is capped so that a large count cannot overflow before the minimum applies.
        let delay = min(initialDelay * Double(1 << min(recentRestarts.count, 30)), maximumDelay)
        recentRestarts.append(now)
        restartCount += 1
        return .restart(number: restartCount, delay: delay)
    }
}
