import Foundation
import Playground

/// `playground-load --edit-cost [--items LIST] [--repeats N]`: what edits cost on scenes of each size
/// (columns of bars: one view and four constraints per bar, so `items / 5` views), in process.
///
/// - **rehearsed**: `{"type":"keyboard","show":false}` (a rehearsed message with no undo step): the
///   scene's document written afresh, the scratch scene rebuilt from it, the message run there and
///   then live. Under callgrind, `--toggle-collect='*allOrNothing*'` counts exactly this part.
/// - **animate**: a 1 s `animate` of `top0` as the load phases send it (rehearsed, with its undo
///   step), re-sent while the previous one runs.
/// - **set alpha**: a `set` of one view's `alpha` (not rehearsed; an undo step).
enum EditCost {
    static func run(items sizes: [Int], repeats: Int) {
        print("edit cost in process, µs per message (median of \(repeats)):")
        print("items  views  rehearsed  animate  set-alpha")
        for items in sizes {
            let views = max(1, items / 5)
            let session = Session(id: "edit", now: 0)
            session.receive(#"{"type":"load","id":1,"scene":\#(SceneDocument.column(views: views))}"#, now: 0)
            drain(session)
            var now = 0.0
            func median(_ message: (Int) -> String) -> Double {
                var times: [Double] = []
                for index in 0..<repeats {
                    now += 0.1
                    let start = monotonicSeconds()
                    session.receive(message(index), now: now)
                    times.append(monotonicSeconds() - start)
                    drain(session)
                }
                return times.sorted()[times.count / 2] * 1e6
            }
            let rehearsed = median { #"{"type":"keyboard","show":false,"id":\#($0 + 10)}"# }
            let animate = median { SceneDocument.animate(id: $0 + 10, constant: $0 % 2 == 0 ? 340 : 40, duration: 1) }
            let alpha = median { #"{"type":"set","view":"v0","alpha":\#($0 % 2 == 0 ? 0.5 : 1),"id":\#($0 + 10)}"# }
            print("\(items)  \(views)  \(fixed(rehearsed, 0))  \(fixed(animate, 0))  \(fixed(alpha, 0))")
        }
    }

    /// Takes everything the session queued, so its outbox does not grow.
    private static func drain(_ session: Session) {
        let buffer = MessageBuffer(headroom: 16)
        while session.writeNext(into: buffer) != nil {}
    }
}
