import CLibWebSockets
import Synchronization

/// Asks a running `PlaygroundServer` to stop, from any thread (a signal-watching thread, typically).
///
/// The server then closes every WebSocket with 1001 (going away), waits up to one second for them to
/// go, and `run()` returns.
public final class StopHandle: Sendable {
    private struct State {
        var requested = false
        /// The context to wake; nil before it exists and after it is destroyed.
        var context: ContextPointer?
    }

    /// The context pointer, only ever used here for `lws_cancel_service`, which libwebsockets documents
    /// as safe from any thread; the mutex orders it against the context's destruction.
    private struct ContextPointer: @unchecked Sendable {
        let raw: OpaquePointer
    }

    private let state = Mutex(State())

    init() {}

    /// Requests the stop and wakes the service loop. Safe to call repeatedly and from any thread
    /// (`lws_cancel_service` is the one libwebsockets call allowed off the service thread).
    public func requestStop() {
        state.withLock { state in
            state.requested = true
            if let context = state.context { lws_cancel_service(context.raw) }
        }
    }

    /// Wakes the service loop without stopping it, from any thread: `lws_service` returns and the loop
    /// takes what other threads handed it (Redis's replies, `RedisEvents`).
    public func wakeService() {
        state.withLock { state in
            if let context = state.context { lws_cancel_service(context.raw) }
        }
    }

    /// True once `requestStop()` was called.
    public var isStopRequested: Bool { state.withLock { $0.requested } }

    /// Makes `requestStop()` wake `context` (nil detaches it before the context is destroyed).
    func attach(_ context: OpaquePointer?) {
        let pointer = context.map(ContextPointer.init(raw:))
        state.withLock { $0.context = pointer }
    }
}
