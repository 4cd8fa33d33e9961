/// `follow` attempts per remote address, as token buckets: a client guessing join codes gets
/// `rate-limited` after `burst` quick tries, then `rate` per second. The 40 bits of a code then take
/// about 10¹² / 2 seconds per address to sweep on average.
public struct FollowAttempts {
    /// Attempts per second per address, on average.
    public let rate: Double
    /// Attempts an address may make at once.
    public let burst: Int
    private var buckets: [String: TokenBucket] = [:]

    public init(rate: Double, burst: Int) {
        self.rate = rate
        self.burst = burst
    }

    /// Takes one attempt for `address` at `now` (seconds); false when it has none left.
    public mutating func admit(_ address: String, now: Double) -> Bool {
        // Full buckets hold nothing worth keeping: drop them so the table stays as small as the abuse.
        if buckets.count > 10_000 {
            buckets = buckets.filter { var bucket = $0.value; bucket.refill(now: now); return bucket.tokens < Double(burst) }
        }
        var bucket = buckets[address] ?? TokenBucket(rate: rate, capacity: Double(burst))
        let admitted = bucket.take(now: now)
        buckets[address] = bucket
        return admitted
    }
}
