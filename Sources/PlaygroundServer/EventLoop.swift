import CLibEV

/// The libev loop (epoll on Linux) that libwebsockets runs the server's sockets and timers on.
///
/// libwebsockets' default loop calls poll() over every connection on every wake-up, so with a
/// thousand connected sessions the scan costs more than the frames; with libev as a "foreign loop"
/// (`LWS_SERVER_OPTION_LIBEV` plus `foreign_loops`) only the sockets that are ready are visited, and
/// `runOnce()` still hands control back after each turn as `lws_service` did.
final class EventLoop {
    /// The loop, nil if libev could not create one (then libwebsockets' own poll() loop is used).
    let raw: OpaquePointer?
    /// The one-entry array of loops (one per service thread) that `lws_context_creation_info` points to.
    let foreignLoops = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)

    init() {
        raw = ev_loop_new(UInt32(EVFLAG_AUTO))
        foreignLoops.pointee = raw.map { UnsafeMutableRawPointer($0) }
    }

    /// Waits for at least one ready socket or due timer and dispatches what is ready.
    func runOnce() {
        guard let raw else { return }
        ev_run(raw, Int32(EVRUN_ONCE))
    }

    /// Call only after the libwebsockets context using the loop was destroyed.
    deinit {
        if let raw { ev_loop_destroy(raw) }
        foreignLoops.deallocate()
    }
}
