// text-bench: a 200-label screen laid out again on a width change, with text measured by the real
// measurer (HarfBuzz on Inter) and its caches warm, as when a device rotates back and forth.
//
//   swift run -c release text-bench             200 labels, 200 relayouts, a table
//   swift run -c release text-bench 400 1000    labels, relayouts
//
// Each relayout is `setRootSize` (375 ↔ 414 pt wide) and `layoutIfNeeded`: the solver, then every
// wrapping label re-wrapped at its new width (cached after the first two widths) and solved again.
// Prints min, median and max in milliseconds. A check first: every label is as tall as its lines.

#if canImport(Glibc)
import Glibc
#endif
import AutoLayout
import TextShaping

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let labelCount = arguments.first ?? 200
let runs = arguments.dropFirst().first ?? 200
let words = ["Auto", "Layout", "measures", "every", "label", "with", "HarfBuzz", "on", "Inter", "and", "wraps",
             "it", "greedily", "at", "the", "width", "its", "constraints", "give", "it"]

let engine = LayoutEngine(size: Size(width: 375, height: 20_000))
engine.textMeasurer = ShapingTextMeasurer.shared
var previous: String?
for index in 0..<labelCount {
    let id = "label\(index)"
    let view = try engine.addView(id)
    var content = TextContent(kind: .label, text: (0..<(4 + index % 17)).map { words[($0 * 7 + index) % words.count] }
        .joined(separator: " "))
    content.numberOfLines = index % 4 == 0 ? 1 : 0
    content.font = try Font(size: [13, 15, 17, 20][index % 4], weight: index % 3 == 0 ? .semibold : .regular)
    try engine.setTextContent(content, of: view)
    func constrain(_ name: String, _ attribute: LayoutAttribute, to other: LayoutItem, _ otherAttribute: LayoutAttribute,
                   constant: Double) throws {
        try engine.add(LayoutConstraint(identifier: "\(id)-\(name)", item: view, attribute: attribute, relatedBy: .equal,
                                        toItem: other, attribute: otherAttribute, constant: constant))
    }
    try constrain("leading", .leading, to: engine.root, .leading, constant: 16)
    try constrain("trailing", .trailing, to: engine.root, .trailing, constant: -16)
    if let previous, let above = engine.view(previous) {
        try constrain("top", .top, to: above, .bottom, constant: 8)
    } else {
        try constrain("top", .top, to: engine.root, .top, constant: 20)
    }
    previous = id
}
engine.layoutIfNeeded()

@MainActor func check() {
    for view in engine.views {
        guard let layout = view.textLayout else { continue }
        let expected = (Double(layout.lines.count) * layout.metrics.lineHeight * 2).rounded(.up) / 2
        if abs(view.frame.height - expected) > 1e-6 {
            print("check failed: \(view.identifier) is \(view.frame.height) tall for \(layout.lines.count) lines")
            exit(1)
        }
    }
}
check()

var times: [Double] = []
for run in 0..<(runs + 10) {
    let start = now()
    try engine.setRootSize(Size(width: run % 2 == 0 ? 414 : 375, height: 20_000))
    engine.layoutIfNeeded()
    let elapsed = now() - start
    if run >= 10 { times.append(elapsed * 1000) }   // the first ten warm the caches
}
check()
times.sort()
let lines = engine.views.compactMap { $0.textLayout?.lines.count }.reduce(0, +)
print("labels \(labelCount), lines at 375 pt \(lines), relayouts \(times.count)")
print(String(format: "relayout ms: min %.3f  median %.3f  max %.3f", times[0], times[times.count / 2],
             times[times.count - 1]))
