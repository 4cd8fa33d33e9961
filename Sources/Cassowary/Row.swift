/// Tolerance for "near zero" tests throughout the solver.
let epsilon = 1e-8

@inline(__always) func nearZero(_ value: Double) -> Bool {
    value < epsilon && value > -epsilon
}

/// Kind of a tableau symbol (paper §2.2, §3: external = unrestricted user variable; slack and error are
/// restricted to be >= 0; dummy is a slack fixed at 0, the marker of a required equality).
enum SymbolKind: UInt8 {
    case external, slack, error, dummy
}

/// A sparse linear row `constant + Σ cells[symbol] × symbol`.
///
/// In the tableau, a row stored under basic symbol `b` means `b = constant + Σ cells`.
/// Symbols are dense `Int` ids. These helpers do not know about the solver's column index; the
/// solver uses them only for rows that are not in the tableau (objective levels, the artificial
/// objective, rows being built).
struct Row {
    var cells: IntMap
    var constant: Double
    /// Topological stamp of an external row (see ``SolverCore``'s lazy rows): a lazy row only refers to
    /// basic external symbols with lower stamps, so the references form no cycle.
    var stamp: Float = 0
    /// Whether the row may refer to basic symbols (only rows of external symbols can): such a row is
    /// evaluated through its references and expanded before it enters a restricted row or the objective.
    var lazy = false

    init(constant: Double = 0) {
        self.cells = IntMap()
        self.constant = constant
    }

    /// An empty row with room for `cells` cells (see ``IntMap/init(minimumCapacity:)``).
    init(constant: Double, capacity cells: Int) {
        self.cells = IntMap(minimumCapacity: cells)
        self.constant = constant
    }

    @inline(__always) func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

    /// `constant += delta`, returning the new constant.
    @inline(__always) mutating func addToConstant(_ delta: Double) -> Double {
        constant += delta
        return constant
    }

    /// cells[symbol] += coefficient, dropping the cell when it becomes near zero.
    mutating func insert(symbol: Int, coefficient: Double) {
        if let i = cells.index(forKey: symbol) {
            let v = cells.value(at: i) + coefficient
            if nearZero(v) { cells.remove(at: i) } else { cells.setValue(v, at: i) }
        } else if !nearZero(coefficient) {
            cells.insertNew(symbol, coefficient)
        }
    }

    /// self += coefficient × other.
    mutating func insert(row other: Row, coefficient: Double = 1) {
        constant += other.constant * coefficient
        cells.add(other.cells, times: coefficient)
    }

    mutating func reverseSign() {
        constant = -constant
        cells.scaleAll(by: -1)
    }

    /// Given `0 = self`, solve for `symbol`: afterwards `symbol = self`. False, with the row unchanged,
    /// when `symbol` has no cell (the caller's invariant is broken: it records a fault).
    mutating func solveFor(_ symbol: Int) -> Bool {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return false }
        let c = -1 / coefficient
        constant *= c
        cells.scaleAll(by: c)
        return true
    }

    /// Given `lhs = self` (lhs not in cells), re-solve for `rhs`: afterwards `rhs = self`. False when
    /// `rhs` has no cell (the row then holds `0 = self − lhs`; the caller records a fault).
    mutating func solveFor(lhs: Int, rhs: Int) -> Bool {
        insert(symbol: lhs, coefficient: -1)
        return solveFor(rhs)
    }

    /// Replaces `symbol` by `row` (which defines it).
    mutating func substitute(_ symbol: Int, with row: Row) {
        if let c = cells.removeValue(forKey: symbol) { insert(row: row, coefficient: c) }
    }
}
