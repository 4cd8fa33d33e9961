import Foundation
import IBFixtures
import Playground

// import-bench: an Interface Builder document imported and laid out, two ways:
// - "import + first layout": `InterfaceBuilderLayout.frames` (XML reading, the scene document,
//   building the scene, the first layout pass), what the target is about;
// - "import message": the same through a session, as a client sends it: JSON decoding of the
//   message, the import, and encoding its answer (the complete `frames` and the whole `scene`).
// Prints the median and the spread over repeated runs, after three warm-up runs.
//
//   swift run -c release import-bench [--rows 100] [--runs 50]

var rows = 100
var runs = 50
var layoutOnly = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--rows": rows = Int(arguments.next() ?? "") ?? rows
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    case "--layout-only": layoutOnly = true
    default:
        print("usage: import-bench [--rows N] [--runs N] [--layout-only]")
        exit(2)
    }
}

let document = IBFixture.settingsRows(rows)
let message = try JSONSerialization.data(withJSONObject: ["type": "import", "format": "storyboard",
                                                           "document": document, "id": 1])
let text = String(decoding: message, as: UTF8.self)
/// This thread's CPU time in ms: unlike the wall clock it does not count time the machine gave to
/// other processes, which on a shared 2-core machine is most of the spread.
func cpuMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
}

var layoutSamples: [Double] = []
var layoutCPU: [Double] = []
for run in 0..<(runs + 3) {
    let start = DispatchTime.now().uptimeNanoseconds
    let cpuStart = cpuMilliseconds()
    let frames = try InterfaceBuilderLayout.frames(ofDocument: document)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    if run >= 3 { layoutCPU.append(cpuMilliseconds() - cpuStart) }
    // The last row: under the 20 pt status bar, rows of 44 pt every 52 pt.
    let last = frames["row\(rows - 1)"]
    guard frames.count == rows * 3, last?[1] == Double(20 + (rows - 1) * 52) else {
        print("unexpected layout: \(frames.count) views, the last row at \(last ?? [])")
        exit(1)
    }
    if run >= 3 { layoutSamples.append(elapsed) }
}
var samples: [Double] = []
var answer = "\"type\":\"scene\""
for run in 0..<(layoutOnly ? 0 : runs + 3) {
    let session = Session(id: "bench", now: 0)
    while session.nextOutgoing() != nil {}
    let start = DispatchTime.now().uptimeNanoseconds
    session.receive(text, now: 0)
    var last = ""
    while let out = session.nextOutgoing() { last = out }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    if run >= 3 { samples.append(elapsed) }   // the first runs warm caches and the allocator
    answer = last
}
guard answer.contains("\"type\":\"scene\"") else {
    print("the import failed: \(answer.prefix(300))")
    exit(1)
}
func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] }
    return String(format: "median %.2f ms, min %.2f, p90 %.2f, max %.2f", percentile(0.5), sorted[0], percentile(0.9),
                  sorted[sorted.count - 1])
}
print("import-bench: \(rows * 3) views, \(rows * 9) constraints, \(document.utf8.count) bytes of XML, \(runs) runs")
print("  import + first layout, wall: \(summary(layoutSamples))")
print("  import + first layout, CPU:  \(summary(layoutCPU))")
if !layoutOnly { print("  import message (decode, import, layout, encode the answer): \(summary(samples))") }
