/// A token bucket on an injected clock: `capacity` tokens, refilled at `rate` per second.
///
/// `take` admits an event when a whole token is there; `spend` charges work after the fact and may
/// leave the bucket in debt, which `isInDebt` reports until the refill pays it back.
public struct TokenBucket: Sendable, Equatable {
    public let rate: Double
    public let capacity: Double
    public private(set) var tokens: Double
    private var last: Double?

    /// A full bucket.
    public init(rate: Double, capacity: Double) {
        self.rate = max(0, rate)
        self.capacity = max(1, capacity)
        tokens = self.capacity
    }

    /// A bucket holding `tokens` (at most `capacity`): one restored from a journal.
    public init(rate: Double, capacity: Double, tokens: Double) {
        self.init(rate: rate, capacity: capacity)
        self.tokens = min(self.capacity, tokens)
    }

    /// This bucket holding `level` tokens (a level kept when its session's connection went away) plus
    /// what `rate` earns in `seconds` (negative counts as 0), at most `capacity`; a debt (a level below
    /// zero) is kept as such. Itself, unchanged, when `level` is nil.
    public func restored(level: Double?, after seconds: Double) -> TokenBucket {
        guard let level else { return self }
        return TokenBucket(rate: rate, capacity: capacity, tokens: level + rate * max(0, seconds))
    }

    /// Adds what `rate` earned since the previous call (time never runs backwards here).
    public mutating func refill(now: Double) {
        guard let last else {
            self.last = now
            return
        }
        if now > last {
            tokens = min(capacity, tokens + (now - last) * rate)
            self.last = now
        }
    }

    /// Takes one token at `now` if there is one.
    public mutating func take(now: Double) -> Bool {
        refill(now: now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Charges `amount` at `now`, possibly into debt.
    public mutating func spend(_ amount: Double, now: Double) {
        refill(now: now)
        tokens -= amount
    }

    /// True while spending exceeded the refill.
    public var isInDebt: Bool { tokens < 0 }
}
