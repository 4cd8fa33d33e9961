import CLibEV

/// The libev loop (epoll backend) a libwebsockets context runs on as its "foreign loop"
/// (`LWS_SERVER_OPTION_LIBEV`, `foreign_loops`), with the timers of its owner.
///
/// libwebsockets' default loop calls poll(2) over every socket on every wake-up, so each message paid
/// for a scan of all connections; epoll reports only the ready ones. Not thread-safe: create, run and
/// destroy it on the service thread.
public final class EventLoop {
    /// The libev loop.
    let loop: OpaquePointer
    /// The one-element `foreign_loops` array libwebsockets reads at context creation.
    public let foreignLoops: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    /// A new epoll loop, or nil when the kernel gives no epoll instance (out of file descriptors).
    public init?() {
        guard let loop = ev_loop_new(UInt32(EVBACKEND_EPOLL)) else { return nil }
        self.loop = loop
        foreignLoops = .allocate(capacity: 1)
        foreignLoops.initialize(to: UnsafeMutableRawPointer(loop))
    }

    /// Waits for at least one event (a socket, a timer, `lws_cancel_service`) and dispatches every event
    /// ready by then, calling libwebsockets' callbacks and the timers' callbacks; then returns.
    public func runOnce() {
        ev_run(loop, Int32(EVRUN_ONCE))
    }

    /// Call only after the context that runs on this loop is destroyed, and its timers with it.
    deinit {
        ev_loop_destroy(loop)
        foreignLoops.deinitialize(count: 1)
        foreignLoops.deallocate()
    }
}
