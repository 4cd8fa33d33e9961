import Glibc

/// A non-blocking pipe whose read end a connection's thread polls beside its Redis socket, so that
/// another thread can wake it (a command queued, a channel to subscribe, a stop) without a lock held
/// across the poll. Writes that find the pipe full are dropped: one unread byte already wakes the poll.
final class WakePipe: @unchecked Sendable {
    // @unchecked: two descriptors fixed at init; write(2) and read(2) on them are thread-safe.
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Makes the next (or the current) poll of `readEnd` return. Callable from any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe (on the polling thread, after the poll said it is readable).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Sleeps until `seconds` pass or `wake()` is called (then drains), whichever comes first.
    func wait(seconds: Double) {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, Int32(max(0, (seconds * 1000).rounded(.up)))) > 0 { drain() }
    }
}

/// Seconds on the monotonic clock (CLOCK_MONOTONIC): deadlines and back-off, never wall time.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
