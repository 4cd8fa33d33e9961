/// Header of the single allocation behind an ``IntMap`` or ``IntSet``.
struct SmallTableHeader {
    var count: Int32
    var capacity: Int32
}

/// Header access through a pointer: a class's stored property would pay dynamic exclusivity checks.
extension ManagedBuffer where Header == SmallTableHeader {
    @inline(__always) var count32: Int32 {
        get { withUnsafeMutablePointerToHeader { $0.pointee.count } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.count = newValue } }
    }

    @inline(__always) var size: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.capacity) } }
}

/// Storage of an ``IntMap``: one allocation holding `capacity` values (`Double`) followed by `capacity`
/// keys (`Int32`, -1 for an empty bucket).
final class IntMapStorage: ManagedBuffer<SmallTableHeader, Double> {
    static func make(capacity: Int) -> IntMapStorage {
        // capacity doubles for the values, then capacity Int32 keys (capacity / 2 doubles' worth).
        let s = IntMapStorage.create(minimumCapacity: capacity + (capacity + 1) / 2) { _ in
            SmallTableHeader(count: 0, capacity: Int32(capacity))
        }
        let storage = unsafeDowncast(s, to: IntMapStorage.self)
        storage.withUnsafeMutablePointerToElements { p in
            let keys = UnsafeMutableRawPointer(p + capacity).bindMemory(to: Int32.self, capacity: capacity)
            keys.initialize(repeating: -1, count: capacity)
            p.initialize(repeating: 0, count: capacity)
        }
        return storage
    }


    @inline(__always) func withTables<R>(_ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Double>) throws -> R) rethrows -> R {
        let capacity = self.size
        return try withUnsafeMutablePointerToElements { p in
            let keys = UnsafeMutableRawPointer(p + capacity).assumingMemoryBound(to: Int32.self)
            return try body(keys, p)
        }
    }

    /// A copy with `newCapacity` buckets; at the same capacity, bucket for bucket (indices stay valid).
    func copy(capacity newCapacity: Int) -> IntMapStorage {
        let out = IntMapStorage.make(capacity: newCapacity)
        if newCapacity == size {
            withTables { keys, values in
                out.withTables { newKeys, newValues in
                    newKeys.update(from: keys, count: newCapacity)
                    newValues.update(from: values, count: newCapacity)
                }
            }
            out.count32 = count32
            return out
        }
        withTables { keys, values in
            out.withTables { newKeys, newValues in
                for b in 0..<size where keys[b] >= 0 {
                    let i = emptyBucket(for: Int(keys[b]), newKeys, newCapacity)
                    newKeys[i] = keys[b]
                    newValues[i] = values[b]
                }
            }
        }
        out.count32 = count32
        return out
    }
}

/// An open-addressing hash map from non-negative `Int` symbol ids (below 2³¹) to `Double`, with linear
/// probing (load at most 3/4, capacity 4 at first: most rows hold a handful of symbols; growth by
/// ``grownCapacity(_:)``) and backward-shift
/// deletion (no tombstones). One allocation per map (values, then 32-bit keys). Value type with
/// copy-on-write storage. Iteration order is a deterministic function of the operations performed.
struct IntMap: Sequence {
    private(set) var storage: IntMapStorage?

    init() { storage = nil }

    /// An empty map with room for `count` keys: the capacity growth from 4 would reach (so a row built
    /// key by key is allocated once, at the size it would have grown to). No storage for `count` ≤ 0.
    init(minimumCapacity count: Int) {
        guard count > 0 else {
            storage = nil
            return
        }
        var capacity = 4
        while count * 4 > capacity * 3 { capacity = grownCapacity(capacity) }
        storage = IntMapStorage.make(capacity: capacity)
    }

    @inline(__always) var count: Int { storage.map { Int($0.count32) } ?? 0 }
    @inline(__always) var isEmpty: Bool { count == 0 }
    /// Number of buckets (memory accounting and tests).
    var capacity: Int { storage?.size ?? 0 }

    /// Bucket holding `key`, if any.
    @inline(__always) func index(forKey key: Int) -> Int? {
        guard let storage else { return nil }
        return storage.withTables { keys, _ in
            let (i, found) = probe(Int32(truncatingIfNeeded: key), keys, storage.size)
            return found ? i : nil
        }
    }

    @inline(__always) func value(at index: Int) -> Double {
        storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[index] }
    }

    @inline(__always) mutating func setValue(_ value: Double, at index: Int) {
        makeUnique()
        storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[index] = value }
    }

    subscript(key: Int) -> Double? {
        get {
            guard let i = index(forKey: key) else { return nil }
            return value(at: i)
        }
        set {
            if let v = newValue {
                if let i = index(forKey: key) { setValue(v, at: i) } else { insertNew(key, v) }
            } else {
                _ = removeValue(forKey: key)
            }
        }
    }

    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.unsafelyUnwrapped.copy(capacity: storage.unsafelyUnwrapped.size)
        }
    }

    /// Inserts a key known to be absent.
    mutating func insertNew(_ key: Int, _ value: Double) {
        let capacity = storage?.size ?? 0
        if (count + 1) * 4 > capacity * 3 {
            storage = storage?.copy(capacity: grownCapacity(capacity)) ?? IntMapStorage.make(capacity: 4)
        } else {
            makeUnique()
        }
        let s = storage.unsafelyUnwrapped
        s.withTables { keys, values in
            let capacity = s.size
            let i = emptyBucket(for: key, keys, capacity)
            keys[i] = Int32(truncatingIfNeeded: key)
            values[i] = value
        }
        s.count32 += 1
    }

    @discardableResult
    mutating func removeValue(forKey key: Int) -> Double? {
        guard let i = index(forKey: key) else { return nil }
        let v = value(at: i)
        remove(at: i)
        return v
    }

    /// Removes the entry in bucket `index` (backward-shift deletion).
    mutating func remove(at index: Int) {
        makeUnique()
        let s = storage.unsafelyUnwrapped
        s.withTables { keys, values in IntMap.removeBucket(index, keys, values, s.size) }
        s.count32 -= 1
    }

    /// Backward-shift deletion of bucket `index` in a table of `capacity` buckets (count not changed).
    @inline(__always)
    static func removeBucket(_ index: Int, _ keys: UnsafeMutablePointer<Int32>, _ values: UnsafeMutablePointer<Double>, _ capacity: Int) {
        removeByBackwardShift(
            index, capacity: capacity,
            home: { b in keys[b] < 0 ? nil : homeBucket(Int(keys[b]), capacity) },
            move: { from, to in
                keys[to] = keys[from]
                values[to] = values[from]
            },
            clear: { b in keys[b] = -1 })
    }

    mutating func removeAll() { storage = nil }

    /// self += factor × other.
    @inline(__always)
    mutating func add(_ other: IntMap, times factor: Double) {
        add(other, times: factor, NoObserver())
    }

    /// self += factor × other, reporting new cells (`added`) and cells that cancel out (`removed`).
    mutating func add(_ other: IntMap, times factor: Double, added: (Int) -> Void, removed: (Int) -> Void) {
        withoutActuallyEscaping(added) { added in
            withoutActuallyEscaping(removed) { removed in
                add(other, times: factor, ClosureObserver(added: added, removed: removed))
            }
        }
    }

    /// self += factor × other, keeping the column index of row `id` up to date: a new cell's column
    /// gains `id`, a cell that cancels out leaves its column.
    @inline(__always)
    mutating func add(_ other: IntMap, times factor: Double, columns: UnsafeMutablePointer<IntSet>, id: Int) {
        add(other, times: factor, ColumnObserver(columns: columns, id: id))
    }

    /// self += factor × other, cell by cell: a result near zero removes the cell (`observer.removed`), a
    /// new cell is inserted (`observer.added`); one probe per cell of `other`, one uniqueness check per call.
    @inline(__always)
    private mutating func add<O: CellObserver>(_ other: IntMap, times factor: Double, _ observer: O) {
        guard let source = other.storage else { return }
        if storage === source {
            add(IntMap(copying: other), times: factor, observer)
            return
        }
        let sourceSize = source.size
        let (sourceKeys, sourceValues) = source.withTables { ($0, $1) }
        if storage == nil { storage = IntMapStorage.make(capacity: 4) } else { makeUnique() }
        var s = storage.unsafelyUnwrapped
        var capacity = s.size
        var (keys, values) = s.withTables { ($0, $1) }
        let sourceCount = Int(source.count32)
        var seen = 0
        for b in 0..<sourceSize {
            let k32 = sourceKeys[b]
            if k32 < 0 { continue }
            seen += 1
            let key = Int(k32)
            let d = factor * sourceValues[b]
            var (i, found) = probe(k32, keys, capacity)
            if found {
                let v = values[i] + d
                if nearZero(v) {
                    // On the buffer directly (`s` holds a second reference: no uniqueness check here).
                    IntMap.removeBucket(i, keys, values, capacity)
                    s.count32 -= 1
                    observer.removed(key)
                } else {
                    values[i] = v
                }
                continue
            }
            if nearZero(d) { continue }
            if (Int(s.count32) + 1) * 4 > capacity * 3 {
                var newCapacity = grownCapacity(capacity)
                let count = Int(s.count32) + 1
                if (count + sourceCount - seen) * 4 > newCapacity * 3 {
                    // The rest of `other` may need more than one step: grow at once to the capacity the
                    // steps would reach (the peak count, replaying insertions and cancellations).
                    let peak = IntMap.peakCount(count, sourceKeys, sourceValues, b + 1, sourceSize, factor,
                                                keys, values, capacity)
                    while peak * 4 > newCapacity * 3 { newCapacity = grownCapacity(newCapacity) }
                }
                storage = s.copy(capacity: newCapacity)
                s = storage.unsafelyUnwrapped
                capacity = s.size
                (keys, values) = s.withTables { ($0, $1) }
                i = emptyBucket(for: key, keys, capacity)
            }
            keys[i] = k32
            values[i] = d
            s.count32 += 1
            observer.added(key)
        }
        withExtendedLifetime(source) {}
    }

    /// The highest count reached while merging factor × source buckets `start..<end` into the table
    /// (`keys`, `values`, `capacity`) holding `count` entries (one of them not yet written).
    static func peakCount(_ count: Int, _ sourceKeys: UnsafeMutablePointer<Int32>,
                          _ sourceValues: UnsafeMutablePointer<Double>, _ start: Int, _ end: Int,
                          _ factor: Double, _ keys: UnsafeMutablePointer<Int32>,
                          _ values: UnsafeMutablePointer<Double>, _ capacity: Int) -> Int
    {
        var n = count
        var peak = count
        for b in start..<end {
            let k32 = sourceKeys[b]
            if k32 < 0 { continue }
            let d = factor * sourceValues[b]
            let (i, found) = probe(k32, keys, capacity)
            if found {
                if nearZero(values[i] + d) { n -= 1 }
            } else if !nearZero(d) {
                n += 1
                peak = Swift.max(peak, n)
            }
        }
        return peak
    }

    /// A map with its own copy of `other`'s storage.
    init(copying other: IntMap) {
        storage = other.storage.map { $0.copy(capacity: $0.size) }
    }

    /// Multiplies every value by `factor`.
    mutating func scaleAll(by factor: Double) {
        guard storage != nil else { return }
        makeUnique()
        let s = storage.unsafelyUnwrapped
        s.withTables { keys, values in
            for i in 0..<s.size where keys[i] >= 0 { values[i] *= factor }
        }
    }

    /// The keys, in bucket order.
    var keys: [Int] {
        var out: [Int] = []
        out.reserveCapacity(count)
        for (k, _) in self { out.append(k) }
        return out
    }

    struct Iterator: IteratorProtocol {
        let storage: IntMapStorage?
        let keys: UnsafeMutablePointer<Int32>?
        let values: UnsafeMutablePointer<Double>?
        let capacity: Int
        var i = 0

        init(_ storage: IntMapStorage?) {
            self.storage = storage
            if let storage {
                capacity = storage.size
                // The storage is kept alive by `self.storage` for the iterator's lifetime.
                (keys, values) = storage.withTables { ($0, $1) }
            } else {
                capacity = 0
                keys = nil
                values = nil
            }
        }

        @inline(__always) mutating func next() -> (key: Int, value: Double)? {
            while i < capacity {
                let k = keys.unsafelyUnwrapped[i]
                i += 1
                if k >= 0 { return (Int(k), values.unsafelyUnwrapped[i - 1]) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(storage) }
}

/// What a merge (``IntMap/add(_:times:columns:id:)``) reports: cells inserted and cells cancelled out.
protocol CellObserver {
    func added(_ key: Int)
    func removed(_ key: Int)
}

struct NoObserver: CellObserver {
    @inline(__always) func added(_ key: Int) {}
    @inline(__always) func removed(_ key: Int) {}
}

struct ClosureObserver: CellObserver {
    let added: (Int) -> Void
    let removed: (Int) -> Void
    func added(_ key: Int) { added(key) }
    func removed(_ key: Int) { removed(key) }
}

/// Updates the column index (one ``IntSet`` per symbol, at `columns`) for row `id`.
struct ColumnObserver: CellObserver {
    let columns: UnsafeMutablePointer<IntSet>
    let id: Int
    @inline(__always) func added(_ key: Int) { columns[key].insertNew(id) }
    @inline(__always) func removed(_ key: Int) { columns[key].remove(id) }
}

/// Storage of an ``IntSet``: one allocation of `capacity` 32-bit ids. Up to ``IntSet/linearLimit``
/// entries they are kept unordered in the first `count` slots (a column mentioned by a few rows is
/// scanned, not hashed); beyond, an open-addressing table with -1 for empty buckets.
final class IntSetStorage: ManagedBuffer<SmallTableHeader, Int32> {
    static func make(capacity: Int, hashed: Bool) -> IntSetStorage {
        let s = IntSetStorage.create(minimumCapacity: capacity) { _ in
            SmallTableHeader(count: 0, capacity: Int32(capacity))
        }
        let storage = unsafeDowncast(s, to: IntSetStorage.self)
        if hashed { storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: -1, count: capacity) } }
        return storage
    }

}

/// A set of non-negative `Int` ids below 2³¹ (row ids of the column index), with the scheme described
/// at ``IntSetStorage``; a set of one id holds it inline, with no storage (a symbol's column often
/// lists only the row it was created in: one allocation per new marker saved). Value type with
/// copy-on-write storage; deterministic iteration order.
struct IntSet: Sequence {
    /// Sets with at most this many entries are plain arrays.
    static let linearLimit = 8

    private(set) var storage: IntSetStorage?
    /// The one id while `storage` is nil, -1 for none (always -1 while there is storage).
    private var single: Int32 = -1

    init() { storage = nil }

    @inline(__always) var count: Int {
        if let storage { return Int(storage.count32) }
        return single >= 0 ? 1 : 0
    }
    @inline(__always) var isEmpty: Bool { count == 0 }
    /// Whether the entries are hashed (else the first `count` slots hold them).
    @inline(__always) var isHashed: Bool { (storage?.size ?? 0) > IntSet.linearLimit }
    var capacity: Int { storage?.size ?? 0 }

    /// The slot of `key` in the storage (nil when absent or held inline).
    @inline(__always) private func slot(of key: Int) -> Int? {
        guard let storage else { return nil }
        let k32 = Int32(truncatingIfNeeded: key)
        let capacity = storage.size
        let n = Int(storage.count32)
        return storage.withUnsafeMutablePointerToElements { p in
            if capacity <= IntSet.linearLimit {
                for i in 0..<n where p[i] == k32 { return i }
                return nil
            }
            let (i, found) = probe(k32, p, capacity)
            return found ? i : nil
        }
    }

    func contains(_ key: Int) -> Bool {
        if storage == nil { return single >= 0 && Int(single) == key }
        return slot(of: key) != nil
    }

    mutating func insert(_ key: Int) {
        if contains(key) { return }
        insertNew(key)
    }

    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = copy(capacity: storage.unsafelyUnwrapped.size) }
    }

    /// A copy with `newCapacity` slots; at the same capacity, slot for slot (indices stay valid). An
    /// inline id moves into the first slot (`newCapacity` ≤ ``linearLimit``).
    private func copy(capacity newCapacity: Int) -> IntSetStorage {
        let hashed = newCapacity > IntSet.linearLimit
        let out = IntSetStorage.make(capacity: newCapacity, hashed: hashed)
        guard let storage else {
            if single >= 0 {
                out.withUnsafeMutablePointerToElements { $0[0] = single }
                out.count32 = 1
            }
            return out
        }
        let oldCapacity = storage.size
        let n = Int(storage.count32)
        storage.withUnsafeMutablePointerToElements { p in
            out.withUnsafeMutablePointerToElements { q in
                if newCapacity == oldCapacity {
                    q.update(from: p, count: newCapacity)
                } else if !hashed {
                    q.update(from: p, count: n)
                } else {
                    // From the first `n` slots of an array, or from every bucket of a table.
                    let end = oldCapacity > IntSet.linearLimit ? oldCapacity : n
                    for j in 0..<end {
                        let k = p[j]
                        if k < 0 { continue }
                        q[emptyBucket(for: Int(k), q, newCapacity)] = k
                    }
                }
            }
        }
        out.count32 = Int32(n)
        return out
    }

    /// Inserts a key known to be absent.
    @inline(__always)
    mutating func insertNew(_ key: Int) {
        if storage == nil && single < 0 {
            single = Int32(truncatingIfNeeded: key)
            return
        }
        if storage != nil && isKnownUniquelyReferenced(&storage) {
            let s = storage.unsafelyUnwrapped
            let c = s.size
            let n = Int(s.count32)
            if c <= IntSet.linearLimit {
                if n < c {
                    s.withUnsafeMutablePointerToElements { $0[n] = Int32(truncatingIfNeeded: key) }
                    s.count32 += 1
                    return
                }
            } else if (n + 1) * 4 <= c * 3 {
                IntSet.insertHashed(key, s)
                return
            }
        }
        insertNewSlow(key)
    }

    /// Inserts `key` (absent) into the table `s`, which has room.
    @inline(__always)
    private static func insertHashed(_ key: Int, _ s: IntSetStorage) {
        let c = s.size
        s.withUnsafeMutablePointerToElements { p in
            p[emptyBucket(for: key, p, c)] = Int32(truncatingIfNeeded: key)
        }
        s.count32 += 1
    }

    /// ``insertNew(_:)`` when the storage is missing, shared or full.
    @inline(never)
    private mutating func insertNewSlow(_ key: Int) {
        let capacity = storage?.size ?? 0
        let n = count
        if capacity <= IntSet.linearLimit {
            if n == capacity || storage == nil {
                // Arrays grow 4 (from none, or from an inline id), 8 (4 ids take the same malloc
                // chunk as 2); then a hash table of 16 (load ≤ 3/4).
                storage = copy(capacity: capacity == 0 ? 4 : capacity * 2)
            } else {
                makeUnique()
            }
        } else if (n + 1) * 4 > capacity * 3 {
            storage = copy(capacity: grownCapacity(capacity))
        } else {
            makeUnique()
        }
        single = -1  // moved into the storage by `copy`
        let s = storage.unsafelyUnwrapped
        if s.size <= IntSet.linearLimit {
            s.withUnsafeMutablePointerToElements { $0[n] = Int32(truncatingIfNeeded: key) }
            s.count32 += 1
        } else {
            IntSet.insertHashed(key, s)
        }
    }

    mutating func remove(_ key: Int) {
        if storage == nil {
            if single >= 0 && Int(single) == key { single = -1 }
            return
        }
        guard let index = slot(of: key) else { return }
        makeUnique()
        let s = storage.unsafelyUnwrapped
        let c = s.size
        let n = Int(s.count32)
        s.withUnsafeMutablePointerToElements { p in
            if c <= IntSet.linearLimit {
                // Keep the order of the others (deterministic, and cheap at this size).
                var i = index
                while i + 1 < n {
                    p[i] = p[i + 1]
                    i += 1
                }
                return
            }
            removeByBackwardShift(
                index, capacity: c, home: { b in p[b] < 0 ? nil : homeBucket(Int(p[b]), c) },
                move: { from, to in p[to] = p[from] }, clear: { b in p[b] = -1 })
        }
        s.count32 -= 1
        if s.count32 == 0 { storage = nil }
    }

    mutating func removeAll() {
        storage = nil
        single = -1
    }

    struct Iterator: IteratorProtocol {
        let storage: IntSetStorage?
        let elements: UnsafeMutablePointer<Int32>?
        let end: Int
        let hashed: Bool
        var i = 0
        /// The inline id still to return (-1: none).
        var single: Int32

        init(_ storage: IntSetStorage?, single: Int32) {
            self.storage = storage
            self.single = single
            if let storage {
                hashed = storage.size > IntSet.linearLimit
                end = hashed ? storage.size : Int(storage.count32)
                // The storage is kept alive by `self.storage` for the iterator's lifetime.
                elements = storage.withUnsafeMutablePointerToElements { $0 }
            } else {
                hashed = false
                end = 0
                elements = nil
            }
        }

        @inline(__always) mutating func next() -> Int? {
            if single >= 0 {
                defer { single = -1 }
                return Int(single)
            }
            while i < end {
                let k = elements.unsafelyUnwrapped[i]
                i += 1
                if k >= 0 { return Int(k) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(storage, single: storage == nil ? single : -1) }
}
