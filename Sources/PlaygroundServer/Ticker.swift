import CLibWebSockets

/// The display-rate tick for animating realtime sessions.
///
/// Ticks fall on an absolute grid (tick k is due at start + k × period) so rounding and callback latency
/// do not accumulate; when the loop falls behind, missed ticks are skipped rather than bunched. The timer
/// only runs while some session wants ticks, so idle sessions cost nothing.
final class Ticker {
    let periodMicros: Int64
    private let timer: ServiceTimer
    private var startMicros: Int64 = 0
    private var index: Int64 = 0
    /// True while a tick is scheduled.
    private(set) var isRunning = false

    /// - Parameters:
    ///   - rate: ticks per second (clamped to 1…1000).
    ///   - owner, callback: as for `ServiceTimer`.
    init(rate: Double, owner: UnsafeMutableRawPointer, callback: sul_cb_t) {
        let clamped = min(max(rate.isFinite ? rate : 60, 1), 1000)
        periodMicros = Int64((1_000_000 / clamped).rounded())
        timer = ServiceTimer(owner: owner, callback: callback)
    }

    /// Starts the grid at `nowMicros` unless already running; the first tick is one period later.
    func start(nowMicros: Int64, context: OpaquePointer) {
        guard !isRunning else { return }
        startMicros = nowMicros
        index = 0
        isRunning = true
        scheduleNext(nowMicros: nowMicros, context: context)
    }

    /// Schedules the next grid point after `nowMicros` (call from the tick callback to keep going).
    func scheduleNext(nowMicros: Int64, context: OpaquePointer) {
        index += 1
        var due = startMicros + index * periodMicros
        if due <= nowMicros {   // fell behind: skip to the next grid point in the future
            index = (nowMicros - startMicros) / periodMicros + 1
            due = startMicros + index * periodMicros
        }
        isRunning = true
        timer.schedule(in: due - nowMicros, context: context)
    }

    /// Stops ticking (the tick callback calls this when no session wants ticks any more).
    func stop() {
        timer.cancel()
        isRunning = false
    }
}
