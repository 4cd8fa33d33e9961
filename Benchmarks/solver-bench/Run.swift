import Cassowary

#if canImport(Glibc)
import Glibc
#endif

/// One line of output.
struct BenchResult {
    var scenario: String
    var n: Int
    var fields: [(String, Double)] = []

    subscript(key: String) -> Double? { fields.first { $0.0 == key }?.1 }

    var json: String {
        var out = "{\"scenario\": \"\(scenario)\", \"N\": \(n)"
        for (k, v) in fields {
            out += ", \"\(k)\": " + (v.isFinite ? format(v, 3) : "null")
        }
        return out + "}"
    }
}

/// `value` with `digits` decimals (no Foundation).
func format(_ value: Double, _ digits: Int) -> String {
    if !value.isFinite { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let negative = value < 0
    let r = (abs(value) * scale).rounded()
    let whole = Int(r / scale)
    var frac = String(Int(r - Double(whole) * scale))
    while frac.count < digits { frac = "0" + frac }
    return (negative ? "-" : "") + String(whole) + (digits > 0 ? "." + frac : "")
}

func runEnaml() throws -> BenchResult {
    var scenario = try EnamlScenario(path: benchmarksDirectory + "/enaml_constraints.txt")
    var builds: [Double] = []
    var solver = Solver()
    for _ in 0..<20 {
        var s: Solver? = nil
        builds.append(try timeMicros { s = try scenario.build() })
        solver = s!
    }
    let width = scenario.variable("width"), height = scenario.variable("height")
    // Verify every suggestion of the loop first.
    for (w, h) in EnamlScenario.sizes {
        try solver.suggestValue(w, for: width)
        try solver.suggestValue(h, for: height)
        solver.updateVariables()
        try scenario.verify(solver, width: w, height: h)
    }
    let sizes = EnamlScenario.sizes
    let cycle = try perOperation(repeats: 15, ops: 60_000) { k in
        let (w, h) = sizes[k % 6]
        try solver.suggestValue(w, for: width)
        try solver.suggestValue(h, for: height)
        solver.updateVariables()
    }
    try solver.suggestValue(400, for: width)
    try solver.suggestValue(600, for: height)
    solver.updateVariables()
    try scenario.verify(solver, width: 400, height: 600)
    var r = BenchResult(scenario: "enaml", n: scenario.constraints.count)
    r.fields = [("constraints", Double(scenario.constraints.count + 2)), ("build_us", median(builds)), ("cycle_us", cycle)]
    return r
}

func runLayout(_ kind: LayoutKind, _ n: Int) throws -> BenchResult {
    let buildRepeats = n <= 1000 ? 7 : n <= 5000 ? 5 : 3
    var builds: [Double] = []
    var layout: BoxLayout! = nil
    var bytes = 0
    for _ in 0..<buildRepeats {
        layout = nil
        let before = heapInUse()
        var fresh: BoxLayout! = nil
        builds.append(try timeMicros {
            fresh = BoxLayout(kind, n)
            try fresh.build()
        })
        bytes = heapInUse() - before
        layout = fresh
        try layout.verify("after building")
    }
    /// Checks one operation against the expected layout, times `ops` operations per run, checks again.
    func phase(_ name: String, repeats: Int = 5, ops: Int, probe: () throws -> Void, _ op: (Int) throws -> Void) throws -> Double {
        try probe()
        try layout.verify(name)
        let t = try perOperation(repeats: repeats, ops: ops) { try op($0 + 1) }
        try layout.verify("after \(name)")
        return t
    }
    let smooth = try phase("smooth resize", repeats: 7, ops: 400, probe: { try layout.resize(BoxLayout.smoothWidth(7)) }) {
        try layout.resize(BoxLayout.smoothWidth($0))
    }
    let crossing = try phase("crossing resize", ops: 6, probe: { try layout.resize(BoxLayout.crossingWidth(4)) }) {
        try layout.resize(BoxLayout.crossingWidth($0))
    }
    try layout.resize(800)
    let removeAddOps = n >= 5000 && kind == .chain ? 7 : 14
    let heightInPlace = try phase("height in place", ops: 70, probe: { try layout.setHeightInPlace(BoxLayout.heightValue(3)) }) {
        try layout.setHeightInPlace(BoxLayout.heightValue($0))
    }
    let heightRemoveAdd = try phase("height by remove + add", repeats: 3, ops: removeAddOps,
                                    probe: { try layout.setHeightRemoveAdd(BoxLayout.heightValue(5)) }) {
        try layout.setHeightRemoveAdd(BoxLayout.heightValue($0))
    }
    try layout.setHeightInPlace(20)
    let gapInPlace = try phase("gap in place", ops: 70, probe: { try layout.setGapInPlace(BoxLayout.gapValue(3)) }) {
        try layout.setGapInPlace(BoxLayout.gapValue($0))
    }
    let gapRemoveAdd = try phase("gap by remove + add", repeats: 3, ops: removeAddOps,
                                 probe: { try layout.setGapRemoveAdd(BoxLayout.gapValue(2)) }) {
        try layout.setGapRemoveAdd(BoxLayout.gapValue($0))
    }
    try layout.setGapInPlace(8)
    try layout.verify("restored")

    var r = BenchResult(scenario: kind.rawValue, n: n)
    r.fields = [
        ("constraints", Double(layout.constraintCount)),
        ("build_us", median(builds)),
        ("smooth_resize_us", smooth),
        ("crossing_resize_us", crossing),
        ("change_remove_add_us_height", heightRemoveAdd),
        ("change_in_place_us_height", heightInPlace),
        ("change_remove_add_us_gap", gapRemoveAdd),
        ("change_in_place_us_gap", gapInPlace),
        ("bytes_per_constraint", Double(bytes) / Double(layout.constraintCount)),
    ]
    return r
}

// MARK: - Table

let columns: [(String, String, Int)] = [
    ("build_us", "build ms", 10), ("smooth_resize_us", "smooth µs", 10), ("crossing_resize_us", "cross µs", 10),
    ("change_remove_add_us_height", "h rm+add", 10), ("change_in_place_us_height", "h inplace", 10),
    ("change_remove_add_us_gap", "gap rm+add", 11), ("change_in_place_us_gap", "gap inpl.", 10),
    ("bytes_per_constraint", "B/constr", 9),
]

func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
}

func printHeader() {
    var line = pad("scenario", 8) + pad("N", 7) + pad("constr", 8)
    for (_, title, w) in columns { line += pad(title, w + 1) }
    printLine(line)
}

func printRow(_ r: BenchResult) {
    var line = pad(r.scenario, 8) + pad(String(r.n), 7) + pad(String(Int(r["constraints"] ?? 0)), 8)
    if r.scenario == "enaml" {
        line += "  build \(format(r["build_us"]!, 1)) µs, cycle (2 × suggestValue + updateVariables) "
            + "\(format(r["cycle_us"]!, 3)) µs"
        printLine(line)
        return
    }
    if r.scenario == "import" {
        line += "  build (add all, first update) CPU \(format(r["build_cpu_us"]!, 1)) µs "
            + "(min \(format(r["build_cpu_min_us"]!, 1)), wall \(format(r["build_us"]!, 1))), "
            + "\(format(r["cpu_us_per_constraint"]!, 3)) µs a constraint"
        printLine(line)
        return
    }
    for (key, _, w) in columns {
        guard let v = r[key] else { line += pad("-", w + 1); continue }
        let text = key == "build_us" ? format(v / 1000, 2) : key == "bytes_per_constraint" ? format(v, 0) : format(v, 2)
        line += pad(text, w + 1)
    }
    printLine(line)
}

/// Doubling ratios of build and smooth-resize times (N = 1000 → 2000 → 4000).
func printScaling(_ results: [BenchResult]) {
    for kind in LayoutKind.allCases {
        func value(_ n: Int, _ key: String) -> Double? {
            results.first { $0.scenario == kind.rawValue && $0.n == n }?[key]
        }
        var parts: [String] = []
        for key in ["build_us", "smooth_resize_us"] {
            guard let a = value(1000, key), let b = value(2000, key), let c = value(4000, key) else { continue }
            parts.append("\(key == "build_us" ? "build" : "smooth resize") ×\(format(b / a, 2)) ×\(format(c / b, 2))")
        }
        if !parts.isEmpty { printLine("doubling \(kind.rawValue) (1000→2000→4000): " + parts.joined(separator: ", ")) }
    }
}
