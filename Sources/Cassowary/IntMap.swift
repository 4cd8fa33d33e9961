/// Multiplicative hash of a non-negative symbol id (Fibonacci hashing); cheap and deterministic,
/// unlike `Hasher`, which is seeded per process and costs a SipHash round per lookup.
@inline(__always) func symbolHash(_ key: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
}

/// An open-addressing hash map from non-negative `Int` symbol ids to `Double`, with linear probing (load at
/// most 3/4, capacity 4 at first: most rows and columns hold a handful of symbols) and
/// backward-shift deletion (no tombstones). Value type with copy-on-write storage. Iteration order is a
/// deterministic function of the operations performed.
struct IntMap: Sequence {
    /// Bucket keys; -1 marks an empty bucket. Capacity is 0 or a power of two.
    private(set) var bucketKeys: ContiguousArray<Int>
    private(set) var bucketValues: ContiguousArray<Double>
    private(set) var count: Int

    init() {
        bucketKeys = []
        bucketValues = []
        count = 0
    }

    var isEmpty: Bool { count == 0 }

    /// Bucket holding `key`, if any.
    @inline(__always) func index(forKey key: Int) -> Int? {
        let capacity = bucketKeys.count
        if capacity == 0 { return nil }
        let mask = capacity - 1
        var i = symbolHash(key) & mask
        while true {
            let k = bucketKeys[i]
            if k == key { return i }
            if k < 0 { return nil }
            i = (i + 1) & mask
        }
    }

    @inline(__always) func value(at index: Int) -> Double { bucketValues[index] }
    @inline(__always) mutating func setValue(_ value: Double, at index: Int) { bucketValues[index] = value }

    subscript(key: Int) -> Double? {
        get {
            guard let i = index(forKey: key) else { return nil }
            return bucketValues[i]
        }
        set {
            if let v = newValue {
                if let i = index(forKey: key) { bucketValues[i] = v } else { insertNew(key, v) }
            } else {
                _ = removeValue(forKey: key)
            }
        }
    }

    /// Inserts a key known to be absent.
    mutating func insertNew(_ key: Int, _ value: Double) {
        if (count + 1) * 4 > bucketKeys.count * 3 { grow() }
        let mask = bucketKeys.count - 1
        var i = symbolHash(key) & mask
        while bucketKeys[i] >= 0 { i = (i + 1) & mask }
        bucketKeys[i] = key
        bucketValues[i] = value
        count += 1
    }

    @discardableResult
    mutating func removeValue(forKey key: Int) -> Double? {
        guard let i = index(forKey: key) else { return nil }
        let v = bucketValues[i]
        remove(at: i)
        return v
    }

    /// Removes the entry in bucket `index` (backward-shift deletion).
    mutating func remove(at index: Int) {
        let mask = bucketKeys.count - 1
        var hole = index
        var j = index
        while true {
            j = (j + 1) & mask
            let k = bucketKeys[j]
            if k < 0 { break }
            let home = symbolHash(k) & mask
            // Keep k where it is if its home lies cyclically in (hole, j].
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if stays { continue }
            bucketKeys[hole] = k
            bucketValues[hole] = bucketValues[j]
            hole = j
        }
        bucketKeys[hole] = -1
        count -= 1
    }

    mutating func removeAll() {
        bucketKeys = []
        bucketValues = []
        count = 0
    }

    private mutating func grow() {
        let newCapacity = Swift.max(4, bucketKeys.count * 2)
        let oldKeys = bucketKeys
        let oldValues = bucketValues
        bucketKeys = ContiguousArray(repeating: -1, count: newCapacity)
        bucketValues = ContiguousArray(repeating: 0, count: newCapacity)
        let mask = newCapacity - 1
        for b in oldKeys.indices where oldKeys[b] >= 0 {
            var i = symbolHash(oldKeys[b]) & mask
            while bucketKeys[i] >= 0 { i = (i + 1) & mask }
            bucketKeys[i] = oldKeys[b]
            bucketValues[i] = oldValues[b]
        }
    }

    /// Multiplies every value by `factor`.
    mutating func scaleAll(by factor: Double) {
        for i in bucketKeys.indices where bucketKeys[i] >= 0 { bucketValues[i] *= factor }
    }

    /// The keys, in bucket order.
    var keys: [Int] {
        var out: [Int] = []
        out.reserveCapacity(count)
        for k in bucketKeys where k >= 0 { out.append(k) }
        return out
    }

    struct Iterator: IteratorProtocol {
        let keys: ContiguousArray<Int>
        let values: ContiguousArray<Double>
        var i = 0
        @inline(__always) mutating func next() -> (key: Int, value: Double)? {
            while i < keys.count {
                let k = keys[i]
                i += 1
                if k >= 0 { return (k, values[i - 1]) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(keys: bucketKeys, values: bucketValues) }
}

/// An open-addressing hash set of non-negative `Int` symbol ids (same scheme as ``IntMap``).
struct IntSet: Sequence {
    private(set) var buckets: ContiguousArray<Int>
    private(set) var count: Int

    init() {
        buckets = []
        count = 0
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always) func index(of key: Int) -> Int? {
        let capacity = buckets.count
        if capacity == 0 { return nil }
        let mask = capacity - 1
        var i = symbolHash(key) & mask
        while true {
            let k = buckets[i]
            if k == key { return i }
            if k < 0 { return nil }
            i = (i + 1) & mask
        }
    }

    func contains(_ key: Int) -> Bool { index(of: key) != nil }

    mutating func insert(_ key: Int) {
        if index(of: key) != nil { return }
        insertNew(key)
    }

    /// Inserts a key known to be absent.
    mutating func insertNew(_ key: Int) {
        if (count + 1) * 4 > buckets.count * 3 { grow() }
        let mask = buckets.count - 1
        var i = symbolHash(key) & mask
        while buckets[i] >= 0 { i = (i + 1) & mask }
        buckets[i] = key
        count += 1
    }

    mutating func remove(_ key: Int) {
        guard let index = index(of: key) else { return }
        let mask = buckets.count - 1
        var hole = index
        var j = index
        while true {
            j = (j + 1) & mask
            let k = buckets[j]
            if k < 0 { break }
            let home = symbolHash(k) & mask
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if stays { continue }
            buckets[hole] = k
            hole = j
        }
        buckets[hole] = -1
        count -= 1
    }

    mutating func removeAll() {
        buckets = []
        count = 0
    }

    private mutating func grow() {
        let newCapacity = Swift.max(4, buckets.count * 2)
        let old = buckets
        buckets = ContiguousArray(repeating: -1, count: newCapacity)
        let mask = newCapacity - 1
        for k in old where k >= 0 {
            var i = symbolHash(k) & mask
            while buckets[i] >= 0 { i = (i + 1) & mask }
            buckets[i] = k
        }
    }

    struct Iterator: IteratorProtocol {
        let buckets: ContiguousArray<Int>
        var i = 0
        @inline(__always) mutating func next() -> Int? {
            while i < buckets.count {
                let k = buckets[i]
                i += 1
                if k >= 0 { return k }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(buckets: buckets) }
}
