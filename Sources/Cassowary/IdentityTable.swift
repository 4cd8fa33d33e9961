/// A hash map from non-zero `Int` keys (variable ids, object addresses) to values: open addressing with
/// linear probing, Fibonacci hashing into a power-of-two table at most half full, backward-shift
/// deletion. It replaces `Dictionary` where the solver looks a variable or a constraint up on every
/// call: a multiply instead of a SipHash round per lookup. No iteration order is offered.
struct IdentityTable<Value> {
    /// 0 marks an empty bucket.
    private var keys: [Int] = []
    private var values: [Value?] = []
    private var shift = 64
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// Home bucket of `key` (the top bits of key × 2⁶⁴/φ).
    @inline(__always) private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The bucket holding `key`, or the empty bucket where its probe ends (-1 for an empty table).
    @inline(__always) private func find(_ key: Int) -> (index: Int, found: Bool) {
        guard !keys.isEmpty else { return (-1, false) }
        let mask = keys.count - 1
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return (i, true) }
            if k == 0 { return (i, false) }
            i = (i + 1) & mask
        }
    }

    /// The value of `key` (non-zero); assigning nil removes it.
    subscript(key: Int) -> Value? {
        get {
            let (i, found) = find(key)
            return found ? values[i] : nil
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            var (i, found) = find(key)
            if !found {
                if (count + 1) * 2 > keys.count {
                    grow()
                    i = find(key).index
                }
                keys[i] = key
                count += 1
            }
            values[i] = newValue
        }
    }

    /// The bucket holding `key`, valid until the table next changes its keys.
    func index(forKey key: Int) -> Int? {
        let (i, found) = find(key)
        return found ? i : nil
    }

    /// The value in bucket `index` (from ``index(forKey:)``), read and changed in place.
    subscript(valueAt index: Int) -> Value {
        get { values[index].unsafelyUnwrapped }
        set { values[index] = newValue }
    }

    /// Removes `key` and returns its value, if it had one.
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        let (index, found) = find(key)
        guard found else { return nil }
        let old = values[index]
        let mask = keys.count - 1
        var hole = index
        var j = index
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == 0 { break }
            let h = home(k)
            // Keep k where it is if its home lies cyclically in (hole, j].
            let stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
            if stays { continue }
            keys[hole] = k
            values[hole] = values[j]
            hole = j
        }
        keys[hole] = 0
        values[hole] = nil
        count -= 1
        return old
    }

    mutating func removeAll() { self = IdentityTable() }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = Swift.max(16, keys.count * 2)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for (k, v) in zip(oldKeys, oldValues) where k != 0 {
            let i = find(k).index
            keys[i] = k
            values[i] = v
        }
    }
}
