// layout-playground: serves the playground page and its WebSocket protocol.
// Parses flags, starts the server, prints where it listens, and stops cleanly on SIGINT/SIGTERM;
// with --supervise it runs the server as a child process instead and restarts it (Supervisor.swift).
import Foundation
import Playground
import PlaygroundServer

/// The defaults every flag starts from: the library's, so `--help` prints what the server really does.
let defaults = ServerOptions(publicDirectory: "")

/// Text of a per-second limit that may be off (nil).
func rateText(_ rate: Double?) -> String { rate.map { "\(Int($0))" } ?? "0 (none)" }

let usage = """
usage: layout-playground [--supervise] [--host ADDRESS] [--port N] [--public DIR] [limits]
                         [--allowed-origin ORIGIN] [--tls-cert FILE --tls-key FILE] [--permessage-deflate]
       layout-playground solve SCENE.json|-|SCENE-NAME [--at SECONDS] [--device NAME]
                         lays the scene (a document, or a built-in scene by name: search-bar) out in
                         process and prints its frames as JSON (no server); exit 0, 1 with a conflict,
                         2 for a bad file, scene or device name
       layout-playground replay RECORDING.jsonl
                         replays a session --record wrote, in process, and compares its output with
                         the recording (frames within 1e-6 pt); exit 0 same, 1 with the differences
                         printed (line, view, expected vs actual), 2 for a file that is no recording

  --host ADDRESS  IPv4 or IPv6 address literal to listen on (default \(defaults.host); only that address is bound)
  --port N        TCP port (default \(defaults.port); 0 picks a free one, printed on start)
  --public DIR    folder served at / (default: the package's Public/ folder, found by walking up from
                  the executable's real location, e.g. .build/debug/ -> the package root, then ./Public)
  --supervise     run the server as a child process and restart it when it dies (below)
  --help          show this help

Limits (docs/SECURITY.md; announced to clients in hello.limits):
  --max-message-bytes N        largest message; larger ones close the connection with 1009 (default \(defaults.maxMessageBytes))
  --max-views N                views per scene (default \(defaults.sessionLimits.maxViews))
  --max-constraints N          constraints per scene (default \(defaults.sessionLimits.maxConstraints))
  --max-import-bytes N         bytes of an imported Interface Builder document (default \(defaults.sessionLimits.maxImportBytes))
  --max-import-elements N      XML elements of an imported document (default \(defaults.sessionLimits.maxImportElements))
  --max-ops N                  ops per message (default \(defaults.sessionLimits.maxOpsPerMessage))
  --max-work N                 solver work units per message, else too-complex (default \(defaults.sessionLimits.maxWorkPerMessage), ~80 ms)
  --rate N                     messages per second per session, else rate-limited; 0 = no rate limits at
                               all (default \(rateText(defaults.sessionLimits.messagesPerSecond)); also 1 MiB/s of messages and half of --max-work per second)
  --burst N                    messages accepted at once above the rate (default \(defaults.sessionLimits.messageBurst))
  --max-sessions N             open sessions in total; more upgrades get HTTP 503 (default \(defaults.maxSessions); fewer
                               when the open-file limit, raised to its hard limit at start, leaves less room)
  --max-sessions-per-address N open sessions per remote address (default \(defaults.maxSessionsPerAddress), loopback peers exempt
                               unless this flag is given: behind a proxy every peer is loopback)
  --idle-timeout S             ping after S/2 silent seconds, drop after S; 0 = never (default \(defaults.idleTimeout))
  --max-unread-bytes N         bytes of answers a client may leave unread; past it its connection is not
                               read until half are sent (default \(defaults.maxUnreadBytes))
  --unread-timeout S           seconds a connection may stay unread so before it is closed with 1008
                               (default \(defaults.unreadTimeout))
  --max-followers N            followers per shared session (default \(defaults.maxFollowers))
  --max-shared-sessions N      shared sessions per server (default \(defaults.maxSharedSessions))
  --resume-grace S             seconds a session waits for its client to rejoin after the connection
                               dropped; 0 = sessions end with their connection (default \(defaults.resumeGrace))
  --state DIR                  folder of the session journal (SQLite, mode 0700): acknowledged edits survive
                               the process dying and a restarted server takes rejoins from it; one server
                               per folder (default: layout-playground/PORT in $XDG_STATE_HOME, else in
                               ~/.local/state, so each port has its own; none with --port 0)
  --no-state                   keep no journal: sessions end with the process
  --redis URL                  redis://HOST[:PORT][/DB]: journal sessions in this Redis instead of --state,
                               so a rejoin finds its session on any server that shares it (docs/DEPLOY.md)

Access:
  --allowed-origin ORIGIN      a page origin allowed to open the WebSocket, e.g. https://example.org
                               (repeat or separate with commas; * for any). Default: the server's own
                               origin and http(s)://localhost, 127.0.0.1, [::1] on any port.
  --permessage-deflate         offer permessage-deflate (off: libwebsockets 4.1.6 can abort when several
                               clients send compressed messages at once; see docs/SECURITY.md)
  --tls-cert FILE, --tls-key FILE
                               PEM certificate and key: serve https and wss instead of http and ws

Testing:
  --record DIR                 write each session's messages in and out, with the clock, as JSON lines:
                               one file per session (mode 0600: it holds the session's resume token),
                               replayable with `replay` (docs/CLIENTS.md, "Golden recordings")
  --record-max-file-bytes N    bytes per session file; the file then ends with a "truncated" line
                               (default \(RecordingOptions(directory: "").maxFileBytes))
  --record-max-bytes N         bytes of all files in DIR together, files already there counted; past it
                               no new file starts and open ones end "truncated" (default \(RecordingOptions(directory: "").maxTotalBytes))
  --plant-faults               sessions understand {"type":"plantFault"}: the solver's next call fails as
                               a solver defect would, answered `internal` while the session rebuilds its
                               scene (for recovery tests; never on a public server)

Prints "listening on http://HOST:PORT/" once ready. SIGINT or SIGTERM closes every WebSocket with
1001 (going away) and exits with status 0. A server that cannot start (the port in use, an address not
of this machine) says why and exits with status 1; a bad flag exits with status 2.

Supervised (--supervise; the other flags go to the serving process, docs/DEPLOYMENT.md): a serving
process killed by a signal, or exiting with a status other than 0, 1 or 2, is started again on the same
port (the one it printed, so --port 0 picks it once) after 0.1 s, doubling up to 5 s; after 10 restarts
within 60 s the supervisor gives up with status 3. Its standard output is forwarded unchanged; starts,
deaths and restarts are logged on standard error with the process id. Statuses 1 and 2 are passed
through, not retried. SIGINT or SIGTERM to the supervisor is forwarded and it exits with the serving
process's status (0 on a clean stop); a serving process gets SIGTERM when its supervisor ends.
"""

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Exits with status 2 after printing `message` and where the flags are listed, in one line, to
/// standard error.
func usageError(_ message: String) -> Never {
    printError("layout-playground: \(message) (layout-playground --help lists the flags)")
    exit(2)
}

/// Every flag `usage` names, for the nearest one to a misspelt flag: the help text is the list.
let flagNames: [String] = usage.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "[" || $0 == "]" })
    .map(String.init).filter { $0.hasPrefix("--") && $0.count > 2 }

/// The parsed command line: server options (starting from `defaults`), the public folder if given, and
/// whether to supervise with the arguments a serving process gets (the command line minus `--supervise`).
struct Flags {
    var options = defaults
    var publicDirectory: String?
    var supervise = false
    var serverArguments: [String] = []
    /// Whether `--state` or `--no-state` was given; else the port's default folder is used.
    var choseState = false

    /// The session limits within `options`.
    var limits: SessionLimits {
        get { options.sessionLimits }
        set { options.sessionLimits = newValue }
    }
}

/// A whole number ≥ `minimum` for flag `name`, else a usage error.
func count(_ text: String, _ name: String, minimum: Int = 0) -> Int {
    guard let number = Int(text), number >= minimum, number <= 1 << 40 else {
        usageError("invalid value \(text) for \(name): a whole number ≥ \(minimum)")
    }
    return number
}

/// Parses `--name value` and `--name=value` forms.
func parseFlags(_ arguments: [String]) -> Flags {
    var flags = Flags()
    var certificate: String?
    var privateKey: String?
    var recordFileBytes: Int?
    var recordTotalBytes: Int?
    var index = 0
    func value(for name: String, inline: String?) -> String {
        if let inline { return inline }
        index += 1
        guard index < arguments.count else { usageError("missing value for \(name)") }
        return arguments[index]
    }
    while index < arguments.count {
        let start = index
        let argument = arguments[index]
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts.first ?? argument
        let inline = parts.count == 2 ? parts[1] : nil
        switch name {
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--supervise":
            flags.supervise = true
            index += 1
            continue
        case "--host":
            flags.options.host = value(for: name, inline: inline)
        case "--port":
            let text = value(for: name, inline: inline)
            guard let port = Int(text), (0...65535).contains(port) else { usageError("invalid port \(text)") }
            flags.options.port = port
        case "--public":
            flags.publicDirectory = value(for: name, inline: inline)
        case "--max-message-bytes":
            flags.options.maxMessageBytes = count(value(for: name, inline: inline), name, minimum: 64)
            flags.limits.maxMessageBytes = flags.options.maxMessageBytes
        case "--max-views": flags.limits.maxViews = count(value(for: name, inline: inline), name)
        case "--max-constraints": flags.limits.maxConstraints = count(value(for: name, inline: inline), name)
        case "--max-import-bytes": flags.limits.maxImportBytes = count(value(for: name, inline: inline), name, minimum: 1)
        case "--max-import-elements": flags.limits.maxImportElements = count(value(for: name, inline: inline), name, minimum: 1)
        case "--max-ops": flags.limits.maxOpsPerMessage = count(value(for: name, inline: inline), name, minimum: 1)
        case "--max-work":
            flags.limits.maxWorkPerMessage = count(value(for: name, inline: inline), name, minimum: 1)
            flags.limits.workPerSecond = flags.limits.workPerSecond.map { _ in Double(flags.limits.maxWorkPerMessage) / 2 }
        case "--rate":
            let rate = count(value(for: name, inline: inline), name)
            flags.limits.messagesPerSecond = rate == 0 ? nil : Double(rate)
            if rate == 0 { flags.limits.workPerSecond = nil; flags.limits.bytesPerSecond = nil }
        case "--burst": flags.limits.messageBurst = count(value(for: name, inline: inline), name, minimum: 1)
        case "--max-sessions": flags.options.maxSessions = count(value(for: name, inline: inline), name, minimum: 1)
        case "--max-sessions-per-address":
            flags.options.maxSessionsPerAddress = count(value(for: name, inline: inline), name, minimum: 1)
            flags.options.limitsLoopbackPerAddress = true
        case "--idle-timeout": flags.options.idleTimeout = count(value(for: name, inline: inline), name)
        case "--max-unread-bytes": flags.options.maxUnreadBytes = count(value(for: name, inline: inline), name, minimum: 1024)
        case "--unread-timeout": flags.options.unreadTimeout = count(value(for: name, inline: inline), name, minimum: 1)
        case "--max-followers": flags.options.maxFollowers = count(value(for: name, inline: inline), name, minimum: 1)
        case "--resume-grace": flags.options.resumeGrace = count(value(for: name, inline: inline), name)
        case "--state":
            flags.options.stateDirectory = value(for: name, inline: inline)
            flags.choseState = true
        case "--redis":
            let text = value(for: name, inline: inline)
            guard let url = RedisURL(text) else { usageError("invalid value \(text) for --redis: redis://HOST[:PORT][/DB]") }
            flags.options.redis = url
        case "--no-state":
            flags.options.stateDirectory = nil
            flags.choseState = true
        case "--max-shared-sessions":
            flags.options.maxSharedSessions = count(value(for: name, inline: inline), name, minimum: 1)
        case "--plant-faults": flags.options.plantFaults = true
        case "--record":
            flags.options.recording = RecordingOptions(directory: value(for: name, inline: inline))
        case "--record-max-file-bytes": recordFileBytes = count(value(for: name, inline: inline), name, minimum: 1024)
        case "--record-max-bytes": recordTotalBytes = count(value(for: name, inline: inline), name, minimum: 1024)
        case "--allowed-origin":
            flags.options.allowedOrigins += value(for: name, inline: inline).split(separator: ",").map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
        case "--permessage-deflate": flags.options.permessageDeflate = true
        case "--tls-cert": certificate = value(for: name, inline: inline)
        case "--tls-key": privateKey = value(for: name, inline: inline)
        default:
            guard name.hasPrefix("-") else { usageError("unexpected argument '\(argument)'") }
            usageError("unknown flag '\(name)'" + Suggestion.clause(for: name, in: flagNames))
        }
        index += 1
        flags.serverArguments += arguments[start..<index]
    }
    // The default folder is the port's as given, and the serving processes of a supervisor are told
    // it: a restart on the port `--port 0` picked must not take that port's folder instead.
    if !flags.choseState {
        flags.options.stateDirectory = ServerOptions.defaultStateDirectory(port: flags.options.port)
        flags.serverArguments += flags.options.stateDirectory.map { ["--state", $0] } ?? ["--no-state"]
    }
    if recordFileBytes != nil || recordTotalBytes != nil {
        guard var recording = flags.options.recording else { usageError("--record-max-file-bytes and --record-max-bytes need --record") }
        recording.maxFileBytes = recordFileBytes ?? recording.maxFileBytes
        recording.maxTotalBytes = recordTotalBytes ?? recording.maxTotalBytes
        flags.options.recording = recording
    }
    // The one place the pair is checked: `ServerOptions.tls` holds both files or none.
    switch (certificate, privateKey) {
    case let (certificate?, privateKey?): flags.options.tls = TLSFiles(certificate: certificate, privateKey: privateKey)
    case (nil, nil): break
    default: usageError("--tls-cert and --tls-key go together")
    }
    return flags
}

func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}

/// This executable's real location (symlinks resolved).
func executableURL() -> URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
}

/// The default public folder: `Public/` in the nearest ancestor of the executable's real location
/// (symlinks resolved, so `.build/debug/layout-playground` finds the package root), else `./Public`.
func defaultPublicDirectory() -> String? {
    var directory = executableURL().deletingLastPathComponent()
    for _ in 0..<8 {
        let candidate = directory.appendingPathComponent("Public").path
        if isDirectory(candidate) { return candidate }
        let parent = directory.deletingLastPathComponent()
        if parent.path == directory.path { break }
        directory = parent
    }
    let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Public").path
    return isDirectory(local) ? local : nil
}

// `solve` lays a scene out in process and exits: no server (SceneSolve.swift).
if CommandLine.arguments.dropFirst().first == "solve" {
    do {
        let solve = try SceneSolve.parse(Array(CommandLine.arguments.dropFirst(2))) { path in
            path == "-" ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                : try String(contentsOfFile: path, encoding: .utf8)
        }
        let (output, status) = solve.run()
        let data = (try? JSONSerialization.data(withJSONObject: output, options: [.sortedKeys])) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
        // A refusal is said on standard error too, for the person at the command line.
        if let message = (output["error"] as? [String: Any])?["message"] as? String {
            printError("layout-playground solve: \(message)")
        }
        exit(status)
    } catch {
        printError("layout-playground solve: \((error as? SolveUsageError)?.message ?? "\(error)")")
        printError(SceneSolve.usage)
        exit(2)
    }
}

// `replay` compares a recorded session with a fresh one and exits: no server (ReplayCommand.swift).
if CommandLine.arguments.dropFirst().first == "replay" {
    exit(ReplayCommand.run(Array(CommandLine.arguments.dropFirst(2)), print: { print($0) }, printError: printError))
}

let flags = parseFlags(Array(CommandLine.arguments.dropFirst()))
guard let publicPath = flags.publicDirectory ?? defaultPublicDirectory() else {
    usageError("no Public/ folder found next to the executable or in the current directory; pass --public")
}
let publicDirectory = URL(fileURLWithPath: publicPath).standardizedFileURL.resolvingSymlinksInPath().path

// Flags and the public folder are checked above, so a bad one exits 2 before any serving process starts.
if flags.supervise {
    var supervisor = Supervisor(executable: executableURL().path, arguments: flags.serverArguments)
    exit(supervisor.run())
}
ServingProcess.followSupervisor()

// SIGINT and SIGTERM are blocked before any thread starts (threads inherit the mask) and taken by
// one thread with sigwait, which only asks the server to stop: no work runs in a signal handler.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

let server: PlaygroundServer
do {
    var options = flags.options
    options.publicDirectory = publicDirectory
    server = try PlaygroundServer(options: options)
} catch {
    printError("layout-playground: \(error)")
    exit(1)
}

let stopHandle = server.stopHandle
let signalThread = Thread {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    var received: Int32 = 0
    while sigwait(&signals, &received) != 0 {}
    printError("received signal \(received), closing connections")
    stopHandle.requestStop()
}
signalThread.start()

let host = server.options.host
let shownHost = host.contains(":") ? "[\(host)]" : host
print("listening on \(server.options.tls == nil ? "http" : "https")://\(shownHost):\(server.port)/")
fflush(nil)
printError("serving \(publicDirectory)")

server.run()
exit(0)
