// solver-bench: the Cassowary benchmark of docs/PERFORMANCE.md.
//
//   swift run -c release solver-bench              every scenario, as a table
//   swift run -c release solver-bench --json       one JSON object per line per scenario and N
//   swift run -c release solver-bench rows 1000    one case (scenario: enaml, import, rows, coupled, chain)
//   swift run -c release solver-bench import 100   the settings import's 2,314 constraints (100 rows)
//   swift run -c release solver-bench --doubling   doubling ratios, N = 1000/2000/4000 timed in interleaved rounds
//
// Every scenario is checked against its expected layout before and after it is timed.
// Times are microseconds per operation, medians of repeated runs.

#if canImport(Glibc)
import Glibc
#endif

/// The directory holding this file's parent (`Benchmarks/`), to find the enaml data.
let benchmarksDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/")
}()

var json = false
var quick = false
var doubling = false
var positional: [String] = []
for arg in CommandLine.arguments.dropFirst() {
    switch arg {
    case "--json": json = true
    case "--quick": quick = true
    case "--doubling": doubling = true
    case "-h", "--help":
        printLine("usage: solver-bench [--json] [--quick] [enaml | import | rows | coupled | chain] [N]")
        printLine("       solver-bench [--json] --doubling [rows | coupled | chain]")
        exit(0)
    default: positional.append(arg)
    }
}

if doubling {
    var kinds = LayoutKind.allCases
    if !positional.isEmpty {
        kinds = positional.compactMap(LayoutKind.init(rawValue:))
        guard kinds.count == positional.count else {
            printError("--doubling takes rows, coupled or chain\n")
            exit(2)
        }
    }
    do {
        for kind in kinds {
            let result = try Doubling(kind)
            printLine(json ? result.json : result.line)
        }
    } catch {
        printError("solver-bench: \(error)\n")
        exit(1)
    }
    exit(0)
}

var cases: [(String, Int)] = []
let defaultSizes = quick ? [100, 1000] : [100, 1000, 2000, 4000, 5000, 10_000]
if positional.isEmpty {
    cases.append(("enaml", 0))
    cases.append(("import", 100))
    for kind in LayoutKind.allCases {
        for n in defaultSizes { cases.append((kind.rawValue, n)) }
    }
} else {
    let name = positional[0]
    guard name == "enaml" || name == "import" || LayoutKind(rawValue: name) != nil else {
        printError("unknown scenario \(name)\n")
        exit(2)
    }
    if positional.count > 1 {
        guard let n = Int(positional[1]), n >= 10, n % 10 == 0 else {
            printError("N must be a multiple of 10\n")
            exit(2)
        }
        cases.append((name, n))
    } else if name == "enaml" {
        cases.append((name, 0))
    } else if name == "import" {
        cases.append((name, 100))
    } else {
        for n in defaultSizes { cases.append((name, n)) }
    }
}

var results: [BenchResult] = []
if !json { printHeader() }
do {
    for (name, n) in cases {
        let result = name == "enaml" ? try runEnaml()
            : name == "import" ? try runImport(n, builds: quick ? 10 : 40)
            : try runLayout(LayoutKind(rawValue: name)!, n)
        results.append(result)
        if json { printLine(result.json) } else { printRow(result) }
    }
} catch {
    printError("solver-bench: \(error)\n")
    exit(1)
}
if !json { printScaling(results) }
