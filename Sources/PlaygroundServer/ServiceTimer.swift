import CLibWebSockets

/// A one-shot libwebsockets timer (`lws_sul`) on the service thread whose callback finds its owner
/// through the timer itself (`clws_user_timer_t`), so no global state is needed.
///
/// Not thread-safe: schedule and cancel only on the service thread.
final class ServiceTimer {
    private let timer: UnsafeMutablePointer<clws_user_timer_t>
    private let callback: sul_cb_t

    /// - Parameters:
    ///   - owner: an unretained pointer the callback reads back with `ServiceTimer.owner(of:)`; it must
    ///     outlive every scheduled firing (cancel before releasing it).
    ///   - callback: a top-level func, called on the service thread.
    init(owner: UnsafeMutableRawPointer, callback: sul_cb_t) {
        timer = .allocate(capacity: 1)
        timer.initialize(to: clws_user_timer_t(sul: lws_sorted_usec_list_t(), user: owner))
        self.callback = callback
    }

    /// The `owner` given to the timer that fired with `sul`.
    static func owner(of sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) -> UnsafeMutableRawPointer? {
        clws_user_timer_user(sul)
    }

    /// Fires once after `micros` microseconds (replacing a pending firing).
    func schedule(in micros: Int64, context: OpaquePointer) {
        lws_sul_schedule(context, 0, sul, callback, lws_usec_t(max(0, micros)))
    }

    /// Cancels a pending firing, if any.
    func cancel() {
        lws_sul_cancel(sul)
    }

    private var sul: UnsafeMutablePointer<lws_sorted_usec_list_t> {
        // `sul` is the first member of clws_user_timer_t.
        UnsafeMutableRawPointer(timer).assumingMemoryBound(to: lws_sorted_usec_list_t.self)
    }

    deinit {
        timer.deinitialize(count: 1)
        timer.deallocate()
    }
}
