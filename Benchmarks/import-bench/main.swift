import Foundation
import Playground

// import-bench: an Interface Builder document through a session, as a client sends it: the `import`
// message (JSON decoding, XML reading, the scene document, building the scene, the first layout pass)
// and its answer (the complete `frames` and the `scene`). Prints the median and the spread of the
// time from `receive` to the last outgoing message over repeated runs.
//
//   swift run -c release import-bench [--rows 100] [--runs 50]

var rows = 100
var runs = 50
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--rows": rows = Int(arguments.next() ?? "") ?? rows
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    default:
        print("usage: import-bench [--rows N] [--runs N]")
        exit(2)
    }
}

let document = BenchDocument.storyboard(rows: rows)
let message = try JSONSerialization.data(withJSONObject: ["type": "import", "format": "storyboard",
                                                           "document": document, "id": 1])
let text = String(decoding: message, as: UTF8.self)
var samples: [Double] = []
var answer = ""
for run in 0..<(runs + 3) {
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
let sorted = samples.sorted()
func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] }
print("import-bench: \(rows * 3) views, \(rows * 9) constraints, \(document.utf8.count) bytes of XML, \(runs) runs")
print(String(format: "  import + first layout + answer: median %.2f ms, min %.2f, p90 %.2f, max %.2f",
             percentile(0.5), sorted[0], percentile(0.9), sorted[sorted.count - 1]))
