import Dispatch
import Foundation
import Synchronization

/// Copies a serving process's standard output to the supervisor's, line by line and unchanged, and
/// remembers the port of its `listening on SCHEME://HOST:PORT/` line, so restarts can reuse it.
///
/// One thread per serving process reads the pipe until end of file (the process ended and its last
/// descriptor closed), then closes it.
final class OutputForwarder: Sendable {
    private let descriptor: Int32
    private let port = Mutex<Int?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// A forwarder for `descriptor` (the read end of the process's stdout pipe, owned from now on);
    /// nothing is read before `start()`.
    init(readingFrom descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Starts forwarding from a thread of its own; call once. The supervisor logs a process's pid
    /// first, so that line always comes before anything the process prints.
    func start() {
        let thread = Thread { [self] in pump() }
        thread.name = "serving-process-output"
        thread.start()
    }

    /// The port of the last `listening on` line read, if any.
    var listeningPort: Int? { port.withLock { $0 } }

    /// Waits until the pipe reached end of file, at most `timeout` seconds; false when it did not
    /// (something else still holds the pipe's write end).
    func waitUntilFinished(timeout: Double) -> Bool {
        finished.wait(timeout: .now() + timeout) == .success
    }

    /// The port of a `listening on http://127.0.0.1:8080/` (or `https://[::1]:8443/`) line, else nil.
    static func listeningPort(inLine line: some StringProtocol) -> Int? {
        guard line.hasPrefix("listening on ") else { return nil }
        let address = line.dropFirst("listening on ".count).trimmingCharacters(in: .whitespaces)
        guard address.hasSuffix("/"), let colon = address.dropLast().lastIndex(of: ":"),
              let port = Int(address[address.index(after: colon)...].dropLast()),
              (1...65535).contains(port) else { return nil }
        return port
    }

    private func pump() {
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: buffer[..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[...newline])
                pending.removeSubrange(...newline)
                forward(line)
            }
        }
        if !pending.isEmpty { forward(pending) }
        close(descriptor)
        finished.signal()
    }

    private func forward(_ line: [UInt8]) {
        if let found = Self.listeningPort(inLine: String(decoding: line.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)) {
            port.withLock { $0 = found }
        }
        // Written whole or not at all from the reader's view: a closed stdout (EPIPE, SIGPIPE being
        // ignored by the supervisor) drops the line, never the supervisor.
        var offset = 0
        while offset < line.count {
            let written = line[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
