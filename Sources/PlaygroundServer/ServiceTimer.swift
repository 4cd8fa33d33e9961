import CLibEV

/// A one-shot timer on the service thread's `EventLoop`: a timerfd the loop watches, so it fires to the
/// microsecond (an `ev_timer` would wait in whole milliseconds), and whose callback finds its owner
/// through the timer itself (`clibev_timer_t`), so no global state is needed.
///
/// libwebsockets' own timers (`lws_sul`) are not used: on libev, 4.1 keeps one libev timer for all of
/// them and re-arms it only once it has fired, so a timer set sooner than the pending one would fire late.
/// Not thread-safe: schedule and cancel only on the service thread.
public final class ServiceTimer {
    private let timer: UnsafeMutablePointer<clibev_timer_t>
    private let eventLoop: EventLoop

    /// - Parameters:
    ///   - loop: the loop that watches the timer; it must outlive the timer.
    ///   - owner: the pointer handed to `callback`; it must outlive every scheduled firing (cancel before
    ///     releasing it).
    ///   - callback: a top-level func, called on the service thread with `owner`.
    /// - Returns: nil when the kernel gives no timerfd (out of file descriptors).
    public init?(loop: EventLoop, owner: UnsafeMutableRawPointer, callback: clibev_callback) {
        timer = .allocate(capacity: 1)
        timer.initialize(to: clibev_timer_t(watcher: ev_io(), callback: nil, argument: nil, fd: -1))
        eventLoop = loop
        guard clibev_timer_init(loop.loop, timer, callback, owner) == 0 else {
            timer.deinitialize(count: 1)
            timer.deallocate()
            return nil
        }
    }

    /// Fires once after `micros` microseconds (at least 1; replacing a pending firing).
    public func schedule(in micros: Int64) {
        clibev_timer_start(timer, micros)
    }

    /// Cancels a pending firing, if any.
    public func cancel() {
        clibev_timer_stop(timer)
    }

    deinit {
        clibev_timer_destroy(eventLoop.loop, timer)
        timer.deinitialize(count: 1)
        timer.deallocate()
    }
}
