/// An independent reference for lexicographic constraint solving: a small dense LP solved from scratch,
/// sharing no code or algorithm state with the incremental Cassowary solver it checks.
///
/// Formulation (every LP column ≥ 0): each variable is split `x = x⁺ − x⁻`; each constraint becomes one
/// equality row `Σ a·x + violation terms ± slack = −constant`:
/// - required `=`: no extra column; required `≤`/`≥`: a slack (`+s` / `−s`);
/// - non-required `=`: `lhs = e⁺ − e⁻`, violation `e⁺ + e⁻`;
/// - non-required `≥`: `lhs + e ≥ 0` (violation e), `≤`: `lhs − e ≤ 0`, each with its slack.
/// Phase one (artificial columns on the rows without a natural basic column) decides whether the
/// required constraints are feasible. Then, for each priority from the highest down, the weighted sum of
/// that level's violations is minimised while the earlier levels stay at their optimum: only columns with
/// zero reduced cost (within 1e-9) in every earlier level may enter, which is the same as adding the
/// constraint "level = its optimum" (the lexicographic simplex; e.g. Isermann, "Linear lexicographic
/// optimization", OR Spektrum 4, 1982).
///
/// Determined variables: on the final optimal face (the feasible points where every non-basic column
/// with a non-zero reduced cost in some level stays 0) a variable is determined when its minimum and its
/// maximum agree within ``determinedTolerance``; a variable whose expression in the final tableau has no
/// coefficient on the face's free columns is determined without solving anything.
///
/// Sized for tests: dense, O(rows × columns) per pivot; about 30 variables and 80 constraints at most.
public enum ReferenceSolver {
    /// Phase one must reach a total artificial value at most this small for the required set to count as
    /// feasible (the problems the tests build use round numbers, far from this).
    public static let feasibilityTolerance = 1e-7
    /// Minimum and maximum over the optimal face closer than this make a variable determined.
    public static let determinedTolerance = 1e-7

    /// Solves `constraints` over `variableCount` variables.
    /// - Returns: ``ReferenceResult/infeasible`` when the required constraints have no common solution,
    ///   else the optimum with its determined variables and level optima.
    /// - Precondition: every term's variable is in `0..<variableCount`; weights are positive.
    public static func solve(variableCount n: Int, constraints: [ReferenceConstraint]) -> ReferenceResult {
        // Columns: x⁺ (0..<n), x⁻ (n..<2n), then per constraint its extra columns, then artificials.
        var column = 2 * n
        /// Where a constraint's row keeps its columns: violation columns, slack, the column that starts
        /// basic (-1: an artificial does), and whether the row was negated to make its right side ≥ 0.
        struct Layout {
            var errors: [Int] = []
            var slack = -1
            var natural = -1
            var flipped = false
        }
        var layouts: [Layout] = []
        var rowsNeedingArtificial = 0
        for c in constraints {
            var layout = Layout()
            layout.flipped = -c.constant < 0
            let sign: Double = layout.flipped ? -1 : 1
            // The coefficient each extra column gets in the row (before the sign flip), to find the
            // column that can start basic (coefficient +1 after the flip).
            var extras: [Double] = []
            if !c.isRequired {
                switch c.relation {
                case .equal: extras = [-1, 1]             // −e⁺ + e⁻
                case .greaterThanOrEqual: extras = [1]    // + e
                case .lessThanOrEqual: extras = [-1]      // − e
                }
                for _ in extras { layout.errors.append(column); column += 1 }
            }
            switch c.relation {
            case .equal: break
            case .lessThanOrEqual:
                layout.slack = column; column += 1; extras.append(1)
            case .greaterThanOrEqual:
                layout.slack = column; column += 1; extras.append(-1)
            }
            let extraColumns = layout.errors + (layout.slack >= 0 ? [layout.slack] : [])
            for (k, coefficient) in extras.enumerated() where coefficient * sign > 0 {
                layout.natural = extraColumns[k]
                break
            }
            if layout.natural < 0 { rowsNeedingArtificial += 1 }
            layouts.append(layout)
        }
        let firstArtificial = column
        var t = DenseTableau(rowCount: constraints.count, columnCount: column + rowsNeedingArtificial)
        var isBasic = [Bool](repeating: false, count: t.columnCount)
        var artificial = firstArtificial
        var phaseOne = [Double](repeating: 0, count: t.columnCount)
        for (i, c) in constraints.enumerated() {
            let layout = layouts[i]
            let sign: Double = layout.flipped ? -1 : 1
            for term in c.terms {
                t[i, term.variable] += sign * term.coefficient
                t[i, n + term.variable] -= sign * term.coefficient
            }
            if !c.isRequired {
                switch c.relation {
                case .equal:
                    t[i, layout.errors[0]] = -sign
                    t[i, layout.errors[1]] = sign
                case .greaterThanOrEqual: t[i, layout.errors[0]] = sign
                case .lessThanOrEqual: t[i, layout.errors[0]] = -sign
                }
            }
            if layout.slack >= 0 { t[i, layout.slack] = (c.relation == .lessThanOrEqual ? 1 : -1) * sign }
            t.rhs[i] = -c.constant * sign
            if layout.natural >= 0 {
                t.basis[i] = layout.natural
            } else {
                t[i, artificial] = 1
                t.basis[i] = artificial
                phaseOne[artificial] = 1
                artificial += 1
            }
            isBasic[t.basis[i]] = true
        }

        // Phase one: minimise the artificials; feasible iff they reach 0.
        if rowsNeedingArtificial > 0 {
            t.addObjective(phaseOne)
            _ = t.minimize(level: 0, isBasic: &isBasic)
            if t.objectiveValue[0] > feasibilityTolerance { return .infeasible }
            t.dropLastObjective()
            // Drive artificials at 0 out of the basis where their row has another column; a row with
            // none is redundant and its artificial stays basic at 0 (it can never enter again).
            for i in 0..<t.rowCount where t.basis[i] >= firstArtificial {
                for j in 0..<firstArtificial where !isBasic[j] && abs(t[i, j]) > DenseTableau.zero {
                    isBasic[t.basis[i]] = false
                    isBasic[j] = true
                    t.pivot(row: i, column: j)
                    break
                }
            }
            for j in firstArtificial..<t.columnCount { t.forbidden[j] = true }
        }

        // Phase two: the priority levels, highest first.
        let priorities = Array(Set(constraints.filter { !$0.isRequired }.map(\.priority))).sorted(by: >)
        for (level, priority) in priorities.enumerated() {
            var costs = [Double](repeating: 0, count: t.columnCount)
            for (i, c) in constraints.enumerated() where !c.isRequired && c.priority == priority {
                for e in layouts[i].errors { costs[e] += c.weight }
            }
            t.addObjective(costs)
            // Violations are ≥ 0, so each level is bounded below.
            let bounded = t.minimize(level: level, isBasic: &isBasic)
            precondition(bounded, "a sum of non-negative violations cannot be unbounded")
        }
        let levelOptima = priorities.indices.map { (priority: priorities[$0], violation: t.objectiveValue[$0]) }

        // Values at the optimal vertex, and which of them the whole optimal face shares.
        var columnValues = [Double](repeating: 0, count: t.columnCount)
        for i in 0..<t.rowCount { columnValues[t.basis[i]] = t.rhs[i] }
        let values = (0..<n).map { columnValues[$0] - columnValues[n + $0] }
        let faceColumns = (0..<t.columnCount).filter { !isBasic[$0] && t.keepsLevels($0, below: priorities.count) }
        var rowOf = [Int](repeating: -1, count: t.columnCount)
        for i in 0..<t.rowCount { rowOf[t.basis[i]] = i }
        var determined = [Bool](repeating: true, count: n)
        for v in 0..<n {
            // x = x⁺ − x⁻, each either basic (rhs − Σ a·x_j) or non-basic (itself).
            var moves = false
            for j in faceColumns {
                var d = 0.0
                for (col, sign) in [(v, 1.0), (n + v, -1.0)] {
                    if col == j { d += sign } else if rowOf[col] >= 0 { d -= sign * t[rowOf[col], j] }
                }
                if abs(d) > DenseTableau.zero { moves = true; break }
            }
            guard moves else { continue }
            determined[v] = isFixedOnFace(t, isBasic: isBasic, variable: v, variableCount: n, levels: priorities.count)
        }
        return .solved(ReferenceSolution(values: values, determined: determined, levelOptima: levelOptima))
    }

    /// Whether variable `v` has the same minimum and maximum over the optimal face of `t` (two more
    /// simplex runs on copies, entering only columns that keep every level at its optimum).
    static func isFixedOnFace(_ t: DenseTableau, isBasic: [Bool], variable v: Int, variableCount n: Int,
                              levels: Int) -> Bool {
        var extremes: [Double] = []
        for sign in [1.0, -1.0] {
            var copy = t
            var basic = isBasic
            var costs = [Double](repeating: 0, count: t.columnCount)
            costs[v] = sign
            costs[n + v] = -sign
            copy.addObjective(costs)
            guard copy.minimize(level: levels, isBasic: &basic) else { return false }  // unbounded
            extremes.append(sign * copy.objectiveValue[levels])
        }
        return abs(extremes[0] - extremes[1]) <= determinedTolerance * max(1, abs(extremes[0]))
    }
}
