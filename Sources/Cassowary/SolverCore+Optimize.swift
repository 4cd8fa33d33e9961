/// Optimisation: primal simplex on the lexicographic objective (paper §2.3), phase one, and dual simplex
/// (§4.3).
extension SolverCore {
    /// Primal simplex on the lexicographic objective. Entering symbol: a non-dummy symbol whose symbolic
    /// coefficient is lexicographically negative (its highest non-zero level is negative), chosen by
    /// ``pickEntering(_:)`` (fewest occurrences, Bland's rule after degenerate pivots); leaving row:
    /// minimum ratio, lowest id on ties. Only symbols whose objective coefficients changed are re-examined.
    mutating func optimize() {
        degeneratePivots = 0
        while fault == nil {
            guard let entering = lexEntering() else { return }
            // No leaving row means unbounded: impossible for an objective bounded below by 0.
            guard let leaving = leavingRow(entering) else { return }
            countDegenerate(leaving)
            pivot(leaving: leaving, entering: entering)
        }
    }

    @inline(__always) mutating func markObjective(_ symbol: Int) {
        if !symbols.dirtyFlags[symbol] {
            symbols.dirtyFlags[symbol] = true
            objectiveDirty.append(symbol)
        }
    }

    mutating func clearObjectiveDirty() {
        for s in objectiveDirty where s < symbols.dirtyFlags.count { symbols.dirtyFlags[s] = false }
        objectiveDirty.removeAll(keepingCapacity: true)
        negatives.removeAll()
    }

    mutating func lexEntering() -> Int? {
        for s in objectiveDirty {
            symbols.dirtyFlags[s] = false
            if symbols.kinds[s] != .dummy && objective.isLexNegative(s) { negatives.insert(s) } else { negatives.remove(s) }
        }
        // (`removeAll` on an empty array still calls into the runtime: most calls find nothing dirty.)
        if !objectiveDirty.isEmpty { objectiveDirty.removeAll(keepingCapacity: true) }
        return pickEntering(negatives)
    }

    /// Entering symbol among `candidates`: the one mentioned by the fewest rows (so the pivot substitutes
    /// into as few rows as possible and creates little fill-in), lowest id on ties. After a run of
    /// degenerate pivots it falls back to the lowest id alone (Bland's rule), which cannot cycle.
    mutating func pickEntering<S: Sequence>(_ candidates: S) -> Int? where S.Element == Int {
        var best = -1
        if degeneratePivots > 50 {
            for s in candidates where best < 0 || s < best { best = s }
            return best >= 0 ? best : nil
        }
        var bestCount = Int.max
        for s in candidates {
            let n = symbols.columns[s].count
            if n < bestCount || (n == bestCount && s < best) {
                best = s
                bestCount = n
            }
        }
        return best >= 0 ? best : nil
    }

    mutating func optimizeArtificial() {
        degeneratePivots = 0
        while fault == nil, let art = artificial {
            guard let entering = pickEntering(ArtificialCandidates(row: art, kinds: symbols.kinds)),
                  let leaving = leavingRow(entering) else { return }
            countDegenerate(leaving)
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Counts consecutive degenerate pivots (the leaving row's constant is zero: the objective does not
    /// move), to switch ``pickEntering(_:)`` to Bland's rule before any cycle can form.
    @inline(__always) mutating func countDegenerate(_ leaving: Int) {
        if nearZero(symbols.rows.constant(leaving) ?? 0) { degeneratePivots += 1 } else { degeneratePivots = 0 }
    }

    @inline(__always) mutating func better(_ ratio: Double, _ b: Int, than bestRatio: Double, _ best: Int) -> Bool {
        if best < 0 || ratio < bestRatio - epsilon { return true }
        return ratio <= bestRatio + epsilon && b < best
    }

    /// Row leaving the basis when `entering` increases: rows with a negative coefficient for it and a
    /// restricted basic symbol, minimum ratio -constant/coefficient.
    mutating func leavingRow(_ entering: Int) -> Int? {
        var best = -1
        var bestRatio = Double.infinity
        for id in symbols.columns[entering] {
            let b = basicOf(id)
            if symbols.kinds[b] == .external { continue }
            guard let row = symbols.rows[b], let c = row.cells[entering] else {
                recordMissingCell("leavingRow", symbol: entering, row: id)
                return nil
            }
            if c < 0 {
                let ratio = -row.constant / c
                if better(ratio, b, than: bestRatio, best) {
                    best = b
                    bestRatio = ratio
                }
            }
        }
        return best >= 0 ? best : nil
    }

    /// Restricted row to pivot a (non-basic) marker into the basis for removal (paper §3.3, Kiwi's
    /// getMarkerLeavingRow), or -1 if no restricted row mentions it: first a row of a dummy symbol (the
    /// marker of a required equality made redundant by this one: its constant is 0, so the pivot moves no
    /// value, and the redundant equality takes over instead of being lost behind a slack), then restricted
    /// rows with a negative coefficient by minimum ratio, then restricted rows with a positive coefficient
    /// by minimum ratio. External rows are chosen by ``externalMarkerRow(_:)``.
    mutating func markerLeavingRow(_ marker: Int) -> Int? {
        var dummy = -1, first = -1, second = -1
        var r1 = Double.infinity, r2 = Double.infinity
        for id in symbols.columns[marker] {
            let b = basicOf(id)
            guard let row = symbols.rows[b], let c = row.cells[marker] else { continue }
            switch symbols.kinds[b] {
            case .external:
                continue
            case .dummy where nearZero(row.constant):
                if dummy < 0 || b < dummy { dummy = b }
            default:
                if c < 0 {
                    let r = -row.constant / c
                    if better(r, b, than: r1, first) {
                        first = b
                        r1 = r
                    }
                } else {
                    let r = row.constant / c
                    if better(r, b, than: r2, second) {
                        second = b
                        r2 = r
                    }
                }
            }
        }
        if dummy >= 0 { return dummy }
        if first >= 0 { return first }
        return second >= 0 ? second : nil
    }

    /// The external row to pivot a marker into the basis through, when no restricted row mentions it:
    /// the lowest basic symbol whose row, expanded over non-basic symbols, still has a non-zero coefficient
    /// for the marker, with that expanded row. A lazy row may mention the marker directly and again through
    /// a reference with the opposite sign: its expansion does not depend on the marker, and solving it for
    /// the marker would divide by nothing. Nil if every expansion cancels (the marker is in no row).
    mutating func externalMarkerRow(_ marker: Int) -> (basic: Int, expanded: Row)? {
        var candidates: [Int] = []
        for id in symbols.columns[marker] where symbols.kinds[basicOf(id)] == .external { candidates.append(basicOf(id)) }
        candidates.sort()
        for b in candidates {
            guard let row = symbols.rows[b] else { continue }
            let expanded = row.lazy ? expand(row) : row
            if expanded.cells[marker] != nil { return (b, expanded) }
        }
        return nil
    }

    /// Dual simplex (paper §4.3): while some restricted basic symbol is negative, pivot it out, choosing
    /// the entering symbol by the lexicographically smallest ratio objective/coefficient over positive
    /// coefficients. Returns the basic symbol of a row that cannot be repaired (required constraints
    /// inconsistent), else nil.
    ///
    /// Dual pivots keep the objective optimal, so the coefficients they change are not queued for
    /// re-examination (``marksObjective`` is off meanwhile): a crossing resize pivots once per box. If it
    /// fails, every symbol the objective mentions is queued instead.
    mutating func dualOptimize() -> Int? {
        marksObjective = false
        defer { marksObjective = true }
        while fault == nil, let leaving = infeasible.popFirst() {
            symbols.queued[leaving] = false
            guard let row = symbols.rows[leaving], row.constant < 0, !nearZero(row.constant) else { continue }
            guard let entering = dualEntering(row) else {
                for b in infeasible.elements { symbols.queued[b] = false }
                infeasible.removeAll()
                for s in symbols.kinds.indices where objective.mentions(s) { markObjective(s) }
                return leaving
            }
            pivot(leaving: leaving, entering: entering)
        }
        return nil
    }

    /// Entering symbol of a dual pivot out of `row`; nil if no positive coefficient of a non-dummy symbol
    /// can enter (the row cannot be repaired).
    mutating func dualEntering(_ row: Row) -> Int? {
        var best = -1
        var bestCoefficient = 0.0
        for (s, c) in row.cells where c > 0 && symbols.kinds[s] != .dummy {
            if best < 0 {
                best = s
                bestCoefficient = c
                continue
            }
            // Compare objective[s]/c with objective[best]/bestCoefficient, highest level first.
            var decided = false
            for li in objective.levels.indices {
                let a = objective.coefficient(li, s) / c
                let b = objective.coefficient(li, best) / bestCoefficient
                if a < b - epsilon {
                    best = s
                    bestCoefficient = c
                    decided = true
                    break
                }
                if a > b + epsilon {
                    decided = true
                    break
                }
            }
            if !decided && s < best {
                best = s
                bestCoefficient = c
            }
        }
        return best >= 0 ? best : nil
    }
}

/// The entering candidates of phase one: symbols with a negative coefficient in the artificial
/// objective, dummies excluded (a sequence, so no array is built per pivot).
struct ArtificialCandidates: Sequence {
    let row: Row
    let kinds: [SymbolKind]

    struct Iterator: IteratorProtocol {
        var cells: IntMap.Iterator
        let kinds: [SymbolKind]
        mutating func next() -> Int? {
            while let (s, c) = cells.next() {
                if c < 0 && kinds[s] != .dummy { return s }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(cells: row.cells.makeIterator(), kinds: kinds) }
}
