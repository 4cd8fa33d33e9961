/// A hash map from non-zero `Int` keys (variable ids, object addresses) to values: keys and values in
/// two dense arrays, found through an open-addressing table of 32-bit positions (linear probing,
/// Fibonacci hashing, power-of-two capacity at most 3/4 full, backward-shift deletion; a removal moves
/// the last entry into the hole). It replaces `Dictionary` where the solver looks a variable or a
/// constraint up on every call: a multiply instead of a SipHash round per lookup, in less memory (4 bytes
/// per bucket). No iteration order is offered.
struct IdentityTable<Value> {
    /// Position in `keys` and `values` of each bucket's entry, -1 for an empty bucket.
    private var buckets: [Int32] = []
    private var keys: [Int] = []
    private var values: [Value] = []
    private var shift = 64

    init() {}

    var count: Int { values.count }

    /// Gives back the spare capacity of the entry arrays (`Array.fitCapacity()`); the buckets stay.
    mutating func fitCapacities() {
        keys.fitCapacity()
        values.fitCapacity()
    }
    var isEmpty: Bool { values.isEmpty }

    /// Home bucket of `key` (the top bits of key × 2⁶⁴/φ).
    @inline(__always) private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The bucket holding `key`, or the empty bucket where its probe ends (-1 for an empty table).
    @inline(__always) private func bucket(of key: Int) -> (index: Int, found: Bool) {
        guard !buckets.isEmpty else { return (-1, false) }
        let mask = buckets.count - 1
        var i = home(key)
        while true {
            let position = buckets[i]
            if position < 0 { return (i, false) }
            if keys[Int(position)] == key { return (i, true) }
            i = (i + 1) & mask
        }
    }

    /// The position of `key`'s value, valid until an entry is removed.
    func index(forKey key: Int) -> Int? {
        let (b, found) = bucket(of: key)
        return found ? Int(buckets[b]) : nil
    }

    /// The value at `index` (from ``index(forKey:)``), read and changed in place.
    subscript(valueAt index: Int) -> Value {
        get { values[index] }
        set { values[index] = newValue }
    }

    /// The value of `key` (non-zero); assigning nil removes it.
    subscript(key: Int) -> Value? {
        get { index(forKey: key).map { values[$0] } }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            var (b, found) = bucket(of: key)
            if found {
                values[Int(buckets[b])] = newValue
                return
            }
            if (values.count + 1) * 4 > buckets.count * 3 {
                grow()
                b = bucket(of: key).index
            }
            buckets[b] = Int32(values.count)
            keys.append(key)
            values.append(newValue)
        }
    }

    /// Removes `key` and returns its value, if it had one.
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        let (b, found) = bucket(of: key)
        guard found else { return nil }
        let position = Int(buckets[b])
        clearBucket(b)
        let last = values.count - 1
        if position != last {
            // The last entry moves into the hole; its bucket follows.
            buckets[bucket(of: keys[last]).index] = Int32(position)
            keys.swapAt(position, last)
            values.swapAt(position, last)
        }
        keys.removeLast()
        return values.removeLast()
    }

    mutating func removeAll() { self = IdentityTable() }

    /// Every value, in no particular order (for consistency checks, not for hot paths).
    var unorderedValues: [Value] { values }

    /// Empties bucket `index`, shifting back the entries of its probe run.
    private mutating func clearBucket(_ index: Int) {
        removeByBackwardShift(
            index, capacity: buckets.count,
            home: { b in
                let position = buckets[b]
                return position < 0 ? nil : home(keys[Int(position)])
            },
            move: { from, to in buckets[to] = buckets[from] },
            clear: { b in buckets[b] = -1 })
    }

    private mutating func grow() {
        let capacity = Swift.max(8, buckets.count * 2)
        buckets = Array(repeating: -1, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for (position, key) in keys.enumerated() {
            buckets[bucket(of: key).index] = Int32(position)
        }
    }
}
