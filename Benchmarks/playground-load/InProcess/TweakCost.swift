import Foundation
import Playground

/// `playground-load --tweak-cost [--sessions N]`: one tweak turn in process (decode, set, layout pass,
/// frames, ok), and what Foundation's JSON takes for the decode and for the `ok` alone. With N sessions,
/// they are tweaked in turn, as the server's tweak phase does, so each turn finds its session's memory
/// out of cache; the turn (`receive`) and the rendering of what it queued are timed apart.
enum TweakCost {
    /// With `state`, every session journals into an `SQLiteJournal` there and each tweak is committed
    /// alone, as a service pass holding one tweak would be: the journal's cost per tweak, at its worst.
    static func run(sessions count: Int = 1, tweaks wanted: Int = 50_000, state: String? = nil) {
        let sessions = (0..<count).map { Session(id: "s\($0)", now: 0) }
        let queue: JournalQueue?
        do {
            queue = try state.map { JournalQueue(journal: try SQLiteJournal(folder: $0)) }
        } catch {
            fail("\(error)")
        }
        for session in sessions { session.journalQueue = queue }
        let buffers = (0..<count).map { _ in MessageBuffer(headroom: 16) }
        for session in sessions {
            session.receive(SceneDocument.load(id: 1), now: 0)
            _ = try? queue?.commit()
            while session.nextOutgoing() != nil {}
        }
        var bytes = 0
        var journalSeconds = 0.0
        var turnSeconds = 0.0
        var renderSeconds = 0.0
        let rounds = max(1, wanted / count)
        for round in 0..<rounds {
            for (index, session) in sessions.enumerated() {
                let text = SceneDocument.tweak(id: round + 2, constant: 40 + (round + index) % 200)
                let start = monotonicSeconds()
                session.receive(text, now: 0)
                let received = monotonicSeconds()
                if let queue {
                    do { _ = try queue.commit() } catch { fail("\(error)") }
                }
                let turnEnd = monotonicSeconds()
                journalSeconds += turnEnd - received
                // As the server takes messages: the bytes of a `frames`, never made into a String.
                while session.writeNext(into: buffers[index]) != nil { bytes += buffers[index].message.count }
                renderSeconds += monotonicSeconds() - turnEnd
                turnSeconds += turnEnd - start
            }
        }
        let tweaks = Double(rounds * count)
        let perTweak = (turnSeconds + renderSeconds) / tweaks
        let label = count == 1 ? "one session" : "\(count) sessions tweaked in turn"
        let journal = queue == nil ? "" : " (of which the journal's commit \(fixed(journalSeconds / tweaks * 1e6)) µs)"
        print("tweak cost (\(label), 20-view scene, in process): \(fixed(perTweak * 1e6)) µs per tweak: "
              + "turn \(fixed(turnSeconds / tweaks * 1e6)) µs\(journal), frames and ok \(fixed(renderSeconds / tweaks * 1e6)) µs "
              + "(\(Int(Double(bytes) / tweaks)) bytes)")
        guard count == 1 else { return }
        let text = SceneDocument.tweak(id: 12345, constant: 99)
        let decodeStart = monotonicSeconds()
        for _ in 0..<wanted { _ = try! JSONSerialization.jsonObject(with: Data(text.utf8)) }
        let decode = (monotonicSeconds() - decodeStart) / Double(wanted)
        let okStart = monotonicSeconds()
        for index in 0..<wanted {
            let data = try! JSONSerialization.data(withJSONObject: ["type": "ok", "re": index] as [String: Any], options: [.sortedKeys])
            bytes += data.count
        }
        let ok = (monotonicSeconds() - okStart) / Double(wanted)
        print("  JSONSerialization: decode of the tweak \(fixed(decode * 1e6)) µs, encode of its ok \(fixed(ok * 1e6)) µs")
    }
}
