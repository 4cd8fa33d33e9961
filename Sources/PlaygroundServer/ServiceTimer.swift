import CLibEV
import CLibWebSockets

/// A one-shot timer on the service thread whose callback finds its owner through the timer itself
/// (`clws_user_timer_t`), so no global state is needed.
///
/// On the libev loop it is a libev timer of its own: libwebsockets 4.1's timers (`lws_sul`) share one
/// libev timer that is only re-armed when idle, so a firing set sooner than the one it already waits
/// for (a frame 5 ms away while a 30 s idle ping is pending) would wait for the later one. Without a
/// loop it is an `lws_sul` on libwebsockets' own poll() loop.
///
/// Not thread-safe: schedule and cancel only on the service thread.
final class ServiceTimer {
    private let timer: UnsafeMutablePointer<clws_user_timer_t>
    private let callback: sul_cb_t
    private let loop: EventLoop?
    private let loopTimer: UnsafeMutablePointer<clibev_timer_t>

    /// - Parameters:
    ///   - owner: an unretained pointer the callback reads back with `ServiceTimer.owner(of:)`; it must
    ///     outlive every scheduled firing (cancel before releasing it).
    ///   - callback: a top-level func, called on the service thread.
    ///   - loop: the libev loop the context runs on, if any.
    init(owner: UnsafeMutableRawPointer, callback: sul_cb_t, loop: EventLoop?) {
        timer = .allocate(capacity: 1)
        timer.initialize(to: clws_user_timer_t(sul: lws_sorted_usec_list_t(), user: owner))
        self.callback = callback
        self.loop = loop?.raw == nil ? nil : loop
        loopTimer = .allocate(capacity: 1)
        loopTimer.initialize(to: clibev_timer_t())
        clibev_timer_init(loopTimer, serviceTimerFired, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The `owner` given to the timer that fired with `sul`.
    static func owner(of sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) -> UnsafeMutableRawPointer? {
        clws_user_timer_user(sul)
    }

    /// Fires once after `micros` microseconds (replacing a pending firing).
    func schedule(in micros: Int64, context: OpaquePointer) {
        if let raw = loop?.raw {
            clibev_timer_start(raw, loopTimer, Double(max(0, micros)) / 1_000_000)
        } else {
            lws_sul_schedule(context, 0, sul, callback, lws_usec_t(max(0, micros)))
        }
    }

    /// Cancels a pending firing, if any.
    func cancel() {
        if let raw = loop?.raw {
            clibev_timer_stop(raw, loopTimer)
        } else {
            lws_sul_cancel(sul)
        }
    }

    /// The libev timer fired: run the callback as libwebsockets would.
    fileprivate func fired() {
        callback(sul)
    }

    private var sul: UnsafeMutablePointer<lws_sorted_usec_list_t> {
        // `sul` is the first member of clws_user_timer_t.
        UnsafeMutableRawPointer(timer).assumingMemoryBound(to: lws_sorted_usec_list_t.self)
    }

    deinit {
        cancel()
        timer.deinitialize(count: 1)
        timer.deallocate()
        loopTimer.deallocate()
    }
}

/// The libev timer's callback; `argument` is the unretained `ServiceTimer`.
private func serviceTimerFired(_ argument: UnsafeMutableRawPointer?) {
    guard let argument else { return }
    Unmanaged<ServiceTimer>.fromOpaque(argument).takeUnretainedValue().fired()
}
