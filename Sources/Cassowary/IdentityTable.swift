/// A hash map from non-zero `Int` keys (variable ids, object addresses) to values: the values in one
/// dense array, found through an open-addressing table of bucket → position (linear probing, Fibonacci
/// hashing, power-of-two capacity at most 3/4 full, backward-shift deletion). It replaces `Dictionary`
/// where the solver looks a variable or a constraint up on every call: a multiply instead of a SipHash
/// round per lookup, in no more memory. No iteration order is offered.
struct IdentityTable<Value> {
    /// Key of each bucket, 0 for an empty one.
    private var bucketKeys: [Int] = []
    /// Position in `values` of each bucket's entry.
    private var positions: [Int32] = []
    private var values: [Value] = []
    /// Key of each entry of `values` (to move the last entry into a hole on removal).
    private var valueKeys: [Int] = []
    private var shift = 64

    init() {}

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    /// Home bucket of `key` (the top bits of key × 2⁶⁴/φ).
    @inline(__always) private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The bucket holding `key`, or the empty bucket where its probe ends (-1 for an empty table).
    @inline(__always) private func bucket(of key: Int) -> (index: Int, found: Bool) {
        guard !bucketKeys.isEmpty else { return (-1, false) }
        let mask = bucketKeys.count - 1
        var i = home(key)
        while true {
            let k = bucketKeys[i]
            if k == key { return (i, true) }
            if k == 0 { return (i, false) }
            i = (i + 1) & mask
        }
    }

    /// The position of `key`'s value, valid until an entry is removed.
    func index(forKey key: Int) -> Int? {
        let (b, found) = bucket(of: key)
        return found ? Int(positions[b]) : nil
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
                values[Int(positions[b])] = newValue
                return
            }
            if (values.count + 1) * 4 > bucketKeys.count * 3 {
                grow()
                b = bucket(of: key).index
            }
            bucketKeys[b] = key
            positions[b] = Int32(values.count)
            values.append(newValue)
            valueKeys.append(key)
        }
    }

    /// Removes `key` and returns its value, if it had one.
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        let (b, found) = bucket(of: key)
        guard found else { return nil }
        let position = Int(positions[b])
        clearBucket(b)
        // Move the last entry into the hole.
        let last = values.count - 1
        values.swapAt(position, last)
        valueKeys.swapAt(position, last)
        if position != last { positions[bucket(of: valueKeys[position]).index] = Int32(position) }
        valueKeys.removeLast()
        return values.removeLast()
    }

    mutating func removeAll() { self = IdentityTable() }

    /// Empties bucket `index`, shifting back the entries of its probe run.
    private mutating func clearBucket(_ index: Int) {
        let mask = bucketKeys.count - 1
        var hole = index
        var j = index
        while true {
            j = (j + 1) & mask
            let k = bucketKeys[j]
            if k == 0 { break }
            let h = home(k)
            // Keep k where it is if its home lies cyclically in (hole, j].
            let stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
            if stays { continue }
            bucketKeys[hole] = k
            positions[hole] = positions[j]
            hole = j
        }
        bucketKeys[hole] = 0
    }

    private mutating func grow() {
        let capacity = Swift.max(8, bucketKeys.count * 2)
        bucketKeys = Array(repeating: 0, count: capacity)
        positions = Array(repeating: 0, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for (position, key) in valueKeys.enumerated() {
            let b = bucket(of: key).index
            bucketKeys[b] = key
            positions[b] = Int32(position)
        }
    }
}
