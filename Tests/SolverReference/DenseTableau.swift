/// A dense simplex tableau in canonical form: row `i` reads `x[basis[i]] + Σ_j a[i][j] x[j] = rhs[i]`
/// over all columns (the basic columns form an identity), every column is ≥ 0. Several objective rows
/// (minimised) are carried along as reduced costs: objective `k` equals `objectiveValue[k] +
/// Σ_j reducedCost[k][j] x[j]`, with zero reduced cost on basic columns.
///
/// Pivots follow Bland's rule (lowest entering column, then lowest basic index among tied ratios), which
/// cannot cycle (Bland, "New finite pivoting rules for the simplex method", Math. Oper. Res. 2(2), 1977).
struct DenseTableau {
    /// Numbers this small are zero (pivot elements, reduced costs).
    static let zero = 1e-9

    var rowCount: Int
    var columnCount: Int
    /// Row-major, `rowCount × columnCount`.
    var a: [Double]
    var rhs: [Double]
    var basis: [Int]
    /// Row-major, `objectiveCount × columnCount`.
    var reducedCost: [Double] = []
    var objectiveValue: [Double] = []
    /// Columns that may never enter (artificial columns after phase one).
    var forbidden: [Bool]

    init(rowCount: Int, columnCount: Int) {
        self.rowCount = rowCount
        self.columnCount = columnCount
        a = [Double](repeating: 0, count: rowCount * columnCount)
        rhs = [Double](repeating: 0, count: rowCount)
        basis = [Int](repeating: -1, count: rowCount)
        forbidden = [Bool](repeating: false, count: columnCount)
    }

    var objectiveCount: Int { objectiveValue.count }

    subscript(row: Int, column: Int) -> Double {
        get { a[row * columnCount + column] }
        set { a[row * columnCount + column] = newValue }
    }

    func cost(_ k: Int, _ column: Int) -> Double { reducedCost[k * columnCount + column] }

    /// Appends the objective `Σ costs[j] x[j]` (minimised), priced out against the current basis.
    mutating func addObjective(_ costs: [Double]) {
        var row = costs
        var value = 0.0
        for i in 0..<rowCount {
            let cb = costs[basis[i]]
            if cb == 0 { continue }
            value += cb * rhs[i]
            for j in 0..<columnCount { row[j] -= cb * self[i, j] }
        }
        reducedCost.append(contentsOf: row)
        objectiveValue.append(value)
    }

    /// Removes the last objective row.
    mutating func dropLastObjective() {
        reducedCost.removeLast(columnCount)
        objectiveValue.removeLast()
    }

    /// Makes `column` basic in `row` (its element must be non-zero).
    mutating func pivot(row r: Int, column e: Int) {
        let n = columnCount
        let m = rowCount
        a.withUnsafeMutableBufferPointer { a in
            let p = a[r * n + e]
            for j in 0..<n { a[r * n + j] /= p }
            rhs[r] /= p
            a[r * n + e] = 1
            for i in 0..<m where i != r {
                let f = a[i * n + e]
                if f == 0 { continue }
                for j in 0..<n { a[i * n + j] -= f * a[r * n + j] }
                a[i * n + e] = 0
                rhs[i] -= f * rhs[r]
            }
            reducedCost.withUnsafeMutableBufferPointer { c in
                for k in 0..<objectiveValue.count {
                    let f = c[k * n + e]
                    if f == 0 { continue }
                    for j in 0..<n { c[k * n + j] -= f * a[r * n + j] }
                    c[k * n + e] = 0
                    objectiveValue[k] += f * rhs[r]
                }
            }
        }
        basis[r] = e
    }

    /// Whether `column` keeps objectives `0..<level` at their value when it enters (all their reduced
    /// costs on it are zero) and may enter at all.
    func keepsLevels(_ column: Int, below level: Int) -> Bool {
        if forbidden[column] { return false }
        for k in 0..<level where abs(cost(k, column)) > Self.zero { return false }
        return true
    }

    /// Minimises objective `level` while objectives `0..<level` keep their values (only columns with zero
    /// reduced cost in all of them enter). Returns false if the objective is unbounded below.
    mutating func minimize(level: Int, isBasic: inout [Bool]) -> Bool {
        while true {
            var entering = -1
            for j in 0..<columnCount where !isBasic[j] && cost(level, j) < -Self.zero && keepsLevels(j, below: level) {
                entering = j
                break
            }
            if entering < 0 { return true }
            var leaving = -1
            var best = Double.infinity
            for i in 0..<rowCount {
                let x = self[i, entering]
                if x <= Self.zero { continue }
                let ratio = rhs[i] / x
                if ratio < best - Self.zero || (abs(ratio - best) <= Self.zero && basis[i] < basis[leaving]) {
                    best = ratio
                    leaving = i
                }
            }
            if leaving < 0 { return false }
            isBasic[basis[leaving]] = false
            isBasic[entering] = true
            pivot(row: leaving, column: entering)
        }
    }
}
