import Foundation
import Playground

/// `playground-load --frame-cost [--sessions N]`: the per-frame work of animating sessions in process,
/// without sockets: the tick (clock, animations), rendering the `frames` message (presentation of 20
/// views, diff, encoding). With one session, also what Foundation's JSONSerialization takes to encode
/// the same message; with N, the sessions are ticked in turn, so each frame finds its session's memory
/// out of cache.
enum FrameCost {
    static func run(sessions count: Int = 1, frames wanted: Int = 120_000, compare: Bool = true) {
        let load = AnimatingSessions(count: count)
        var now = 0.0
        let start = monotonicSeconds()
        while load.frames < wanted {
            now += 1.0 / 60
            load.tick(now: now)
        }
        let perFrame = (monotonicSeconds() - start - load.requestSeconds) / Double(load.frames)
        let sessions = count == 1 ? "one session" : "\(count) sessions ticked in turn"
        print("frame cost (\(sessions), 20 views moving, in process): tick + render + encode "
              + "\(fixed(perFrame * 1e6)) µs per frame, \(load.bytes / max(1, load.frames)) bytes per frame; "
              + "\(fixed(load.requestSeconds / Double(max(1, load.requests)) * 1e6)) µs per animate request "
              + "(\(load.requests) requests, timed apart)")
        guard compare, count == 1 else { return }
        // The same message through JSONSerialization (the encoder frames used before JSONWriter wrote them).
        let object = try! JSONSerialization.jsonObject(with: Data(load.sample.utf8))
        let repeats = 20_000
        let jsonStart = monotonicSeconds()
        var total = 0
        for _ in 0..<repeats {
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            total &+= String(decoding: data, as: UTF8.self).utf8.count
        }
        let jsonPerMessage = (monotonicSeconds() - jsonStart) / Double(repeats)
        print("  JSONSerialization of the same message: \(fixed(jsonPerMessage * 1e6)) µs (\(total / repeats) bytes)")
        print("  sample: \(load.sample.prefix(160))…")
    }
}
