/// A consistency check of the whole solver state, for tests and fuzzers (never called by the solver
/// itself). It reads every row, column and objective slot once, so it costs O(tableau size + symbols ×
/// levels) and can run after every call of a long random sequence.
extension SolverCore {
    /// Relative tolerance when the incrementally kept objective is compared with the one recomputed from
    /// the installed constraints: both are sums of the same products, in a different order.
    static let objectiveTolerance = 1e-6

    /// Every broken invariant of the tableau, as readable sentences; empty when the state is consistent.
    ///
    /// Checked (see ``SolverCore`` for the lazy rows and their stamps):
    /// - row bookkeeping: the symbol table's `rowIds`, `rowBasics` and `freeRowIds` describe the same rows
    ///   as its row store;
    /// - restricted rows (slack, error, dummy basics) are in solved form (mention no basic symbol), are
    ///   feasible (constant ≥ −``epsilon``; a dummy's constant is 0 within ``epsilon``);
    /// - external rows: a lazy row refers only to restricted basic symbols or to basic external symbols
    ///   with a lower stamp; a row not marked lazy mentions only non-basic symbols;
    /// - no row mentions its own basic symbol or a zero or non-finite coefficient;
    /// - the column index lists exactly the rows that mention each symbol;
    /// - the objective mentions no basic symbol and equals, level by level, the weighted error symbols of
    ///   the installed non-required constraints (edit constraints included) over the current non-basic
    ///   symbols (coefficients only: the level constants are not maintained by constant changes); levels
    ///   are sorted by decreasing priority and count their constraints;
    /// - it is optimal: no non-basic, non-dummy symbol has a lexicographically negative coefficient, and no
    ///   non-basic external symbol has any (it could move either way);
    /// - no symbol leaked: every slack, error or dummy symbol a row or the objective mentions belongs to
    ///   an installed constraint, `owners` agrees with `infos`, every edit variable's constraint is
    ///   installed;
    /// - between calls nothing is pending: no dirty objective symbol, no journal, no artificial objective;
    ///   the infeasible queue agrees with its flags (it may keep rows a rounding error below 0); no fault
    ///   recorded (see SolverCore+Fault.swift).
    func invariantViolations() -> [String] {
        var problems: [String] = []
        // Local copies (references to the same storage): the nested functions below capture these
        // instead of `self`, which a debug build would copy whole on every call.
        let kinds = self.symbols.kinds
        let owners = self.symbols.owners
        let rowStore = self.symbols.rows
        let columns = self.symbols.columns
        let rowIds = self.symbols.rowIds
        let rowBasics = self.symbols.rowBasics
        let objective = self.objective.coefficients
        let levels = self.objective.levels
        let levelStride = self.objective.stride
        let infos = self.infos
        let symbolCount = kinds.count
        func name(_ s: Int) -> String {
            guard s >= 0 && s < symbolCount else { return "#\(s)" }
            switch kinds[s] {
            case .external: return "x\(s)"
            case .slack: return "s\(s)"
            case .error: return "e\(s)"
            case .dummy: return "d\(s)"
            }
        }
        for (label, count) in [("rowStore", rowStore.count), ("columns", columns.count), ("rowIds", rowIds.count),
                               ("owners", owners.count), ("symbols.queued", symbols.queued.count), ("symbols.dirtyFlags", symbols.dirtyFlags.count)]
        where count != symbolCount {
            problems.append("\(label) has \(count) entries for \(symbolCount) symbols")
        }
        if objective.count != symbolCount * levelStride || levels.count > levelStride {
            problems.append("objective has \(objective.count) slots for \(symbolCount) symbols × stride \(levelStride) (\(levels.count) levels)")
        }
        // Without consistent array sizes the rest would index out of range.
        if !problems.isEmpty { return problems }

        // Row bookkeeping.
        var liveRows = 0
        for b in 0..<symbolCount {
            let id = Int(rowIds[b])
            if rowStore[b] == nil {
                if id != -1 { problems.append("non-basic \(name(b)) has row id \(id)") }
                continue
            }
            liveRows += 1
            if id < 0 || id >= rowBasics.count || Int(rowBasics[id]) != b {
                problems.append("row of \(name(b)) has id \(id), which names another basic symbol")
            }
        }
        var freeIds = 0
        for id in rowBasics.indices {
            let b = Int(rowBasics[id])
            if b < 0 { freeIds += 1; continue }
            if b >= symbolCount || rowStore[b] == nil || Int(rowIds[b]) != id {
                problems.append("row id \(id) names \(name(b)), which has no row under that id")
            }
        }
        if freeIds != symbols.freeRowIds.count || symbols.freeRowIds.contains(where: { $0 < 0 || Int($0) >= rowBasics.count || rowBasics[Int($0)] >= 0 }) {
            problems.append("free row ids \(symbols.freeRowIds.count) do not match the \(freeIds) unused ids")
        }

        // Rows: solved form, lazy references, feasibility, column index (forward direction).
        var cellCount = 0
        for b in 0..<symbolCount {
            guard let row = rowStore[b] else { continue }
            let id = Int(rowIds[b])
            if !row.constant.isFinite { problems.append("row of \(name(b)) has constant \(row.constant)") }
            switch kinds[b] {
            case .slack, .error:
                if row.constant < -epsilon { problems.append("restricted row \(name(b)) is infeasible: \(row.constant)") }
            case .dummy:
                if !nearZero(row.constant) { problems.append("dummy row \(name(b)) has constant \(row.constant)") }
            case .external:
                break
            }
            if kinds[b] != .external && row.lazy { problems.append("restricted row \(name(b)) is marked lazy") }
            for (s, c) in row.cells {
                cellCount += 1
                if s < 0 || s >= symbolCount {
                    problems.append("row \(name(b)) mentions unknown symbol \(s)")
                    continue
                }
                if s == b { problems.append("row \(name(b)) mentions its own basic symbol") }
                if c == 0 || !c.isFinite { problems.append("row \(name(b)) has coefficient \(c) for \(name(s))") }
                if !columns[s].contains(id) { problems.append("column of \(name(s)) misses row \(name(b))") }
                guard let referenced = rowStore[s] else { continue }
                if kinds[b] != .external {
                    problems.append("restricted row \(name(b)) mentions basic \(name(s))")
                } else if !row.lazy {
                    problems.append("row \(name(b)) refers to basic \(name(s)) but is not lazy")
                } else if kinds[s] == .external && !(referenced.stamp < row.stamp) {
                    problems.append("lazy row \(name(b)) (stamp \(row.stamp)) refers to \(name(s)) (stamp \(referenced.stamp))")
                }
            }
        }
        // Column index (backward direction): every listed row mentions the symbol; no extra entries.
        var columnCount = 0
        for s in 0..<symbolCount {
            for id in columns[s] {
                columnCount += 1
                let b = id >= 0 && id < rowBasics.count ? Int(rowBasics[id]) : -1
                if b < 0 || rowStore[b]?.cells[s] == nil || Int(rowIds[b]) != id {
                    problems.append("column of \(name(s)) lists row id \(id) (\(name(b))), which does not mention it")
                }
            }
        }
        if columnCount != cellCount { problems.append("column index has \(columnCount) entries for \(cellCount) cells") }

        // Installed constraints: owners agree with infos; the objective they imply.
        // Dense, like the objective: expected[s * levels.count + li].
        var expected = [Double](repeating: 0, count: symbolCount * levels.count)
        var expectedCounts = [Int](repeating: 0, count: levels.count)
        var installed = 0
        for s in 0..<symbolCount {
            guard let constraint = owners[s] else { continue }
            guard let info = infos[infoKey(constraint)] else {
                problems.append("\(name(s)) is owned by a constraint that is not installed: \(constraint)")
                continue
            }
            if info.marker != s && info.other != s {
                problems.append("\(name(s)) is owned by \(constraint), whose symbols are \(name(info.marker)), \(info.other.map(name) ?? "none")")
            }
            guard info.marker == s else { continue }
            installed += 1
            if let other = info.other, other >= symbolCount || owners[other] !== constraint {
                problems.append("error symbol \(name(other)) of \(constraint) is not owned by it")
            }
            if info.required != constraint.strength.isRequired {
                problems.append("\(constraint) is recorded with required = \(info.required)")
            }
            let expectedKind: SymbolKind = constraint.relation == .equal ? (info.required ? .dummy : .error) : .slack
            if kinds[s] != expectedKind { problems.append("marker of \(constraint) is \(name(s))") }
            if info.required { continue }
            let (priority, weight) = objectivePriorityAndWeight(constraint.strength)
            guard let li = levels.firstIndex(where: { $0.priority == priority }) else {
                problems.append("no objective level for \(constraint)")
                continue
            }
            expectedCounts[li] += 1
            let errors = (constraint.relation == .equal ? [info.marker] : []) + (info.other.map { [$0] } ?? [])
            for e in errors where e >= 0 && e < symbolCount {
                if let r = rowStore[e] {
                    for (z, c) in r.cells where z < symbolCount { expected[z * levels.count + li] += weight * c }
                } else {
                    expected[e * levels.count + li] += weight
                }
            }
        }
        if installed != infos.count {
            problems.append("\(infos.count) constraints installed, \(installed) own their marker")
        }
        for edit in edits.infos.unorderedValues {
            guard let info = infos[infoKey(edit.constraint)] else {
                problems.append("edit constraint \(edit.constraint) is not installed")
                continue
            }
            if info.marker != edit.info.marker || info.other != edit.info.other {
                problems.append("edit constraint \(edit.constraint) records other symbols than it owns")
            }
        }

        // Symbols that rows mention belong to installed constraints.
        func checkOwned(_ s: Int, _ place: String) {
            guard s >= 0 && s < symbolCount, kinds[s] != .external else { return }
            if owners[s] == nil { problems.append("leaked \(name(s)) in \(place)") }
        }
        for b in 0..<symbolCount {
            guard let row = rowStore[b] else { continue }
            checkOwned(b, "the basis")
            for (s, _) in row.cells { checkOwned(s, "row \(name(b))") }
        }

        // Objective: levels, basic symbols, recomputed value, optimality.
        for li in levels.indices {
            if li > 0 && !(levels[li - 1].priority > levels[li].priority) {
                problems.append("levels \(li - 1) and \(li) are not in decreasing priority")
            }
            if levels[li].count != expectedCounts[li] || levels[li].count <= 0 {
                problems.append("level @\(levels[li].priority) counts \(levels[li].count) constraints, \(expectedCounts[li]) installed")
            }
            // The level's constant is not compared: constant changes (setConstant, suggestValue) do not
            // keep it up to date, and nothing but the dump reads it.
        }
        for s in 0..<symbolCount {
            let base = s * levelStride
            for li in levels.count..<levelStride where objective[base + li] != 0 {
                problems.append("unused objective slot \(li) of \(name(s)) holds \(objective[base + li])")
            }
            var mentioned = false
            for li in levels.indices {
                let c = objective[base + li]
                let want = expected[s * levels.count + li]
                if c != 0 { mentioned = true }
                if abs(c - want) > Self.objectiveTolerance * (1 + abs(want)) {
                    problems.append("objective @\(levels[li].priority) has \(c) for \(name(s)), installed constraints imply \(want)")
                }
            }
            guard mentioned else { continue }
            checkOwned(s, "the objective")
            if rowStore[s] != nil {
                problems.append("objective mentions basic \(name(s))")
            } else if kinds[s] == .external {
                problems.append("objective mentions non-basic external \(name(s)): not optimal")
            } else if kinds[s] != .dummy && (levels.indices.first { objective[base + $0] != 0 }.map { objective[base + $0] < 0 } ?? false) {
                problems.append("objective is not optimal: \(name(s)) has a lexicographically negative coefficient")
            }
        }

        // Nothing pending between calls.
        // A primal pivot may leave a row a rounding error below 0 (the ratio test breaks near-ties by id):
        // such a row is queued and skipped by the next dual optimisation, so entries may remain, but the
        // queue and its flags must agree (feasibility itself is checked with the rows above).
        var flagged = symbols.queued.filter { $0 }.count
        for b in infeasible.elements {
            if b < 0 || b >= symbolCount || !symbols.queued[b] {
                problems.append("\(name(b)) is in the infeasible queue but not flagged")
            } else {
                flagged -= 1
            }
        }
        if flagged != 0 { problems.append("\(flagged) symbols flagged as symbols.queued are not in the infeasible queue") }
        if !objectiveDirty.isEmpty || symbols.dirtyFlags.contains(true) || !negatives.isEmpty {
            problems.append("objective changes pending outside a call")
        }
        if !journal.isEmpty {
            problems.append("transaction journal open outside a call")
        }
        if artificial != nil { problems.append("artificial objective left behind") }
        if let fault { problems.append("fault recorded: \(fault)") }
        return problems
    }
}
