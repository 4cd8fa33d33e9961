import Foundation

/// One client's playground: a scene, its layout engine, a clock and an outbox of messages to send.
///
/// A session knows nothing of sockets. The transport feeds it one complete text message per run-loop turn
/// with `receive(_:now:)`, calls `tick(now:)` at the display rate while `wantsTicks` is true, and drains
/// `nextOutgoing()` whenever the socket is writable. `now` is the transport's monotonic time in seconds.
public final class Session {
    /// The session's id, as sent in `hello`.
    public let id: String
    private var outbox: [String] = []

    /// Creates a session and queues its `hello`.
    public init(id: String, now: Double) {
        self.id = id
        outbox.append(#"{"type":"hello","protocol":"layout-playground.v1","session":"\#(id)","scenes":[]}"#)
    }

    /// Handles one client text message as one run-loop turn and queues everything it causes.
    public func receive(_ text: String, now: Double) {
        outbox.append(#"{"type":"error","code":"not-implemented","message":"not implemented yet"}"#)
    }

    /// Advances a realtime clock to `now`: queues a `frames` (coalesced with an unsent one) and any
    /// `animationEnd` that became due.
    public func tick(now: Double) {}

    /// True while the realtime clock runs an animation, so the transport should call `tick(now:)`.
    public var wantsTicks: Bool { false }

    /// True when `nextOutgoing()` has something to send.
    public var hasOutgoing: Bool { !outbox.isEmpty }

    /// The next text message to send, rendered now (a pending `frames` carries the newest state).
    public func nextOutgoing() -> String? {
        outbox.isEmpty ? nil : outbox.removeFirst()
    }
}
