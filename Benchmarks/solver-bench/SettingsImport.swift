import Cassowary

/// The solver's part of importing the settings-rows storyboard (import-bench's document, `rows` rows of a
/// row view holding a label and a switch): the constraints the layout engine adds, in the engine's order,
/// with its variables (each view's `minX`, `minY`, `width`, `height` in its superview), then one read.
///
/// - the root: `width = 375`, `height = max(667, 40 + 52 rows)`; its safe area (x 0, y 20, the root's
///   size less the origin), keyboard guide (x 0, height 0, bottom on the root's bottom) — required;
/// - per row, as each view is added: `width ≥ 0`, `height ≥ 0` (required) for the row, the label and the
///   switch; the label's and the switch's content size per axis: `size ≤ intrinsic` at the hugging
///   priority (label 251, switch 250) and `size ≥ intrinsic` at 750 (label 120 × 20.5, switch 49 × 31);
/// - the document's constraints on the root: rows chained 8 pt apart from the safe area's top, leading
///   and trailing on the margins guide (16 pt in), after the margins guide's own four;
/// - each row's six: label leading 16, label and switch centred vertically, switch trailing 16, switch
///   leading ≥ label trailing + 8, row height 44.
///
/// 14 constraints per row as views arrive, 3 + 6 per row from the document, 10 + 4 of the guides:
/// 2,314 for 100 rows (the import's 900 document constraints plus the engine's own).
struct SettingsImport {
    let rows: Int
    let rowBoxes: [Box]
    let labels: [Box]
    let switches: [Box]
    /// The constraints, in the order the engine adds them.
    let constraints: [Constraint]

    init(rows: Int) {
        self.rows = rows
        func box(_ name: String) -> Box {
            Box(l: Variable(name + ".minX"), t: Variable(name + ".minY"), w: Variable(name + ".width"),
                h: Variable(name + ".height"))
        }
        let rootWidth = Variable("root.width"), rootHeight = Variable("root.height")
        let safe = box("root.safeArea"), keyboard = box("root.keyboard"), margins = box("root.margins")
        rowBoxes = (0..<rows).map { box("row\($0)") }
        labels = (0..<rows).map { box("setting\($0)") }
        switches = (0..<rows).map { box("switch\($0)") }
        var c: [Constraint] = [
            rootWidth == 375, rootHeight == Double(max(667, 40 + rows * 52)),
            safe.l == 0, safe.l + safe.w - rootWidth == 0, safe.t == 20, safe.t + safe.h - rootHeight == 0,
            keyboard.l == 0, keyboard.l + keyboard.w - rootWidth == 0,
            keyboard.t + keyboard.h - rootHeight == 0, keyboard.h == 0,
        ]
        /// A view's two non-negative sizes, then (with an intrinsic size) its four content size constraints.
        func add(_ b: Box, intrinsic: (w: Double, h: Double)? = nil, hugging: Double = 250) {
            c += [b.w >= 0, b.h >= 0]
            guard let intrinsic else { return }
            c += [(b.w <= intrinsic.w) | Strength(hugging), (b.w >= intrinsic.w) | .strong,
                  (b.h <= intrinsic.h) | Strength(hugging), (b.h >= intrinsic.h) | .strong]
        }
        for i in 0..<rows {
            add(rowBoxes[i])
            add(labels[i], intrinsic: (120, 20.5), hugging: 251)
            add(switches[i], intrinsic: (49, 31))
        }
        c += [rowBoxes[0].t == safe.t]
        c += [margins.l == 16, margins.l + margins.w - rootWidth + 16 == 0, margins.t == 20,
              margins.t + margins.h - rootHeight == 0]
        for i in 0..<rows {
            let row = rowBoxes[i]
            if i > 0 { c.append(row.t == rowBoxes[i - 1].t + rowBoxes[i - 1].h + 8) }
            c += [row.l == margins.l, margins.l + margins.w - row.l - row.w == 0]
        }
        for i in 0..<rows {
            let row = rowBoxes[i], label = labels[i], toggle = switches[i]
            c += [label.l == 16, label.t + 0.5 * label.h - 0.5 * row.h == 0,
                  row.w - toggle.l - toggle.w - 16 == 0, toggle.t + 0.5 * toggle.h - 0.5 * row.h == 0,
                  toggle.l - label.l - label.w - 8 >= 0, row.h == 44]
        }
        constraints = c
    }

    /// A fresh solver with every constraint added and the variables updated: the timed work.
    @inline(never)
    func solve() throws -> Solver {
        let solver = Solver()
        for constraint in constraints { try solver.addConstraint(constraint) }
        solver.updateVariables()
        return solver
    }

    /// Checks every frame against the document's arithmetic: row i at x 16 (the margin), y 20 + 52 i (the
    /// safe area's top, then 44 tall plus 8 apart), 375 − 2 × 16 = 343 wide; the label at its intrinsic
    /// 120 × 20.5, x 16, centred: y (44 − 20.5) / 2 = 11.75; the switch 49 × 31 at x 343 − 16 − 49 = 278,
    /// y (44 − 31) / 2 = 6.5 (the gap 278 − 16 − 120 = 142 ≥ 8 holds, so nothing bends).
    func verify(_ solver: Solver) throws {
        func check(_ b: Box, _ want: (Double, Double, Double, Double), _ name: String) throws {
            let got = (solver.value(of: b.l), solver.value(of: b.t), solver.value(of: b.w), solver.value(of: b.h))
            if abs(got.0 - want.0) > 1e-6 || abs(got.1 - want.1) > 1e-6 || abs(got.2 - want.2) > 1e-6
                || abs(got.3 - want.3) > 1e-6
            {
                throw BenchError.mismatch("import rows=\(rows): \(name) is \(got), expected \(want)")
            }
        }
        for i in 0..<rows {
            try check(rowBoxes[i], (16, Double(20 + 52 * i), 343, 44), "row \(i)")
            try check(labels[i], (16, 11.75, 120, 20.5), "label \(i)")
            try check(switches[i], (278, 6.5, 49, 31), "switch \(i)")
        }
    }
}

/// `solver-bench import [rows]`: builds the settings import's system repeatedly (a fresh solver each
/// time), checks the first and last, and reports the median build (wall and this thread's CPU time) in
/// µs, the least CPU time, and the median CPU time per constraint.
func runImport(_ rows: Int, builds: Int) throws -> BenchResult {
    let scenario = SettingsImport(rows: rows)
    var wall: [Double] = []
    var cpu: [Double] = []
    for k in 0..<builds {
        var solver: Solver? = nil
        let cpuStart = threadCPUNanos()
        wall.append(try timeMicros { solver = try scenario.solve() })
        cpu.append(Double(threadCPUNanos() - cpuStart) / 1000)
        if k == 0 || k == builds - 1, let solver { try scenario.verify(solver) }
    }
    var r = BenchResult(scenario: "import", n: rows)
    let n = Double(scenario.constraints.count)
    r.fields = [("constraints", n), ("build_us", median(wall)), ("build_cpu_us", median(cpu)),
                ("build_cpu_min_us", cpu.min() ?? .nan), ("cpu_us_per_constraint", median(cpu) / n)]
    return r
}
