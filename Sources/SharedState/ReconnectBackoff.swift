/// The delays between attempts to reach Redis: `initial` after the first failure, doubling after each
/// further one up to `maximum`, back to `initial` once a connection succeeds. With the defaults
/// (0.05 s doubling to 1 s) a Redis that comes back is found again at most about 1 s (plus one connect
/// timeout) later.
public struct ReconnectBackoff: Sendable, Equatable {
    /// The first delay, seconds.
    public var initial: Double
    /// The longest delay, seconds.
    public var maximum: Double
    private var current: Double

    /// A back-off starting at `initial` seconds, doubling up to `maximum` seconds.
    public init(initial: Double = 0.05, maximum: Double = 1) {
        self.initial = initial
        self.maximum = max(initial, maximum)
        current = initial
    }

    /// The delay before the next attempt, seconds; the one after it doubles (up to `maximum`).
    public mutating func next() -> Double {
        let delay = current
        current = min(maximum, current * 2)
        return delay
    }

    /// After a connection succeeded: the next failure waits `initial` again.
    public mutating func reset() { current = initial }
}
