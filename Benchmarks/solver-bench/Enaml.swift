import Cassowary

#if canImport(Glibc)
import Glibc
#endif

/// Kiwi's enaml-like benchmark (nucleic/kiwi `benchmarks/enaml_like_benchmark.py`): 111 constraints of
/// mixed strengths read from `Benchmarks/enaml_constraints.txt`, plus strong edit variables `width` and
/// `height`. Kiwi's strengths map onto priorities: strong 750, medium 500 (Kiwi's `mmedium` and `smedium`
/// are medium with weights 1.25 and 100), weak 250.
struct EnamlScenario {
    var variables: [String: Variable] = [:]
    var constraints: [Constraint] = []

    /// The timed loop's suggestions, in turn.
    static let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]

    init(path: String) throws {
        for line in try readLines(path) {
            let text = line.trimmingSpaces
            if text.isEmpty || text.hasPrefix("#") { continue }
            constraints.append(try parse(text))
        }
    }

    mutating func variable(_ name: String) -> Variable {
        if let v = variables[name] { return v }
        let v = Variable(name)
        variables[name] = v
        return v
    }

    /// Parses `a + -0.5 * b + - c + 10 == 0 | strength`.
    mutating func parse(_ text: String) throws -> Constraint {
        let halves = text.split(separator: "|").map { String($0).trimmingSpaces }
        guard halves.count == 2 else { throw BenchError.parse(text) }
        let tokens = halves[0].split(separator: " ").map(String.init)
        guard tokens.count >= 3, tokens[tokens.count - 1] == "0" else { throw BenchError.parse(text) }
        let relation: Relation
        switch tokens[tokens.count - 2] {
        case "==": relation = .equal
        case ">=": relation = .greaterThanOrEqual
        case "<=": relation = .lessThanOrEqual
        default: throw BenchError.parse(text)
        }
        var expression = Expression()
        var sign = 1.0
        var i = 0
        let body = Array(tokens[0..<(tokens.count - 2)])
        while i < body.count {
            let t = body[i]
            if t == "+" { i += 1; continue }
            if t == "-" { sign = -sign; i += 1; continue }
            if i + 2 < body.count, body[i + 1] == "*", let k = Double(body[i]) {
                expression = expression + variable(body[i + 2]) * (sign * k)
                i += 3
            } else if let k = Double(t) {
                expression = expression + sign * k
                i += 1
            } else {
                expression = expression + variable(t) * sign
                i += 1
            }
            sign = 1
        }
        let strength: Strength
        switch halves[1] {
        case "required": strength = .required
        case "strong": strength = .strong
        case "medium": strength = .medium
        case "weak": strength = .weak
        case "mmedium": strength = Strength(500, weight: 1.25)
        case "smedium": strength = Strength(500, weight: 100)
        default: throw BenchError.parse(text)
        }
        return Constraint(expression, relation, strength: strength)
    }

    /// Builds a solver: edit variables first, then the constraints (Kiwi's order).
    mutating func build() throws -> Solver {
        let solver = Solver()
        try solver.addEditVariable(variable("width"), strength: .strong)
        try solver.addEditVariable(variable("height"), strength: .strong)
        for c in constraints { try solver.addConstraint(c) }
        solver.updateVariables()
        return solver
    }

    /// The layout Kiwi computes for a suggestion (checked against kiwisolver 1.5).
    func expected(width w: Double, height h: Double) -> [String: Double] {
        var e: [String: Double] = [
            "contents_left": 10, "contents_top": 10, "ctheight": 24, "ctleft": 87, "cttop": 72,
            "fl1height": 21, "fl1left": 87, "fl1top": 10, "fl2height": 21, "fl2left": 87, "fl2top": 41,
            "fl3height": 21, "fl3left": 10, "lb1height": 16, "lb1left": 10, "lb1top": 12.5, "lb1width": 67,
            "lb2height": 16, "lb2left": 10, "lb2top": 43.5, "lb2width": 67, "lb3height": 16, "lb3left": 10,
            "lb3top": 76, "lb3width": 67, "left": 0, "midline": 87, "top": 0,
        ]
        e["width"] = w
        e["height"] = h
        e["contents_right"] = w - 10
        e["contents_bottom"] = h - 10
        e["ctwidth"] = w - 97
        e["fl1width"] = w - 97
        e["fl2width"] = w - 97
        e["fl3width"] = w - 20
        return e
    }

    func verify(_ solver: Solver, width w: Double, height h: Double) throws {
        for (name, value) in expected(width: w, height: h) {
            let got = solver.value(of: variables[name]!)
            if abs(got - value) > 1e-6 {
                throw BenchError.mismatch("enaml \(w)x\(h): \(name) = \(got), expected \(value)")
            }
        }
        // fl3top is not unique: between 106 (what ct and lb3 ask for) and h - 31 (what the two copies of the
        // contents_bottom constraint ask for) the medium error 2.5·|h − 31 − y| + 1.25·|y − 106| +
        // 1.25·|y − 102| is flat. Kiwi picks h − 31; any point of the segment is optimal.
        let y = solver.value(of: variables["fl3top"]!)
        if y < 106 - 1e-6 || y > h - 31 + 1e-6 {
            throw BenchError.mismatch("enaml \(w)x\(h): fl3top = \(y), expected in [106, \(h - 31)]")
        }
    }
}

enum BenchError: Error, CustomStringConvertible {
    case parse(String)
    case mismatch(String)
    case io(String)

    var description: String {
        switch self {
        case .parse(let s): return "cannot parse: \(s)"
        case .mismatch(let s): return "wrong layout: \(s)"
        case .io(let s): return "cannot read \(s)"
        }
    }
}

func readLines(_ path: String) throws -> [String] {
    guard let f = fopen(path, "r") else { throw BenchError.io(path) }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return String(s)
    }
}
