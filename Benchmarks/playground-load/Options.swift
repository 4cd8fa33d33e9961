import Foundation

/// What `--help` prints: every mode and flag.
let usage = """
usage: playground-load [options]            run the load phases against servers it starts
       playground-load --echo-server [--port N] [--fps F]   serve the raw libwebsockets floor (echo, streaming)
       playground-load --serve [--port N]   serve the playground (what the phases start)
       playground-load --frame-cost [--sessions N]   per-frame cost in process of one session, or of N
                                            sessions ticked in turn (no sockets)
       playground-load --tweak-cost [--sessions N]   per-tweak cost in process of one session, or of N
                                            sessions tweaked in turn (no sockets)
       playground-load --session-memory     heap bytes per session in process
       playground-load --edit-cost [--items LIST] [--repeats N]   per-edit cost in process on columns of
                                            views: a rehearsed edit, an `animate`, a `set` (no sockets)
       playground-load --build-cost [--items LIST]   a scene built one `add` at a time up to each
                                            size in constraints (default 250,500,1000,2000; no sockets)

  --phases LIST        comma-separated, from echo,tweak,stream,animate,follow,idle (default: all six;
                       follow compares itself with the stream and animate phases run before it)
  --sessions N         sessions of the animate and stream phases (default 1000); with --frame-cost
                       or --tweak-cost, sessions ticked or tweaked in turn in process
  --tweak-sessions N   sessions tweaking, and echo sessions (default 100)
  --tweak-rate HZ      tweaks per second per session (default 60)
  --items LIST         with --edit-cost: scene sizes in views + constraints, multiples of 5, at most
                       about 1,400 (what one load may cost) (default 10,50,100,250,500,1000,1250)
  --repeats N          with --edit-cost: edits timed per size (default 20)
  --animation S        seconds of each animation of the animate and follow phases, re-triggered when it
                       ends (default 1); longer ones leave the frames alone in the window
  --followers N        connections following the one shared, animating session of the follow phase
                       (default 1000)
  --idle-sessions N    idle sessions for the memory figure (default 1000)
  --fps F              clock fps of the sessions: 30, 60 or 120 (default 60)
  --seconds S          measurement window per phase (default 10)
  --warmup S           seconds before the window opens, 0 or more (default 2)
  --server PATH        run this layout-playground binary instead of `playground-load --serve` (its
                       follow attempts per address stay limited: the follow phase needs --serve)
  --url ws://H:P/      use a running server (no server CPU/RSS unless --server-pid)
  --server-pid PID     the running server's pid, for CPU and RSS
  --state DIR          the server under test journals its sessions in DIR (SQLite, one commit per
                       service pass; with --tweak-cost, one commit per tweak); default: no journal
  --redis URL          the server under test journals its sessions in this Redis (redis://HOST:PORT,
                       in place of --state): every pass's turns confirmed by Redis before the answers
  --deflate            offer permessage-deflate (off by default: loopback gains nothing from it)
  --slice S            with both echo and tweak: measure them in turns of about S seconds each
                       (default 1), see "Placement" in docs/PERFORMANCE.md
  --no-interleave      with both echo and tweak: measure the echo floor, then the tweak phase
  --no-pin             let the kernel place the client and server of the echo and tweak phases
                       (default: both on one CPU, so that both phases run alike, see "Placement"
                       in docs/PERFORMANCE.md; never pinned with --url)
"""

/// A run as the flags describe it; the defaults are the figures docs/PERFORMANCE.md reports.
struct Options {
    var phases = ["echo", "tweak", "stream", "animate", "follow", "idle"]
    var sessions = 1000
    var tweakSessions = 100
    var tweakRate = 60.0
    /// Seconds of each animation of the animate and follow phases.
    var animationSeconds = 1.0
    /// Followers of the follow phase's shared session.
    var followers = 1000
    var idleSessions = 1000
    var fps = 60
    var seconds = 10.0
    var warmup = 2.0
    var server: String?
    var url: String?
    var serverPID: Int32?
    /// The server's journal folder (`--state`), nil for none.
    var state: String?
    /// The Redis the server under test journals in (`--redis`), nil for none.
    var redis: String?
    var deflate = false
    var port = 0
    /// Run the echo and tweak phases with client and server on one CPU (`CPUPinning`).
    var pinLatencyPhases = true
    /// Measure the echo and tweak phases in alternating slices (`InterleavedLatency`) when both run.
    var interleaveLatency = true
    /// The length of one slice of `InterleavedLatency`, seconds.
    var sliceSeconds = 1.0
    /// Scene sizes of `--edit-cost`, views + constraints.
    var items = [10, 50, 100, 250, 500, 1000, 1250]
    /// Edits timed per size by `--edit-cost`.
    var repeats = 20
}

/// Prints `message` to standard error and exits with status 2 (a bad flag, a server that would not start).
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("playground-load: \(message)\n".utf8))
    exit(2)
}

/// The mode (`load` for the phases, else `echo-server`, `serve` or an in-process measurement) and the
/// options of `arguments`; exits through `fail` on an unknown flag or a bad number.
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
        case "--edit-cost": mode = "edit-cost"
        case "--build-cost": mode = "build-cost"
        case "--items": options.items = value().split(separator: ",").map { Int(number(String($0))) }
        case "--repeats": options.repeats = Int(number(value()))
        case "--port": options.port = Int(value()) ?? 0
        case "--phases": options.phases = value().split(separator: ",").map(String.init)
        case "--sessions": options.sessions = Int(number(value()))
        case "--tweak-sessions": options.tweakSessions = Int(number(value()))
        case "--tweak-rate": options.tweakRate = number(value())
        case "--animation": options.animationSeconds = number(value())
        case "--followers": options.followers = Int(number(value()))
        case "--idle-sessions": options.idleSessions = Int(number(value()))
        case "--fps": options.fps = Int(number(value()))
        case "--seconds": options.seconds = number(value())
        case "--warmup": options.warmup = number(value(), allowingZero: true)
        case "--server": options.server = value()
        case "--url": options.url = value()
        case "--server-pid": options.serverPID = Int32(value())
        case "--state": options.state = value()
        case "--redis": options.redis = value()
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
