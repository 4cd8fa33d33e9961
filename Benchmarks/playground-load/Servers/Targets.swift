import Foundation

/// Where the server under test listens, and its pid when known.
struct Target {
    var host: String
    var port: Int
    var pid: Int32?
    var child: ChildProcess?
}

/// This executable, started again as a server (`--serve`, `--echo-server`).
let ownPath = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

/// The playground under test: the running one of `--url`, the binary of `--server` started with its
/// caps lifted, or `playground-load --serve` (`PlaygroundServe`). Throws `LoadError` when a started
/// server prints no `listening on` line.
func startPlayground(_ options: Options) throws -> Target {
    if let url = options.url {
        let address = url.replacingOccurrences(of: "ws://", with: "").split(separator: "/").first ?? ""
        let parts = address.split(separator: ":")
        guard parts.count == 2, let port = Int(parts[1]) else { fail("invalid --url \(url)") }
        return Target(host: String(parts[0]), port: port, pid: options.serverPID, child: nil)
    }
    // Every load session comes from 127.0.0.1: lift the session and follower caps (the rate limits stay).
    let caps = ["--max-sessions", "1000000", "--max-sessions-per-address", "1000000", "--max-followers", "1000000"]
    let state = options.state.map { ["--state", $0] }
    let redis = options.redis.map { ["--redis", $0] } ?? []
    let child = try options.server.map {
        try ChildProcess(executable: $0, arguments: ["--port", "0"] + caps + (state ?? ["--no-state"]) + redis)
    } ?? ChildProcess(executable: ownPath, arguments: ["--serve", "--port", "0"] + (state ?? []) + redis)
    return Target(host: "127.0.0.1", port: child.port, pid: child.pid, child: child)
}

/// The raw libwebsockets server of the floors (`EchoServer`), ticking streams at `fps`.
func startEcho(fps: Int) throws -> Target {
    let child = try ChildProcess(executable: ownPath, arguments: ["--echo-server", "--port", "0", "--fps", "\(fps)"])
    return Target(host: "127.0.0.1", port: child.port, pid: child.pid, child: child)
}
