import Cassowary

/// The box layouts of the benchmark (see docs/PERFORMANCE.md):
/// - rows: N boxes in rows of 10 (row r = i / 10, column k = i % 10), the container width W a strong edit
///   variable suggested 800 before the constraints are added. Required: w ≥ 10, h = 20, t = 8 + 28r;
///   k = 0: l = 8; k > 0: l = l(prev) + w(prev) + 8 and w = w(prev); k = 9: l + w = W − 8. Weak: w = 50.
/// - coupled: as rows, but the equal widths are medium and the tops chain vertically,
///   t(i) = t(i−10) + h(i−10) + 8 (required) for r > 0.
/// - chain: one column, all required: w ≥ 10, h = 20, l = 8, w = W − 16, t(0) = 8,
///   t(i) = t(i−1) + h(i−1) + 8.
enum LayoutKind: String, CaseIterable {
    case rows, coupled, chain
}

struct Box {
    let l: Variable, t: Variable, w: Variable, h: Variable
}

/// One box layout on one solver, with the constants it currently holds (to compute the expected layout).
final class BoxLayout {
    let kind: LayoutKind
    let n: Int
    let solver = Solver()
    let container = Variable("W")
    let boxes: [Box]
    /// `h = 20` of every box.
    var heightConstraints: [Constraint] = []
    /// The gap constraint of every box that has one (rows, coupled: l = l(prev) + w(prev) + gap for k > 0;
    /// chain: t(i) = t(i−1) + h(i−1) + gap for i > 0).
    var gapConstraints: [Constraint?] = []
    var constraintCount = 0

    // Current constants.
    var width = 800.0
    var heights: [Double]
    var gaps: [Double]

    /// The box whose height the benchmark changes, and the box whose gap it changes (middle of the layout).
    var heightBox: Int { kind == .chain ? n / 2 : (n / 20) * 10 }
    var gapBox: Int { kind == .chain ? n / 2 : (n / 20) * 10 + 5 }

    init(_ kind: LayoutKind, _ n: Int) {
        self.kind = kind
        self.n = n
        boxes = (0..<n).map { i in Box(l: Variable("l\(i)"), t: Variable("t\(i)"), w: Variable("w\(i)"), h: Variable("h\(i)")) }
        heights = Array(repeating: 20, count: n)
        gaps = Array(repeating: 8, count: n)
    }

    /// The gap constraint of box `i` with the given gap.
    func gapConstraint(_ i: Int, _ gap: Double) -> Constraint {
        let b = boxes[i], p = boxes[i - 1]
        return kind == .chain ? b.t == p.t + p.h + gap : b.l == p.l + p.w + gap
    }

    private func addGap(_ i: Int) throws {
        let c = gapConstraint(i, 8)
        gapConstraints[i] = c
        try add(c)
    }

    private func add(_ c: Constraint) throws {
        try solver.addConstraint(c)
        constraintCount += 1
    }

    /// Creates and adds every constraint, then updates the variables.
    func build() throws {
        try solver.addEditVariable(container, strength: .strong)
        try solver.suggestValue(width, for: container)
        constraintCount = 1
        heightConstraints.reserveCapacity(n)
        gapConstraints = Array(repeating: nil, count: n)
        let W = container
        for i in 0..<n {
            let b = boxes[i]
            try add(b.w >= 10)
            let hc = b.h == 20
            heightConstraints.append(hc)
            try add(hc)
            switch kind {
            case .rows, .coupled:
                let r = i / 10, k = i % 10
                if kind == .rows || r == 0 {
                    try add(b.t == Double(8 + 28 * r))
                } else {
                    let up = boxes[i - 10]
                    try add(b.t == up.t + up.h + 8)
                }
                if k == 0 {
                    try add(b.l == 8)
                } else {
                    try addGap(i)
                    try add((b.w == boxes[i - 1].w) | (kind == .rows ? .required : .medium))
                }
                if k == 9 { try add(b.l + b.w == W - 8) }
                try add((b.w == 50) | .weak)
            case .chain:
                try add(b.l == 8)
                try add(b.w == W - 16)
                if i == 0 { try add(b.t == 8) } else { try addGap(i) }
            }
        }
        solver.updateVariables()
    }

    /// Expected frames (l, t, w, h) for the current constants.
    func expected() -> [(Double, Double, Double, Double)] {
        var out = Array(repeating: (0.0, 0.0, 0.0, 0.0), count: n)
        switch kind {
        case .rows, .coupled:
            var start = 0
            while start < n {
                let end = min(start + 10, n)
                var sumGaps = 0.0
                for i in (start + 1)..<end { sumGaps += gaps[i] }
                // Full rows: 8 + 10 w + Σ gaps = W − 8. (A partial last row keeps the weak width 50.)
                let w = end - start == 10 ? (width - 16 - sumGaps) / 10 : 50
                var l = 8.0
                for i in start..<end {
                    if i > start { l += w + gaps[i] }
                    let r = i / 10
                    let t = kind == .rows || r == 0 ? Double(8 + 28 * r) : out[i - 10].1 + out[i - 10].3 + 8
                    out[i] = (l, t, w, heights[i])
                }
                start = end
            }
        case .chain:
            for i in 0..<n {
                let t = i == 0 ? 8 : out[i - 1].1 + out[i - 1].3 + gaps[i]
                out[i] = (8, t, width - 16, heights[i])
            }
        }
        return out
    }

    /// Updates the variables and compares every frame with ``expected()``.
    func verify(_ what: String) throws {
        solver.updateVariables()
        let e = expected()
        for i in 0..<n {
            let b = boxes[i]
            let got = (solver.value(of: b.l), solver.value(of: b.t), solver.value(of: b.w), solver.value(of: b.h))
            let want = e[i]
            if abs(got.0 - want.0) > 1e-6 || abs(got.1 - want.1) > 1e-6 || abs(got.2 - want.2) > 1e-6
                || abs(got.3 - want.3) > 1e-6
            {
                throw BenchError.mismatch(
                    "\(kind.rawValue) N=\(n) \(what): box \(i) is \(got), expected \(want)")
            }
        }
    }

    // MARK: - Operations

    func resize(_ w: Double) throws {
        width = w
        try solver.suggestValue(w, for: container)
    }

    static func smoothWidth(_ k: Int) -> Double { 800 + 10 * Double(k % 40) }
    static let crossingWidths: [Double] = [400, 600, 800, 1200, 300, 1000]
    static func crossingWidth(_ k: Int) -> Double { crossingWidths[k % crossingWidths.count] }
    static func heightValue(_ k: Int) -> Double { 20 + Double(k % 7) }
    static func gapValue(_ k: Int) -> Double { 8 + Double(k % 5) }

    /// `h = value` of the height box, in place.
    func setHeightInPlace(_ value: Double) throws {
        let i = heightBox
        heights[i] = value
        try solver.setConstant(-value, of: heightConstraints[i])
    }

    /// `h = value` of the height box, by removing the constraint and adding a new one.
    func setHeightRemoveAdd(_ value: Double) throws {
        let i = heightBox
        heights[i] = value
        try solver.removeConstraint(heightConstraints[i])
        let c = boxes[i].h == value
        heightConstraints[i] = c
        try solver.addConstraint(c)
    }

    func setGapInPlace(_ value: Double) throws {
        let i = gapBox
        gaps[i] = value
        try solver.setConstant(-value, of: gapConstraints[i]!)
    }

    func setGapRemoveAdd(_ value: Double) throws {
        let i = gapBox
        gaps[i] = value
        try solver.removeConstraint(gapConstraints[i]!)
        let c = gapConstraint(i, value)
        gapConstraints[i] = c
        try solver.addConstraint(c)
    }
}
