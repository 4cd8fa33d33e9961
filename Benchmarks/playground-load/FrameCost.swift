import Foundation
import Playground

/// `playground-load --frame-cost`: the per-frame work of one animating session in process, without
/// sockets: the tick (clock, animations), rendering the `frames` message (presentation of 20 views,
/// diff, encoding), and for comparison what Foundation's JSONSerialization takes to encode the same message.
enum FrameCost {
    static func run(frames count: Int = 60_000, compare: Bool = true) {
        let session = Session(id: "bench", now: 0)
        session.receive(SceneDocument.load(id: 1), now: 0)
        while session.nextOutgoing() != nil {}
        var now = 0.0
        var toggle = false
        var sample = ""
        var bytes = 0
        var produced = 0
        func animate() {
            toggle.toggle()
            session.receive(SceneDocument.animate(id: 2, constant: toggle ? 340 : 40, duration: 1), now: now)
        }
        animate()
        let start = monotonicSeconds()
        while produced < count {
            now += 1.0 / 60
            session.tick(now: now)
            var ended = false
            while let text = session.nextOutgoing() {
                if text.hasPrefix(#"{"type":"frames""#) {
                    produced += 1
                    bytes += text.utf8.count
                    if sample.isEmpty, produced > 10 { sample = text }
                } else if text.contains("animationEnd") {
                    ended = true
                }
            }
            if ended || !session.wantsTicks { animate() }
        }
        let perFrame = (monotonicSeconds() - start) / Double(produced)

        guard compare else {
            print("tick + render + encode per frame: \(fixed(perFrame * 1e6)) µs")
            return
        }
        // The same message through JSONSerialization (the encoder frames used before FramesEncoder).
        let object = try! JSONSerialization.jsonObject(with: Data(sample.utf8))
        let repeats = 20_000
        let jsonStart = monotonicSeconds()
        var total = 0
        for _ in 0..<repeats {
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            total &+= String(decoding: data, as: UTF8.self).utf8.count
        }
        let jsonPerMessage = (monotonicSeconds() - jsonStart) / Double(repeats)
        print("frame cost (one session, 20 views moving, in process):")
        print("  tick + render + encode per frame: \(fixed(perFrame * 1e6)) µs, \(bytes / produced) bytes per frame")
        print("  JSONSerialization of the same message: \(fixed(jsonPerMessage * 1e6)) µs (\(total / repeats) bytes)")
        print("  sample: \(sample.prefix(160))…")
    }
}

/// `playground-load --frame-cost --sessions N`: the same per-frame work for N animating sessions ticked
/// in turn, as the server's timer does, so each frame finds its session's memory out of cache.
enum ManySessionFrameCost {
    static func run(sessions count: Int, ticks: Int = 120) {
        let sessions = (0..<count).map { Session(id: "s\($0)", now: 0) }
        var toggles = [Bool](repeating: false, count: count)
        func animate(_ index: Int, at now: Double) {
            toggles[index].toggle()
            sessions[index].receive(SceneDocument.animate(id: 2, constant: toggles[index] ? 340 : 40, duration: 1), now: now)
        }
        for (index, session) in sessions.enumerated() {
            session.receive(SceneDocument.load(id: 1), now: 0)
            animate(index, at: 0)
            while session.nextOutgoing() != nil {}
        }
        var produced = 0
        var bytes = 0
        var now = 0.0
        var requests = 0
        var requestTime = 0.0
        let start = monotonicSeconds()
        for _ in 0..<ticks {
            now += 1.0 / 60
            for (index, session) in sessions.enumerated() {
                session.tick(now: now)
                var ended = false
                while let text = session.nextOutgoing() {
                    if text.hasPrefix(#"{"type":"frames""#) {
                        produced += 1
                        bytes += text.utf8.count
                    } else if text.contains("animationEnd") {
                        ended = true
                    }
                }
                if ended || !session.wantsTicks {
                    let requestStart = monotonicSeconds()
                    animate(index, at: now)
                    requests += 1
                    requestTime += monotonicSeconds() - requestStart
                }
            }
        }
        let perFrame = (monotonicSeconds() - start - requestTime) / Double(produced)
        print("frame cost (\(count) sessions ticked in turn, 20 views moving, in process): "
              + "tick + render + encode \(fixed(perFrame * 1e6)) µs per frame, \(bytes / max(1, produced)) bytes per frame; "
              + "\(fixed(requestTime / Double(max(1, requests)) * 1e6)) µs per animate request (\(requests) requests)")
    }
}

/// `playground-load --tweak-cost`: one tweak turn in process (decode, set, layout pass, frames, ok),
/// and what Foundation's JSON takes for the decode and for the `ok` alone.
enum TweakCost {
    static func run(count: Int = 50_000) {
        let session = Session(id: "bench", now: 0)
        session.receive(SceneDocument.load(id: 1), now: 0)
        while session.nextOutgoing() != nil {}
        let start = monotonicSeconds()
        var bytes = 0
        for index in 0..<count {
            session.receive(SceneDocument.tweak(id: index + 2, constant: 40 + index % 200), now: 0)
            while let text = session.nextOutgoing() { bytes += text.utf8.count }
        }
        let perTweak = (monotonicSeconds() - start) / Double(count)
        let text = SceneDocument.tweak(id: 12345, constant: 99)
        let decodeStart = monotonicSeconds()
        for _ in 0..<count { _ = try! JSONSerialization.jsonObject(with: Data(text.utf8)) }
        let decode = (monotonicSeconds() - decodeStart) / Double(count)
        let okStart = monotonicSeconds()
        for index in 0..<count {
            let data = try! JSONSerialization.data(withJSONObject: ["type": "ok", "re": index] as [String: Any], options: [.sortedKeys])
            bytes += data.count
        }
        let ok = (monotonicSeconds() - okStart) / Double(count)
        print("tweak cost (one session, 20-view scene, in process): \(fixed(perTweak * 1e6)) µs per turn (frames + ok)")
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
