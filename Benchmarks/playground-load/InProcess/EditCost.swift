import Foundation
import Playground

/// `playground-load --edit-cost [--items LIST] [--repeats N]`: what edits cost on scenes of each size
/// (columns of bars: one view and four constraints per bar, so `items / 5` views), in process.
///
/// - **rehearsed**: `{"type":"keyboard","show":false}` (a rehearsed message with no undo step): the
///   scene's document written afresh, the scratch scene rebuilt from it, the message run there and
///   then live. Under callgrind, `--toggle-collect='*EditCost*rehearsed*'` counts these turns alone
///   (and `*animate*`, `*setAlpha*` the others).
/// - **animate**: a 1 s `animate` of `top0` as the load phases send it (rehearsed, with its undo
///   step), re-sent while the previous one runs.
/// - **set alpha**: a `set` of one view's `alpha` (not rehearsed; an undo step).
/// - **tweak**: a `set` of `top0`'s `constant`, as a slider sends it (the tweak of `--tweak-cost`).
/// - **undo**: an `undo` of a `set` of `h0`'s constant (the set untimed): the document written, the
///   step's entry put in, the scene rebuilt from it.
enum EditCost {
    static func run(items sizes: [Int], repeats: Int) {
        print("edit cost in process, µs per message (median of \(repeats)):")
        print("items  views  rehearsed  animate  set-alpha  tweak  undo")
        for items in sizes {
            let views = max(1, items / 5)
            let session = Session(id: "edit", now: 0)
            session.receive(#"{"type":"load","id":1,"scene":\#(SceneDocument.column(views: views))}"#, now: 0)
            // A scene past one message's work (2n² + 1 > 4,000,000) is refused: measure no empty scene.
            guard session.sessionLimits.maxViews >= views, 2 * items * items + 1 <= session.sessionLimits.maxWorkPerMessage
            else { fail("\(items) items do not load in one message") }
            drain(session)
            var now = 0.0
            func median(untimed prepare: ((Session, Int, Double) -> Void)? = nil,
                        _ turn: (Session, Int, Double) -> Void) -> Double {
                var times: [Double] = []
                for index in 0..<repeats {
                    now += 0.1
                    if let prepare {
                        prepare(session, index, now)
                        drain(session)
                    }
                    let start = monotonicSeconds()
                    turn(session, index, now)
                    times.append(monotonicSeconds() - start)
                    drain(session)
                }
                return times.sorted()[times.count / 2] * 1e6
            }
            let rehearsed = median(rehearsed)
            let animate = median(animate)
            let alpha = median(setAlpha)
            let tweak = median(tweak)
            let undo = median(untimed: { session, index, now in
                session.receive(#"{"type":"set","constraint":"h0","constant":\#(4 + index % 2),"id":1}"#, now: now)
            }, undo)
            print("\(items)  \(views)  \(fixed(rehearsed, 0))  \(fixed(animate, 0))  \(fixed(alpha, 0))  \(fixed(tweak, 0))  \(fixed(undo, 0))")
        }
    }

    // One function per kind of turn, never inlined, so callgrind can count each kind alone.
    @inline(never) private static func rehearsed(_ session: Session, _ index: Int, _ now: Double) {
        session.receive(#"{"type":"keyboard","show":false,"id":\#(index + 10)}"#, now: now)
    }

    @inline(never) private static func animate(_ session: Session, _ index: Int, _ now: Double) {
        session.receive(SceneDocument.animate(id: index + 10, constant: index % 2 == 0 ? 340 : 40, duration: 1), now: now)
    }

    @inline(never) private static func setAlpha(_ session: Session, _ index: Int, _ now: Double) {
        session.receive(#"{"type":"set","view":"v0","alpha":\#(index % 2 == 0 ? 0.5 : 1),"id":\#(index + 10)}"#, now: now)
    }

    @inline(never) private static func undo(_ session: Session, _ index: Int, _ now: Double) {
        session.receive(#"{"type":"undo","id":\#(index + 10)}"#, now: now)
    }

    @inline(never) private static func tweak(_ session: Session, _ index: Int, _ now: Double) {
        session.receive(SceneDocument.tweak(id: index + 10, constant: 40 + index % 200), now: now)
    }

    /// Takes everything the session queued, so its outbox does not grow.
    static func drain(_ session: Session) {
        let buffer = MessageBuffer(headroom: 16)
        while session.writeNext(into: buffer) != nil {}
    }
}
