/// Edit variables (paper §3.4, §4.3): non-required `variable == suggestion` constraints whose constant
/// moves in place.
extension SolverCore {
    /// Makes `variable` an edit variable (paper §3.4): installs the non-required constraint
    /// `variable == suggestion` with the given strength; the suggestion starts at 0 (as in Kiwi) and is
    /// changed with ``suggestValue(_:for:)``.
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it already is one;
    ///   ``SolverError/badRequiredStrength`` if `strength` is required. Solver unchanged on throw.
    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws {
        if edits.infos[variable.id] != nil { throw SolverError.duplicateEditVariable(variable) }
        if strength.isRequired { throw SolverError.badRequiredStrength }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        let column = edits.allocateColumn()
        guard let info = infos[infoKey(constraint)] else {
            return recordFault("addEditVariable: the edit constraint was not installed")
        }
        edits.infos[variable.id] = EditInfo(constraint: constraint, value: 0, info: info, column: column)
    }

    /// Removes an edit variable and its edit constraint.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
    mutating func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.remove(variable.id) else {
            throw SolverError.unknownEditVariable(variable)
        }
        try removeConstraint(edit.constraint)
    }

    /// Whether `variable` is an edit variable.
    mutating func hasEditVariable(_ variable: Variable) -> Bool {
        edits.infos[variable.id] != nil
    }

    /// Suggests a value for an edit variable (paper §4.3): the edit constraint's constant changes in
    /// place through its error variables, then dual optimisation (§4.3, lexicographic ratio test)
    /// re-establishes the optimum. Call ``updateVariables()`` to read the result.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if `variable` is not an edit variable.
    mutating func suggestValue(_ value: Double, for variable: Variable) throws {
        guard let i = edits.infos.index(forKey: variable.id) else { throw SolverError.unknownEditVariable(variable) }
        let delta = value - edits.infos[valueAt: i].value
        edits.infos[valueAt: i].value = value
        // The edit constraint is `variable - value == 0`: its expression constant moves by -delta.
        let c = edits.infos[valueAt: i].column
        var column = MarkerColumn()
        swap(&column, &edits.markerColumns[c])
        applyEditDelta(edits.infos[valueAt: i].info, -delta, column: &column)
        let before = cellsVersion
        if dualOptimize() == nil {
            // Dual simplex preserves dual feasibility: the objective is still optimal.
            clearObjectiveDirty()
        }
        column.quietVersion = cellsVersion == before ? cellsVersion : -1
        swap(&column, &edits.markerColumns[c])
    }

    /// ``applyConstantDelta(_:_:checkDummies:)`` for an edit constraint (whose rows are never dummies),
    /// through `column`, the marker's column with its coefficients. A stale copy is refreshed when the
    /// previous suggestion pivoted nothing and the cells have not changed since (a drag, a smooth resize);
    /// otherwise the rows are found through the column index as usual. With the copy, a resize of N boxes
    /// streams through two dense arrays and the row constants instead of probing N rows' cells.
    mutating func applyEditDelta(_ info: ConstraintInfo, _ delta: Double, column: inout MarkerColumn) {
        if column.version != cellsVersion {
            guard column.quietVersion == cellsVersion else {
                _ = applyConstantDelta(info, delta, checkDummies: false)
                return
            }
            refresh(&column, marker: info.marker)
        }
        // As in applyConstantDelta: the marker's own row moves by -shift, every row mentioning it by
        // coefficient × shift.
        let shift = delta / info.markerCoefficient
        let m = info.marker
        if symbols.rows.addToConstant(m, -shift) != nil { _ = checkConstant(m, checkDummies: false) }
        var negative: [Int] = []
        var missing = -1
        column.basics.withUnsafeBufferPointer { basics in
            column.coefficients.withUnsafeBufferPointer { coefficients in
                symbols.rows.withMutableRows { rows in
                    guard let base = rows.baseAddress else { return }
                    for k in 0..<basics.count {
                        let entry = Int(basics[k])
                        let b = entry < 0 ? ~entry : entry
                        // The copy is valid for this tableau version, so the row exists; if not, a fault.
                        guard let constant = (base + b).pointee?.addToConstant(coefficients[k] * shift) else {
                            missing = b
                            continue
                        }
                        if entry >= 0 && constant < 0 { negative.append(b) }
                    }
                }
            }
        }
        if missing >= 0 { recordFault("applyEditDelta: the marker column lists symbol \(missing), which has no row") }
        for b in negative { queueInfeasible(b) }
    }

    /// Copies the column of `marker`: per row mentioning it, the basic symbol (complemented, `~b`, when
    /// the row is not a slack or error row and so never joins the infeasible queue) and the coefficient.
    mutating func refresh(_ column: inout MarkerColumn, marker m: Int) {
        column.basics.removeAll(keepingCapacity: true)
        column.coefficients.removeAll(keepingCapacity: true)
        for id in symbols.columns[m] {
            let b = basicOf(id)
            let queues = symbols.kinds[b] == .slack || symbols.kinds[b] == .error
            column.basics.append(Int32(queues ? b : ~b))
            guard let c = symbols.rows.cell(b, m) else {
                recordMissingCell("refresh", symbol: m, row: id)
                column.basics.removeLast()
                continue
            }
            column.coefficients.append(c)
        }
        column.version = cellsVersion
    }
}
