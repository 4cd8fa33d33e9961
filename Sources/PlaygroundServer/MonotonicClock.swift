import Glibc

/// The transport's time base: CLOCK_MONOTONIC, measured from the moment the clock was made.
struct MonotonicClock {
    private let originMicros: Int64

    init() { originMicros = MonotonicClock.absoluteMicros() }

    /// Microseconds since the clock was made.
    var nowMicros: Int64 { MonotonicClock.absoluteMicros() - originMicros }

    /// Seconds since the clock was made: the `now` handed to sessions.
    var now: Double { Double(nowMicros) / 1_000_000 }

    private static func absoluteMicros() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
    }
}
