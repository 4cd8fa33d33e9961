import Foundation
import Glibc

/// The process's open-file limit: raised to the hard limit at start, the session limit derived from
/// what it leaves, and a spare descriptor so that a connection arriving when none is left is answered
/// with HTTP 503 instead of waiting in the listen queue.
///
/// At the limit, libwebsockets' `accept` fails with EMFILE and it returns to poll(2) with the listening
/// socket still readable: the service thread spins and nothing is accepted, `/healthz` included, until a
/// descriptor frees up. After each service pass `answerOverLimit` looks for exactly that (the listening
/// socket readable and no descriptor free), closes the spare, accepts, answers 503, closes, and opens
/// the spare again, until the queue is empty. Service thread only.
final class DescriptorLimit {
    /// The soft limit after raising it, and what it was before.
    let limit: Int
    let raisedFrom: Int
    /// The spare: `/dev/null`, held open to be closed when a descriptor is needed.
    private var spare: Int32
    /// The listening socket, found by `attach(port:)`; -1 before.
    private var listener: Int32 = -1

    /// Raises the soft open-file limit to the hard one (when the hard one is unlimited, the kernel's
    /// `nr_open` caps it) and opens the spare.
    init() {
        var limits = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
        raisedFrom = Int(clamping: limits.rlim_cur)
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) != 0, let open = Self.kernelMaximum() {
                raised.rlim_cur = min(limits.rlim_max, rlim_t(open))
                _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised)
            }
        }
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
        limit = Int(clamping: limits.rlim_cur)
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    deinit {
        if spare >= 0 { close(spare) }
    }

    /// Descriptors kept free for what is not a session: HTTP requests (`/healthz`, `/metrics`, the
    /// page's files, each a socket and an open file), the journal's files and connections still in their
    /// handshake.
    var reserve: Int { max(16, limit / 32) }

    /// Sessions the limit leaves room for, each holding `perSession` descriptors, with `inUse` open
    /// now and `reserve` kept free; at least 1.
    func sessions(perSession: Int, inUse: Int) -> Int {
        max(1, (limit - inUse - reserve) / max(1, perSession))
    }

    /// Descriptors open in this process now (the entries of `/proc/self/fd`).
    static func openCount() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 1) - 1
    }

    /// Finds the listening TCP socket of `port` among the process's descriptors (libwebsockets 4.1 has
    /// no call that returns it).
    func attach(port: Int) {
        for fd in 0..<Int32(min(limit, 4096)) where Self.isListener(fd, port: port) {
            listener = fd
            return
        }
    }

    /// After a service pass: when connections wait to be accepted and no descriptor is free, answers
    /// each with HTTP 503 through the spare and returns how many (at most 64 a pass).
    func answerOverLimit() -> Int {
        guard listener >= 0, spare >= 0 else { return 0 }
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 0) > 0 else { return 0 }
        // A descriptor is free: libwebsockets accepts the connection in its next pass.
        let probe = fcntl(spare, F_DUPFD_CLOEXEC, 0)
        if probe >= 0 {
            close(probe)
            return 0
        }
        var answered = 0
        while answered < 64 {
            close(spare)
            let connection = accept(listener, nil, nil)
            if connection >= 0 {
                Self.refuse(connection)
                answered += 1
            }
            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
            if connection < 0 || spare < 0 { break }
        }
        return answered
    }

    /// The answer over the limit: read what the request sent so far (closing a socket with unread
    /// input resets it, which can destroy the answer before the client reads it), write the 503, close.
    private static func refuse(_ connection: Int32) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<4 where recv(connection, &scratch, scratch.count, Int32(MSG_DONTWAIT)) > 0 {}
        let body = "no descriptor is free for another connection: try again later\n"
        let answer = "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: \(body.utf8.count)\r\n"
            + "connection: close\r\nretry-after: 1\r\n\r\n" + body
        _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        shutdown(connection, Int32(SHUT_WR))
        close(connection)
    }

    private static func isListener(_ fd: Int32, port: Int) -> Bool {
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0, accepting == 1 else { return false }
        var address = sockaddr_storage()
        var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        guard named == 0 else { return false }
        let bound: UInt16 = withUnsafePointer(to: &address) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
            default: 0
            }
        }
        return Int(UInt16(bigEndian: bound)) == port
    }

    /// `/proc/sys/fs/nr_open`: the most a process's limit may be.
    private static func kernelMaximum() -> Int? {
        (try? String(contentsOfFile: "/proc/sys/fs/nr_open", encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
