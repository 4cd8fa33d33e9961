import Testing
@testable import Cassowary

/// The data structures and choices that keep the solver linear on big layouts: the infeasible-row heap,
/// the small hash maps, entering and subject choice by fewest occurrences. (Speed itself is measured by
/// `solver-bench`, never here.)
@Suite struct Scaling {
    @Test func heapPopsInAscendingOrder() {
        var g = LCG(state: 7)
        var heap = SymbolHeap()
        var reference: [Int] = []
        for _ in 0..<500 {
            if g.int(3) == 0, let m = heap.popFirst() {
                #expect(m == reference.min())
                reference.remove(at: reference.firstIndex(of: m)!)
            } else {
                let v = g.int(200)
                heap.push(v)
                reference.append(v)
            }
        }
        var out: [Int] = []
        while let m = heap.popFirst() { out.append(m) }
        #expect(out == reference.sorted())
        #expect(heap.popFirst() == nil)
    }

    /// Stamped symbols pop highest stamp first (the order in which an expansion resolves references).
    @Test func stampedSymbolsPopHighestStampFirst() {
        var heap = BinaryHeap<StampedSymbol>()
        for (stamp, symbol) in [(1.5, 10), (-2, 11), (7, 12), (0, 13), (3.25, 14)] as [(Float, Int)] {
            heap.push(StampedSymbol(stamp: stamp, symbol: symbol))
        }
        var symbols: [Int] = []
        while let top = heap.popFirst() { symbols.append(top.symbol) }
        // Stamps sorted by hand, descending: 7 (12), 3.25 (14), 1.5 (10), 0 (13), -2 (11).
        #expect(symbols == [12, 14, 10, 13, 11])
    }

    @Test func smallMapsMatchDictionary() {
        var g = LCG(state: 11)
        var map = IntMap()
        var set = IntSet()
        var reference: [Int: Double] = [:]
        for _ in 0..<5000 {
            let k = g.int(64)
            if g.int(2) == 0 {
                map[k] = Double(k) + 0.5
                set.insert(k)
                reference[k] = Double(k) + 0.5
            } else {
                map.removeValue(forKey: k)
                set.remove(k)
                reference[k] = nil
            }
            #expect(map.count == reference.count && set.count == reference.count)
        }
        for (k, v) in reference {
            #expect(map[k] == v)
            #expect(set.contains(k))
        }
    }

    /// The identity table behind constraint, variable and edit lookups agrees with `Dictionary` through
    /// growth and backward-shift deletions, with keys spread like object addresses (multiples of 16)
    /// and like variable ids (small, dense); values changed in place through their bucket stay put.
    @Test(arguments: [16, 1])
    func identityTableMatchesDictionary(stride: Int) {
        var g = LCG(state: UInt64(stride))
        var table = IdentityTable<Int>()
        var reference: [Int: Int] = [:]
        for step in 0..<20_000 {
            let key = (1 + g.int(3000)) * stride
            switch g.int(4) {
            case 0:
                #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
            case 1:
                if let i = table.index(forKey: key) {
                    table[valueAt: i] += 1
                    reference[key, default: 0] += 1
                } else {
                    #expect(reference[key] == nil)
                }
            default:
                table[key] = step
                reference[key] = step
            }
            #expect(table.count == reference.count)
        }
        #expect(table.count > 500)
        for key in (1...3000).map({ $0 * stride }) {
            #expect(table[key] == reference[key], "key \(key)")
        }
    }

    /// Rows of ten boxes sharing the container width (the `rows` layout of solver-bench): every box must
    /// get the width the required chain leaves, through builds, crossing resizes and constant changes.
    @Test(arguments: [false, true])
    func rowsOfBoxes(coupled: Bool) throws {
        let solver = Solver()
        let W = Variable("W")
        try solver.addEditVariable(W, strength: .strong)
        try solver.suggestValue(800, for: W)
        let n = 60
        let boxes = (0..<n).map { i in (l: Variable("l\(i)"), t: Variable("t\(i)"), w: Variable("w\(i)"), h: Variable("h\(i)")) }
        var heights: [Constraint] = []
        var gaps: [Int: Constraint] = [:]
        for i in 0..<n {
            let b = boxes[i], r = i / 10, k = i % 10
            try solver.addConstraint(b.w >= 10)
            let hc = b.h == 20
            heights.append(hc)
            try solver.addConstraint(hc)
            if !coupled || r == 0 {
                try solver.addConstraint(b.t == Double(8 + 28 * r))
            } else {
                try solver.addConstraint(b.t == boxes[i - 10].t + boxes[i - 10].h + 8)
            }
            if k == 0 {
                try solver.addConstraint(b.l == 8)
            } else {
                let p = boxes[i - 1]
                let gc = b.l == p.l + p.w + 8
                gaps[i] = gc
                try solver.addConstraint(gc)
                try solver.addConstraint((b.w == p.w) | (coupled ? .medium : .required))
            }
            if k == 9 { try solver.addConstraint(b.l + b.w == W - 8) }
            try solver.addConstraint((b.w == 50) | .weak)
        }
        func check(width: Double, extraGap: Double = 0, tallBox: Int = -1, tall: Double = 20) {
            solver.updateVariables()
            for i in 0..<n {
                let row = i / 10
                let w = (width - 88 - (row == 1 ? extraGap : 0)) / 10
                #expect(close(solver.value(of: boxes[i].w), w), "box \(i) at \(width)")
                #expect(close(solver.value(of: boxes[i].h), i == tallBox ? tall : 20))
                let above = coupled ? (0..<row).reduce(8.0) { t, r in t + 8 + (r * 10 + i % 10 == tallBox ? tall : 20) } : Double(8 + 28 * row)
                #expect(close(solver.value(of: boxes[i].t), above), "top of box \(i)")
            }
        }
        check(width: 800)
        for width in [400.0, 600, 800, 1200, 300, 1000, 800] {
            try solver.suggestValue(width, for: W)
            check(width: width)
        }
        try solver.setConstant(-11, of: gaps[15]!)
        check(width: 800, extraGap: 3)
        try solver.setConstant(-8, of: gaps[15]!)
        try solver.setConstant(-26, of: heights[13])
        check(width: 800, tallBox: 13, tall: 26)
    }
}

/// The single-allocation maps and sets: copy-on-write keeps copies apart (bucket indices stay valid across
/// the copy), and sets cross between their array and hashed forms.
@Suite struct SmallTables {
    @Test func copiesAreIndependent() {
        var g = LCG(state: 5)
        var map = IntMap()
        var set = IntSet()
        var reference: [Int: Double] = [:]
        for round in 0..<400 {
            let snapshotMap = map, snapshotSet = set, snapshotReference = reference
            for _ in 0..<(1 + g.int(6)) {
                let k = g.int(40)
                if g.int(3) == 0 {
                    map.removeValue(forKey: k)
                    set.remove(k)
                    reference[k] = nil
                } else if let i = map.index(forKey: k) {
                    map.setValue(Double(round), at: i)
                    reference[k] = Double(round)
                } else {
                    map.insertNew(k, Double(round))
                    set.insertNew(k)
                    reference[k] = Double(round)
                }
            }
            #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == reference)
            #expect(Set(set) == Set(reference.keys) && set.count == reference.count)
            #expect(Dictionary(uniqueKeysWithValues: snapshotMap.map { ($0.key, $0.value) }) == snapshotReference)
            #expect(Set(snapshotSet) == Set(snapshotReference.keys))
        }
    }

    /// `add(_:times:)` (the substitution kernel) against a dictionary, with cancellations and growth.
    @Test func addMatchesDictionary() {
        var g = LCG(state: 9)
        for _ in 0..<300 {
            var a = IntMap(), b = IntMap()
            var ra: [Int: Double] = [:]
            var rb: [Int: Double] = [:]
            for _ in 0..<g.int(40) {
                let k = g.int(60), v = Double(1 + g.int(5))
                if ra[k] == nil { a.insertNew(k, v); ra[k] = v }
            }
            for _ in 0..<g.int(40) {
                let k = g.int(60)
                // Sometimes exactly cancels a's value.
                let v = g.int(3) == 0 ? -(ra[k] ?? 1) / 2 : Double(1 + g.int(5))
                if rb[k] == nil { b.insertNew(k, v); rb[k] = v }
            }
            var added: Set<Int> = [], removed: Set<Int> = []
            a.add(b, times: 2, added: { added.insert($0) }, removed: { removed.insert($0) })
            var expected = ra
            for (k, v) in rb {
                let nv = (expected[k] ?? 0) + 2 * v
                expected[k] = nearZero(nv) ? nil : nv
            }
            #expect(Dictionary(uniqueKeysWithValues: a.map { ($0.key, $0.value) }) == expected)
            #expect(a.count == expected.count)
            #expect(added == Set(expected.keys).subtracting(ra.keys))
            #expect(removed == Set(ra.keys).subtracting(expected.keys))
            for (k, v) in expected { #expect(a[k] == v) }
        }
    }
}
