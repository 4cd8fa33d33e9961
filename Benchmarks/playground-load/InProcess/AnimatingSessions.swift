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
