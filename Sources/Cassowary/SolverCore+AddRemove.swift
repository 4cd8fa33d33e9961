/// Adding and removing constraints (paper §3.1-§3.3): the row of a new constraint, the choice of its
/// subject, phase one with an artificial variable, explanations of failures, and the objective levels.
extension SolverCore {
    /// Adds a constraint (paper §3.1-3.2, then §2.3 optimisation).
    ///
    /// Required constraints must hold exactly; non-required ones are satisfied as well as possible,
    /// lexicographically by priority.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if the constraint is already installed;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicting:)`` if it is required and cannot hold together
    ///   with the installed required constraints (the explanation lists those involved, in insertion order).
    ///   On throw the solver is exactly as before.
    mutating func addConstraint(_ constraint: Constraint) throws {
        let key = infoKey(constraint)
        if infos[key] != nil { throw SolverError.duplicateConstraint(constraint) }
        let mark = Mark(symbols: symbols.count, slots: slots.count, infeasible: infeasible)
        let required = constraint.strength.isRequired

        // Create the row (paper §3.1). Basic variables stay as references for now: if a fresh variable
        // can be the subject, the row is stored lazily (see ``SolverCore``); else it is expanded.
        // Sized for its cells: the terms, the marker, and a non-required constraint's second error
        // symbol (growing 4 → 8 cell by cell would copy the row once more).
        var row = Row(constant: constraint.expression.constant,
                      capacity: constraint.expression.terms.count + (required ? 1 : 2))
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            row.insert(symbol: externalSymbol(for: term.variable), coefficient: term.coefficient)
        }
        let marker: Int
        var other: Int?
        let markerCoefficient: Double
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(.slack)
            markerCoefficient = k
            row.insert(symbol: marker, coefficient: k)
            if !required {
                let error = newSymbol(.error)
                other = error
                row.insert(symbol: error, coefficient: -k)
            }
        case .equal:
            if required {
                marker = newSymbol(.dummy)
                markerCoefficient = 1
                row.insert(symbol: marker, coefficient: 1)
            } else {
                marker = newSymbol(.error)
                let error = newSymbol(.error)
                other = error
                markerCoefficient = -1
                row.insert(symbol: marker, coefficient: -1)
                row.insert(symbol: error, coefficient: 1)
            }
        }

        if let (subject, stamp) = lazySubject(row) {
            // References whose expansion is small are substituted now (see ``lazyThreshold``).
            var referencesBasic = false
            var expandedSize = 0
            for (s, _) in row.cells {
                guard let r = symbols.rows[s] else { continue }
                referencesBasic = true
                expandedSize += r.lazy ? lazyThreshold + 1 : r.cells.count
            }
            if referencesBasic && expandedSize <= lazyThreshold {
                row = expand(row)
                referencesBasic = false
            }
            guard row.solveFor(subject) else { return recordFault("addConstraint: lazy subject \(subject) not in its row") }
            row.stamp = stamp
            row.lazy = referencesBasic
            substitute(subject, row)
            putRow(subject, row)
        } else {
            expandInPlace(&row)
            if row.constant < 0 { row.reverseSign() }

            var subject = chooseSubject(row, marker: marker, other: other)
            if let s = subject, symbols.kinds[s] != .error || nearZero(row.constant) {
                // The paper's subject: a variable, or a marker that satisfies the constraint.
            } else {
                // None, or an error of this constraint entering violated: a restricted symbol that can
                // take the row's value keeps the tableau feasible and optimal with no pivot (see
                // ``feasibleRestrictedSubject(_:newSymbols:)``).
                subject = feasibleRestrictedSubject(row, newSymbols: mark.symbols) ?? subject
            }
            if subject == nil && allDummies(row) {
                if !nearZero(row.constant) {
                    let conflicting = explanation(row: row, basic: nil, failing: constraint)
                    rollback(mark)
                    throw SolverError.unsatisfiableConstraint(constraint, conflicting: conflicting)
                }
                subject = marker
            }
            if let subject {
                guard row.solveFor(subject) else { return recordFault("addConstraint: subject \(subject) not in its row") }
                enterBasis(subject, row)
            } else {
                journal.open()
                let (ok, artRow) = addWithArtificialVariable(row)
                if !ok {
                    let conflicting = explanation(row: artRow, basic: nil, failing: constraint)
                    rollback(mark)
                    throw SolverError.unsatisfiableConstraint(constraint, conflicting: conflicting)
                }
                commit()
            }
        }

        let (priority, weight) = objectivePriorityAndWeight(constraint.strength)
        infos[key] = ConstraintInfo(
            marker: marker, other: other, markerCoefficient: markerCoefficient,
            constant: constraint.expression.constant, order: nextOrder, required: required)
        nextOrder += 1
        symbols.owners[marker] = constraint
        if let other { symbols.owners[other] = constraint }
        if !required {
            let li = objective.level(for: priority)
            objective.levels[li].count += 1
            if constraint.relation == .equal { addErrorEffect(marker, level: li, weight: weight) }
            if let other { addErrorEffect(other, level: li, weight: weight) }
        }
        if !infeasible.isEmpty { _ = dualOptimize() }
        optimize()
    }

    /// Removes an installed constraint (paper §3.3: the marker variable is pivoted into the basis and
    /// its row dropped; the constraint's error variables leave the objective), then re-optimises.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not installed (solver unchanged).
    mutating func removeConstraint(_ constraint: Constraint) throws {
        let key = infoKey(constraint)
        guard let info = infos.removeValue(forKey: key) else {
            throw SolverError.unknownConstraint(constraint)
        }
        let (priority, weight) = objectivePriorityAndWeight(constraint.strength)
        if !info.required, let li = objective.levelIndex(of: priority) {
            if constraint.relation == .equal { addErrorEffect(info.marker, level: li, weight: -weight) }
            if let other = info.other { addErrorEffect(other, level: li, weight: -weight) }
            objective.levels[li].count -= 1
            if objective.levels[li].count == 0 { for s in objective.removeLevel(li) { markObjective(s) } }
        }
        let m = info.marker
        if symbols.rows.hasRow(m) {
            // Restricted, so in solved form; lazy external rows may still refer to it.
            guard let row = removeRow(m) else { return }
            if !symbols.columns[m].isEmpty { substitute(m, row, everywhere: true) }
        } else {
            if let leaving = markerLeavingRow(m) {
                guard var row = removeRow(leaving) else { return }
                guard row.solveFor(lhs: leaving, rhs: m) else { return recordFault("removeConstraint: marker \(m) not in row \(leaving)") }
                substitute(m, row, everywhere: true)
            } else if symbols.columns[m].count == 1, !objective.mentions(m), let id = symbols.columns[m].first(where: { _ in true }) {
                // The marker appears in one external row only (a variable defined by this equation):
                // dropping that row frees the variable; rows referring to it stay valid. (No other row
                // mentions the marker, so no reference can cancel it.)
                _ = removeRow(basicOf(id))
            } else if let (leaving, expanded) = externalMarkerRow(m) {
                var row = expanded
                _ = removeRow(leaving)
                guard row.solveFor(lhs: leaving, rhs: m) else { return recordFault("removeConstraint: marker \(m) not in expanded row \(leaving)") }
                substitute(m, row, everywhere: true)
            } else {
                // Every row mentioning the marker cancels it through its references: rewrite them over
                // non-basic symbols, where the marker no longer appears.
                for id in symbols.columns[m] {
                    let b = basicOf(id)
                    guard let lazy = removeRow(b) else { return }
                    var row = expand(lazy)
                    row.stamp = lazy.stamp
                    putRow(b, row)
                }
            }
        }
        symbols.owners[m] = nil
        if let other = info.other { symbols.owners[other] = nil }
        optimize()
    }

    /// Whether the constraint is installed.
    mutating func hasConstraint(_ constraint: Constraint) -> Bool {
        infos[infoKey(constraint)] != nil
    }

    /// Subject choice of paper §3.2: an external symbol, the one mentioned by the fewest rows (a new
    /// variable, mentioned nowhere, needs no substitution at all; Kiwi takes the first external and may
    /// substitute an old variable into every row that uses it), lowest id on ties; else the marker or other
    /// symbol if it is a slack/error with a negative coefficient; else -1.
    mutating func chooseSubject(_ row: Row, marker: Int, other: Int?) -> Int? {
        var best = -1
        var bestCount = Int.max
        // Cells in place: `cells.keys` would build an array per call.
        for (s, _) in row.cells where symbols.kinds[s] == .external {
            let n = symbols.columns[s].count
            if n < bestCount || (n == bestCount && s < best) {
                best = s
                bestCount = n
            }
        }
        if best >= 0 { return best }
        if symbols.kinds[marker] == .slack || symbols.kinds[marker] == .error, row.coefficient(for: marker) < 0 { return marker }
        if let other, symbols.kinds[other] == .slack || symbols.kinds[other] == .error, row.coefficient(for: other) < 0 {
            return other
        }
        return nil
    }

    /// A subject that lets the new row be stored lazily (referring to basic external symbols instead of
    /// substituting their rows), with its stamp; nil if none. The subject must be a non-basic external
    /// symbol that no restricted row mentions, and fit between the stamps of the basic external symbols the
    /// row refers to and of the external rows that refer to it (so no cycle can form, and the subject does
    /// not hide inside a reference). Fewest occurrences wins (a new variable), lowest id on ties.
    /// (`mutating` only so that `self` is passed by reference: a non-mutating call from the mutating add
    /// copies the whole solver state into a temporary first.)
    mutating func lazySubject(_ row: Row) -> (Int, Float)? {
        if !lazyRowsEnabled { return nil }
        var high = -Float.infinity
        for (s, _) in row.cells where symbols.kinds[s] == .external {
            if let stamp = symbols.rows.stamp(s) { high = Swift.max(high, stamp) }
        }
        var best = -1
        var bestCount = Int.max
        var bestStamp: Float = 0
        for (s, _) in row.cells where symbols.kinds[s] == .external && !symbols.rows.hasRow(s) {
            let n = symbols.columns[s].count
            if n > bestCount || (n == bestCount && s > best) { continue }
            var low = Float.infinity
            var ok = true
            for id in symbols.columns[s] {
                let b = basicOf(id)
                if symbols.kinds[b] != .external {
                    ok = false
                    break
                }
                low = Swift.min(low, symbols.rows.stamp(b) ?? -Float.infinity)
            }
            if !ok { continue }
            let stamp: Float
            if !high.isFinite {
                stamp = low.isFinite ? low - 1 : 0
            } else if !low.isFinite {
                stamp = high + 1
            } else {
                stamp = high / 2 + low / 2
            }
            // Strictly between (a Float runs out of room after enough splits: then no lazy subject).
            if !(high < stamp && stamp < low) { continue }
            best = s
            bestCount = n
            bestStamp = stamp
        }
        return best >= 0 ? (best, bestStamp) : nil
    }

    /// A restricted symbol that can be the subject of `row` (a new constraint's row over non-basic
    /// symbols, constant ≥ 0) with no pivot to follow, or nil: a slack or error `s` older than the call
    /// (id below `newSymbols`), with a negative coefficient `c`, that no objective level mentions, and
    /// whose value in the row, v = constant / |c| ≥ 0, passes the ratio test of every restricted row
    /// mentioning it (`r = k + a·s + …` with a < 0 needs k + a·v ≥ 0). Made basic, it takes v, every
    /// restricted row stays non-negative, and the objective, which does not mention `s`, keeps its
    /// coefficients: the tableau stays feasible and optimal (Badros, Borning & Stuckey 2001, §2.2: the
    /// simplex needs only solved form, feasibility of the restricted basic symbols, and an objective over
    /// non-basic symbols). The new constraint's own error symbols stay non-basic at 0 with coefficient
    /// +weight, so it holds exactly: the subject is the pivot the paper's error subject would have
    /// needed right after (e.g. the slack of `w ≥ 0` when `w ≥ 120 @750` arrives with `w` basic).
    /// Symbols no restricted row mentions come first (no substitution), then lowest id.
    /// (`mutating` only to pass `self` by reference, as ``lazySubject(_:)``.)
    mutating func feasibleRestrictedSubject(_ row: Row, newSymbols: Int) -> Int? {
        var best = -1
        var bestShared = true
        for (s, c) in row.cells where c < 0 && s < newSymbols && (symbols.kinds[s] == .slack || symbols.kinds[s] == .error) {
            if objective.mentions(s) { continue }
            let value = row.constant / -c
            var shared = false
            var feasible = true
            for id in symbols.columns[s] {
                let b = basicOf(id)
                if symbols.kinds[b] == .external { continue }
                shared = true
                guard let a = symbols.rows.cell(b, s), let k = symbols.rows.constant(b) else { continue }
                if a < 0 && !(k + a * value >= 0) {
                    feasible = false
                    break
                }
            }
            if !feasible { continue }
            if best < 0 || (!shared && bestShared) || (shared == bestShared && s < best) {
                best = s
                bestShared = shared
            }
        }
        return best >= 0 ? best : nil
    }

    mutating func allDummies(_ row: Row) -> Bool {
        for (s, _) in row.cells where symbols.kinds[s] != .dummy { return false }
        return true
    }

    /// Phase one with an artificial variable (paper §3.2): minimise the artificial variable; the row is
    /// satisfiable iff it reaches 0. Returns success and the final artificial objective (the row whose
    /// markers explain a failure). Runs journaled: the caller rolls back on failure.
    mutating func addWithArtificialVariable(_ row: Row) -> (Bool, Row) {
        let art = newSymbol(.slack)
        putRow(art, row)
        artificial = row
        optimizeArtificial()
        guard let finalRow = artificial else {
            recordFault("phase one lost its artificial objective")
            return (true, Row())
        }
        artificial = nil
        if !nearZero(finalRow.constant) { return (false, finalRow) }
        if symbols.rows.hasRow(art), var r = removeRow(art) {
            if !r.cells.isEmpty {
                var entering = -1
                var fallback = -1
                var dummy = -1
                for s in r.cells.keys {
                    switch symbols.kinds[s] {
                    case .slack, .error: if entering < 0 || s < entering { entering = s }
                    case .external: if fallback < 0 || s < fallback { fallback = s }
                    case .dummy: if dummy < 0 || s < dummy { dummy = s }
                    }
                }
                if entering < 0 { entering = fallback >= 0 ? fallback : dummy }
                guard r.solveFor(lhs: art, rhs: entering) else {
                    recordFault("phase one: symbol \(entering) not in the artificial row")
                    return (true, finalRow)
                }
                enterBasis(entering, r)
            }
        }
        for id in symbols.columns[art] {
            let b = basicOf(id)
            touch(b)
            if symbols.kinds[b] == .external { structureChanged() }
            symbols.rows.removeCell(b, art)
        }
        symbols.columns[art] = IntSet()
        removeFromObjective(art)
        return (true, finalRow)
    }

    /// Required installed constraints owning a symbol of `row` (or `basic`), except `failing`, in
    /// insertion order.
    mutating func explanation(row: Row, basic: Int?, failing: Constraint) -> [Constraint] {
        var found: [(Int, Constraint)] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ s: Int) {
            guard s >= 0, s < symbols.owners.count, let c = symbols.owners[s], c !== failing else { return }
            guard let info = infos[infoKey(c)], info.required, seen.insert(ObjectIdentifier(c)).inserted else { return }
            found.append((info.order, c))
        }
        for s in row.cells.keys { visit(s) }
        if let basic { visit(basic) }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
