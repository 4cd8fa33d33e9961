/// Linear probing shared by the solver's open-addressing tables (``IntMap``, ``IntSet``,
/// ``IdentityTable``): hashing, the probe for a key, the empty bucket a new key goes to, growth, and
/// backward-shift deletion (no tombstones), written once.

/// Multiplicative hash of a non-negative symbol id (Fibonacci hashing); cheap and deterministic,
/// unlike `Hasher`, which is seeded per process and costs a SipHash round per lookup.
@inline(__always) func symbolHash(_ key: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
}

/// Home bucket of `key` in a table of `capacity` buckets (any capacity: multiply-shift range reduction
/// of the 32-bit hash, so tables can grow by 1.5 and 4/3 instead of doubling).
@inline(__always) func homeBucket(_ key: Int, _ capacity: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: symbolHash(key)) &* UInt64(truncatingIfNeeded: capacity)) >> 32)
}

/// The bucket after `i` in a table of `capacity` buckets (wrapping to 0).
@inline(__always) func nextBucket(_ i: Int, _ capacity: Int) -> Int {
    i + 1 == capacity ? 0 : i + 1
}

/// Linear probe for `key` in a table of `capacity` 32-bit keys with -1 for empty buckets: the bucket
/// holding it (`found`), or the empty bucket where the probe ended.
@inline(__always) func probe(_ key: Int32, _ keys: UnsafeMutablePointer<Int32>, _ capacity: Int) -> (index: Int, found: Bool) {
    var i = homeBucket(Int(key), capacity)
    while true {
        let k = keys[i]
        if k == key { return (i, true) }
        if k < 0 { return (i, false) }
        i = nextBucket(i, capacity)
    }
}

/// The empty bucket a key known to be absent goes to: the first empty one from its home bucket, in a
/// table of `capacity` 32-bit keys with -1 for empty buckets (at least one is empty).
@inline(__always) func emptyBucket(for key: Int, _ keys: UnsafeMutablePointer<Int32>, _ capacity: Int) -> Int {
    var i = homeBucket(key, capacity)
    while keys[i] >= 0 { i = nextBucket(i, capacity) }
    return i
}

/// Next capacity of a hash table: doubling up to 16, then alternately ×1.5 and ×4/3 (16, 24, 32, 48, …).
@inline(__always) func grownCapacity(_ capacity: Int) -> Int {
    if capacity < 16 { return Swift.max(4, capacity * 2) }
    return capacity & (capacity - 1) == 0 ? capacity * 3 / 2 : capacity * 4 / 3
}

/// Backward-shift deletion (Knuth, TAOCP vol. 3, §6.4, Algorithm R) of the entry in bucket `index` of a
/// linearly probed table of `capacity` buckets: each later entry of the probe run moves back into the
/// hole unless its home bucket lies cyclically in (hole, its bucket], so every probe still finds its key
/// without tombstones. `home(b)` is the home bucket of the entry in bucket `b`, nil when `b` is empty
/// (the run ends); `move(from, to)` moves an entry; `clear(b)` empties the last hole.
@inline(__always) func removeByBackwardShift(
    _ index: Int, capacity: Int, home: (_ bucket: Int) -> Int?,
    move: (_ from: Int, _ to: Int) -> Void, clear: (_ bucket: Int) -> Void
) {
    var hole = index
    var j = index
    while true {
        j = nextBucket(j, capacity)
        guard let h = home(j) else { break }
        let stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
        if stays { continue }
        move(j, hole)
        hole = j
    }
    clear(hole)
}
