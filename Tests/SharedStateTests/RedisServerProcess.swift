import Foundation
import Glibc
import Testing

/// A real `redis-server` for one test: on a free loopback port, in a temporary folder of its own, with
/// no persistence, killed (SIGKILL) and restarted on the same port when a test asks.
final class RedisServerProcess {
    /// The redis-server executable on PATH (or REDIS_SERVER), nil when it is not installed.
    static let executable: String? = {
        if let given = ProcessInfo.processInfo.environment["REDIS_SERVER"] { return given }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/redis-server"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Why the Redis tests are skipped, for `.enabled(if:)`.
    static let missing: Comment = "redis-server is not installed (apt-get install redis-server; `bash .ci/setup --tests` does)"

    let port: Int
    let folder: URL
    private var process: Process?

    /// Starts redis-server on a free port; `arguments` are extra configuration (`--name value`).
    init(arguments: [String] = []) throws {
        port = try Self.freePort()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-state-redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.arguments = arguments
        try start()
    }

    private let arguments: [String]

    deinit {
        kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts the server (again) on `port` and returns once it accepts connections (at most 5 s).
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable ?? "redis-server")
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--dir", folder.path, "--save", "",
                             "--appendonly", "no", "--daemonize", "no", "--logfile", folder.appendingPathComponent("redis.log").path]
            + arguments
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(5)
        while !Self.accepts(port: port) {
            guard Date() < deadline, process.isRunning else { throw StartError.notListening(port) }
            usleep(10_000)
        }
    }

    /// SIGKILL, and waits for the process to be gone.
    func kill() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// SIGSTOP (`true`) or SIGCONT (`false`): a Redis that keeps its sockets open and answers nothing.
    func pause(_ paused: Bool) {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, paused ? SIGSTOP : SIGCONT)
    }

    enum StartError: Error { case notListening(Int), noPort }

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw StartError.noPort }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
