import Foundation
import Playground

/// Sessions holding the load scene, each running one-second animations of `top0` re-triggered when
/// they end, ticked in turn as the server's timer ticks them.
final class AnimatingSessions {
    private let sessions: [Session]
    /// The buffer each session's connection would lend it (libwebsockets' 16 bytes of headroom).
    private let buffers: [MessageBuffer]
    private var toggles: [Bool]
    private(set) var frames = 0
    private(set) var bytes = 0
    private(set) var requests = 0
    /// Time spent in the re-triggering `animate` requests, kept apart from the frames (seconds).
    private(set) var requestSeconds = 0.0
    /// A `frames` message from the middle of an animation.
    private(set) var sample = ""

    init(count: Int) {
        sessions = (0..<count).map { Session(id: "s\($0)", now: 0) }
        buffers = (0..<count).map { _ in MessageBuffer(headroom: 16) }
        toggles = Array(repeating: false, count: count)
        for index in sessions.indices {
            sessions[index].receive(SceneDocument.load(id: 1), now: 0)
            animate(index, at: 0)
            while sessions[index].nextOutgoing() != nil {}
        }
    }

    /// Ticks every session at `now` (seconds), takes what it sends and re-triggers ended animations.
    func tick(now: Double) {
        for (index, session) in sessions.enumerated() {
            session.tick(now: now)
            var ended = false
            // As the server takes messages: the bytes of a `frames`, never made into a String.
            let buffer = buffers[index]
            while let kind = session.writeNext(into: buffer) {
                let size = buffer.message.count
                let text = kind == .frames && !sample.isEmpty ? nil : buffer.text
                if kind == .frames {
                    frames += 1
                    bytes += size
                    if sample.isEmpty, frames > 10, let text { sample = text }
                } else if kind == .event, text?.contains("animationEnd") == true {
                    ended = true
                }
            }
            if ended || !session.wantsTicks {
                let requestStart = monotonicSeconds()
                animate(index, at: now)
                requests += 1
                requestSeconds += monotonicSeconds() - requestStart
            }
        }
    }

    private func animate(_ index: Int, at now: Double) {
        toggles[index].toggle()
        sessions[index].receive(SceneDocument.animate(id: 2, constant: toggles[index] ? 340 : 40, duration: 1), now: now)
    }
}

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

/// `playground-load --tweak-cost [--sessions N]`: one tweak turn in process (decode, set, layout pass,
/// frames, ok), and what Foundation's JSON takes for the decode and for the `ok` alone. With N sessions,
/// they are tweaked in turn, as the server's tweak phase does, so each turn finds its session's memory
/// out of cache; the turn (`receive`) and the rendering of what it queued are timed apart.
enum TweakCost {
    static func run(sessions count: Int = 1, tweaks wanted: Int = 50_000) {
        let sessions = (0..<count).map { Session(id: "s\($0)", now: 0) }
        let buffers = (0..<count).map { _ in MessageBuffer(headroom: 16) }
        for session in sessions {
            session.receive(SceneDocument.load(id: 1), now: 0)
            while session.nextOutgoing() != nil {}
        }
        var bytes = 0
        var turnSeconds = 0.0
        var renderSeconds = 0.0
        let rounds = max(1, wanted / count)
        for round in 0..<rounds {
            for (index, session) in sessions.enumerated() {
                let text = SceneDocument.tweak(id: round + 2, constant: 40 + (round + index) % 200)
                let start = monotonicSeconds()
                session.receive(text, now: 0)
                let turnEnd = monotonicSeconds()
                // As the server takes messages: the bytes of a `frames`, never made into a String.
                while session.writeNext(into: buffers[index]) != nil { bytes += buffers[index].message.count }
                renderSeconds += monotonicSeconds() - turnEnd
                turnSeconds += turnEnd - start
            }
        }
        let tweaks = Double(rounds * count)
        let perTweak = (turnSeconds + renderSeconds) / tweaks
        let label = count == 1 ? "one session" : "\(count) sessions tweaked in turn"
        print("tweak cost (\(label), 20-view scene, in process): \(fixed(perTweak * 1e6)) µs per tweak: "
              + "turn \(fixed(turnSeconds / tweaks * 1e6)) µs, frames and ok \(fixed(renderSeconds / tweaks * 1e6)) µs "
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

/// `playground-load --session-memory`: resident bytes per session in process, with the
/// hello only, with the 20-view scene loaded, and after one animation ran to its end.
enum SessionMemory {
    static func heapInUse() -> Int { ProcessSample.of(0)?.residentBytes ?? 0 }

    static func run(count: Int = 1000) {
        let start = heapInUse()
        var sessions: [Session] = []
        for index in 0..<count {
            let session = Session(id: "s\(index)", now: 0)
            while session.nextOutgoing() != nil {}
            sessions.append(session)
        }
        let connected = heapInUse()
        for session in sessions {
            session.receive(SceneDocument.load(id: 1), now: 0)
            while session.nextOutgoing() != nil {}
        }
        let loaded = heapInUse()
        for session in sessions {
            session.receive(SceneDocument.animate(id: 2, constant: 300, duration: 0.1), now: 0)
            session.tick(now: 0.05)
            session.tick(now: 0.2)
            while session.nextOutgoing() != nil {}
        }
        let animated = heapInUse()
        func perSession(_ bytes: Int) -> String { fixed(Double(bytes) / Double(count) / 1024, 1) + " KB" }
        print("session heap (\(count) sessions, in process): \(perSession(connected - start)) after hello, "
              + "\(perSession(loaded - start)) with the 20-view scene, \(perSession(animated - start)) after an animation")
        withExtendedLifetime(sessions) {}
    }
}
