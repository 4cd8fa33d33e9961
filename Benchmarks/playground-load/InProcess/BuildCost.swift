import Foundation
import Playground

/// `playground-load --build-cost [--items LIST]`: a scene built one `add` at a time, in process, up to
/// each size in constraints (default 250, 500, 1000, 2000: the constraint limit). The column of bars of
/// the other benchmarks: each bar a view `add`ed, then its four constraints (top, leading, trailing,
/// height) one `add` each, every message answered before the next, as a page or script builds a scene.
/// Linear when the time for twice the constraints is at most twice the time.
///
/// Under callgrind, `--toggle-collect='*BuildCost*build*'` counts the adds alone.
enum BuildCost {
    static func run(constraints sizes: [Int]) {
        print("scene built one add at a time, in process (views + constraints = 1.25 × constraints):")
        print("constraints  adds  ms  µs-per-add  ratio-to-half")
        var previous: (size: Int, seconds: Double)?
        for size in sizes {
            let session = Session(id: "build", now: 0)
            EditCost.drain(session)
            let start = monotonicSeconds()
            let adds = build(session, constraints: size)
            let seconds = monotonicSeconds() - start
            let ratio = previous.map { $0.size * 2 == size ? fixed(seconds / $0.seconds, 2) : "-" } ?? "-"
            print("\(size)  \(adds)  \(fixed(seconds * 1e3, 1))  \(fixed(seconds / Double(adds) * 1e6, 1))  \(ratio)")
            previous = (size, seconds)
        }
    }

    /// Adds `constraints / 4` bars to `session`'s empty scene; returns the adds sent.
    @inline(never) private static func build(_ session: Session, constraints: Int) -> Int {
        var id = 1
        func send(_ text: String) {
            session.receive(text, now: 0)
            EditCost.drain(session)
            id += 1
        }
        for index in 0..<constraints / 4 {
            let view = "v\(index)"
            send(#"{"type":"add","id":\#(id),"view":{"id":"\#(view)"}}"#)
            let above = index == 0 ? "root.top" : "v\(index - 1).bottom"
            for (name, first, second, constant) in [("top", "top", above, 2), ("lead", "leading", "root.leading", 16),
                                                    ("trail", "trailing", "root.trailing", -16)] {
                send(#"{"type":"add","id":\#(id),"constraint":{"id":"\#(name)\#(index)","first":"\#(view).\#(first)","second":"\#(second)","constant":\#(constant)}}"#)
            }
            send(#"{"type":"add","id":\#(id),"constraint":{"id":"h\#(index)","first":"\#(view).height","constant":1}}"#)
        }
        return id - 1
    }
}
