// playground-load: a libwebsockets client that loads the playground server with many sessions on
// loopback and measures what they receive, next to a raw libwebsockets echo server (the latency floor).
import Foundation
import PlaygroundServer

let usage = """
usage: playground-load [options]            run the load phases against servers it starts
       playground-load --echo-server [--port N] [--fps F]   serve the raw libwebsockets floor (echo, streaming)
       playground-load --serve [--port N]   serve the playground (what the phases start)
       playground-load --frame-cost [--sessions N]   per-frame cost in process of one session, or of N
                                            sessions ticked in turn (no sockets)
       playground-load --tweak-cost [--sessions N]   per-tweak cost in process of one session, or of N
                                            sessions tweaked in turn (no sockets)
       playground-load --session-memory     heap bytes per session in process

  --phases LIST        comma-separated, from echo,tweak,stream,animate,idle (default: all five)
  --sessions N         sessions of the animate and stream phases (default 1000); with --frame-cost
                       or --tweak-cost, sessions ticked or tweaked in turn in process
  --tweak-sessions N   sessions tweaking, and echo sessions (default 100)
  --tweak-rate HZ      tweaks per second per session (default 60)
  --idle-sessions N    idle sessions for the memory figure (default 1000)
  --fps F              clock fps of the sessions: 30, 60 or 120 (default 60)
  --seconds S          measurement window per phase (default 10)
  --warmup S           seconds before the window opens, 0 or more (default 2)
  --server PATH        run this layout-playground binary instead of `playground-load --serve`
  --url ws://H:P/      use a running server (no server CPU/RSS unless --server-pid)
  --server-pid PID     the running server's pid, for CPU and RSS
  --state DIR          the server under test journals its sessions in DIR (SQLite, one commit per
                       service pass; with --tweak-cost, one commit per tweak); default: no journal
  --deflate            offer permessage-deflate (off by default: loopback gains nothing from it)
  --slice S            with both echo and tweak: measure them in turns of about S seconds each
                       (default 1), see "The two phases in turn" in docs/PERFORMANCE.md
  --no-interleave      with both echo and tweak: measure the echo floor, then the tweak phase
  --no-pin             let the kernel place the client and server of the echo and tweak phases
                       (default: both on one CPU, so that both phases run alike, see "The two
                       kinds of run" in docs/PERFORMANCE.md; never pinned with --url)
"""

struct Options {
    var phases = ["echo", "tweak", "stream", "animate", "idle"]
    var sessions = 1000
    var tweakSessions = 100
    var tweakRate = 60.0
    var idleSessions = 1000
    var fps = 60
    var seconds = 10.0
    var warmup = 2.0
    var server: String?
    var url: String?
    var serverPID: Int32?
    /// The server's journal folder (`--state`), nil for none.
    var state: String?
    var deflate = false
    var port = 0
    /// Run the echo and tweak phases with client and server on one CPU (`CPUPinning`).
    var pinLatencyPhases = true
    /// Measure the echo and tweak phases in alternating slices (`InterleavedLatency`) when both run.
    var interleaveLatency = true
    /// The length of one slice of `InterleavedLatency`, seconds.
    var sliceSeconds = 1.0
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("playground-load: \(message)\n".utf8))
    exit(2)
}

func parse(_ arguments: [String]) -> (mode: String, options: Options) {
    var options = Options()
    var mode = "load"
    var index = 0
    func value() -> String {
        index += 1
        guard index < arguments.count else { fail("missing value for \(arguments[index - 1])") }
        return arguments[index]
    }
    func number(_ text: String, allowingZero: Bool = false) -> Double {
        guard let number = Double(text), number.isFinite, number > 0 || (allowingZero && number == 0) else {
            fail("invalid number \(text): use a positive number\(allowingZero ? " or 0" : "")")
        }
        return number
    }
    while index < arguments.count {
        switch arguments[index] {
        case "--help", "-h": print(usage); exit(0)
        case "--echo-server": mode = "echo-server"
        case "--serve": mode = "serve"
        case "--frame-cost": mode = "frame-cost"
        case "--frame-cost-only": mode = "frame-cost-only"
        case "--tweak-cost": mode = "tweak-cost"
        case "--session-memory": mode = "session-memory"
        case "--port": options.port = Int(value()) ?? 0
        case "--phases": options.phases = value().split(separator: ",").map(String.init)
        case "--sessions": options.sessions = Int(number(value()))
        case "--tweak-sessions": options.tweakSessions = Int(number(value()))
        case "--tweak-rate": options.tweakRate = number(value())
        case "--idle-sessions": options.idleSessions = Int(number(value()))
        case "--fps": options.fps = Int(number(value()))
        case "--seconds": options.seconds = number(value())
        case "--warmup": options.warmup = number(value(), allowingZero: true)
        case "--server": options.server = value()
        case "--url": options.url = value()
        case "--server-pid": options.serverPID = Int32(value())
        case "--state": options.state = value()
        case "--deflate": options.deflate = true
        case "--no-pin": options.pinLatencyPhases = false
        case "--no-interleave": options.interleaveLatency = false
        case "--slice": options.sliceSeconds = number(value())
        default: fail("unknown argument \(arguments[index])\n\(usage)")
        }
        index += 1
    }
    return (mode, options)
}

/// Where the server under test listens, and its pid when known.
struct Target {
    var host: String
    var port: Int
    var pid: Int32?
    var child: ChildProcess?
}

let ownPath = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

func startPlayground(_ options: Options) throws -> Target {
    if let url = options.url {
        let address = url.replacingOccurrences(of: "ws://", with: "").split(separator: "/").first ?? ""
        let parts = address.split(separator: ":")
        guard parts.count == 2, let port = Int(parts[1]) else { fail("invalid --url \(url)") }
        return Target(host: String(parts[0]), port: port, pid: options.serverPID, child: nil)
    }
    let caps = ["--max-sessions", "1000000", "--max-sessions-per-address", "1000000"]
    let state = options.state.map { ["--state", $0] }
    let child = try options.server.map { try ChildProcess(executable: $0, arguments: ["--port", "0"] + caps + (state ?? ["--no-state"])) }
        ?? ChildProcess(executable: ownPath, arguments: ["--serve", "--port", "0"] + (state ?? []))
    return Target(host: "127.0.0.1", port: child.port, pid: child.pid, child: child)
}

func startEcho(fps: Int) throws -> Target {
    let child = try ChildProcess(executable: ownPath, arguments: ["--echo-server", "--port", "0", "--fps", "\(fps)"])
    return Target(host: "127.0.0.1", port: child.port, pid: child.pid, child: child)
}

func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) + " MB" }

/// The echo floor's round trip in this run, once its phase ran: the tweak phase is compared with it.
nonisolated(unsafe) var echoFloor: Summary?

/// Pins the client for an echo or tweak phase, before it starts the phase's server, which inherits
/// the CPU (`CPUPinning`); nil with `--no-pin`, and with `--url`: a running server was placed by whoever
/// started it, and both phases must meet the same placement.
func latencyPinning(_ options: Options) -> CPUPinning? {
    options.pinLatencyPhases && options.url == nil ? CPUPinning() : nil
}

/// Server memory per idle session: RSS before any connection, after `sessions` connections (hello
/// only), and after loading the 20-view scene in each; plus the server's CPU while they sit idle.
func measureIdle(target: Target, sessions: Int, options: Options) {
    guard let pid = target.pid else { print("\n== idle: skipped (no server pid)"); return }
    let client = LoadClient(host: target.host, port: target.port, echo: false, deflate: options.deflate)
    client.service(for: 0.5)
    let empty = ProcessSample.of(pid)!
    client.connect(count: sessions)
    client.service(for: 1)
    let connected = ProcessSample.of(pid)!
    client.loadScenes(fps: options.fps)
    client.service(for: 1)
    let loaded = ProcessSample.of(pid)!
    client.service(for: 3)
    let later = ProcessSample.of(pid)!
    let open = client.openCount
    print("\n== idle: \(open)/\(sessions) sessions open, \(client.loadedCount) with the 20-view scene loaded")
    print("  server RSS: \(megabytes(empty.residentBytes)) empty, \(megabytes(connected.residentBytes)) connected, \(megabytes(loaded.residentBytes)) loaded")
    if open > 0 {
        let hello = Double(connected.residentBytes - empty.residentBytes) / Double(open) / 1024
        let scene = Double(loaded.residentBytes - empty.residentBytes) / Double(open) / 1024
        print("  per idle session: \(fixed(hello, 1)) KB connected, \(fixed(scene, 1)) KB with the scene loaded")
    }
    print("  server CPU with every session idle: \(fixed(100 * ProcessSample.cpuShare(from: loaded, to: later), 2)) % of one core")
    client.closeAll()
}

/// `--serve`: the playground server in this process, as `layout-playground` runs it.
func serve(port: Int, state: String?) -> Never {
    var publicDirectory = URL(fileURLWithPath: ownPath).deletingLastPathComponent()
    var found: String?
    for _ in 0..<6 {
        let candidate = publicDirectory.appendingPathComponent("Public").path
        if FileManager.default.fileExists(atPath: candidate + "/index.html") { found = candidate; break }
        publicDirectory.deleteLastPathComponent()
    }
    if found == nil {
        found = NSTemporaryDirectory() + "playground-load-public"
        try? FileManager.default.createDirectory(atPath: found!, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: found! + "/index.html", contents: Data("<!doctype html>".utf8))
    }
    do {
        var options = ServerOptions(host: "127.0.0.1", port: port, publicDirectory: found!)
        // Every load session comes from 127.0.0.1: lift the session caps (the rate limits stay).
        options.maxSessions = 1_000_000
        options.maxSessionsPerAddress = 1_000_000
        options.stateDirectory = state
        let server = try PlaygroundServer(options: options)
        print("listening on http://127.0.0.1:\(server.port)/")
        fflush(nil)
        server.run()
        exit(0)
    } catch {
        fail("\(error)")
    }
}

let (mode, options) = parse(Array(CommandLine.arguments.dropFirst()))
switch mode {
case "echo-server": EchoServer.run(port: options.port, fps: options.fps)
case "serve": serve(port: options.port, state: options.state)
case "frame-cost":
    let many = CommandLine.arguments.contains("--sessions")
    FrameCost.run(sessions: many ? options.sessions : 1, frames: many ? 120 * options.sessions : 60_000)
    exit(0)
case "frame-cost-only": FrameCost.run(frames: 200_000, compare: false); exit(0)
case "tweak-cost":
    TweakCost.run(sessions: CommandLine.arguments.contains("--sessions") ? options.sessions : 1, state: options.state)
    exit(0)
case "session-memory": SessionMemory.run(); exit(0)
default: break
}

print("playground-load: \(ProcessInfo.processInfo.activeProcessorCount) cores, fps \(options.fps), window \(fixed(options.seconds, 0)) s after \(fixed(options.warmup, 0)) s warm-up")
let interleaved = options.interleaveLatency && options.phases.contains("echo") && options.phases.contains("tweak")
var latencyMeasured = false
do {
    for phase in options.phases {
        switch phase {
        case "echo" where interleaved, "tweak" where interleaved:
            guard !latencyMeasured else { continue }
            latencyMeasured = true
            let pinning = latencyPinning(options)
            defer { pinning?.restore() }
            let echo = try startEcho(fps: options.fps)
            let tweak = try startPlayground(options)
            InterleavedLatency(echo: echo, tweak: tweak, options: options)
                .run(placement: placementLine(pinnedCPU: pinning?.cpu, options: options))
            echo.child?.stop()
            tweak.child?.stop()
        case "echo":
            let pinning = latencyPinning(options)
            defer { pinning?.restore() }
            let target = try startEcho(fps: options.fps)
            measure("echo floor (raw libwebsockets echo, \(options.tweakSessions) sessions × \(fixed(options.tweakRate, 0)) Hz)",
                    target: target, sessions: options.tweakSessions, workload: .tweak(rate: options.tweakRate),
                    echo: true, options: options, placement: placementLine(pinnedCPU: pinning?.cpu, options: options))
            target.child?.stop()
        case "tweak":
            let pinning = latencyPinning(options)
            defer { pinning?.restore() }
            let target = try startPlayground(options)
            measure("tweak (\(options.tweakSessions) sessions × \(fixed(options.tweakRate, 0)) Hz constant changes)",
                    target: target, sessions: options.tweakSessions, workload: .tweak(rate: options.tweakRate),
                    echo: false, options: options, placement: placementLine(pinnedCPU: pinning?.cpu, options: options))
            target.child?.stop()
        case "animate":
            let target = try startPlayground(options)
            measure("animate (\(options.sessions) sessions, 1 s animations re-triggered on animationEnd)",
                    target: target, sessions: options.sessions, workload: .animate(duration: 1), echo: false,
                    options: options)
            target.child?.stop()
        case "stream":
            let target = try startEcho(fps: options.fps)
            measure("stream floor (raw libwebsockets, \(options.sessions) sessions sent a prebuilt `frames` per tick)",
                    target: target, sessions: options.sessions, workload: .animate(duration: 1), echo: true,
                    options: options)
            target.child?.stop()
        case "idle":
            let target = try startPlayground(options)
            measureIdle(target: target, sessions: options.idleSessions, options: options)
            target.child?.stop()
        default:
            fail("unknown phase \(phase)")
        }
    }
} catch {
    fail("\(error)")
}

/// The 1-minute load average.
func loadAverage() -> String {
    String(readText("/proc/loadavg")?.split(separator: " ").first ?? "?")
}
