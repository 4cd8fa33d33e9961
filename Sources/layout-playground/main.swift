// layout-playground: serves the playground page and its WebSocket protocol.
// Parses flags, starts the server, prints where it listens, and stops cleanly on SIGINT/SIGTERM.
import Foundation
import PlaygroundServer

let usage = """
usage: layout-playground [--host ADDRESS] [--port N] [--public DIR]

  --host ADDRESS  IPv4 or IPv6 address literal to listen on (default 127.0.0.1; only that address is bound)
  --port N        TCP port (default 8080; 0 picks a free one, printed on start)
  --public DIR    folder served at / (default: the package's Public/ folder, found by walking up from
                  the executable's real location, e.g. .build/debug/ -> the package root, then ./Public)
  --help          show this help

Prints "listening on http://HOST:PORT/" once ready. SIGINT or SIGTERM closes every WebSocket with
1001 (going away) and exits with status 0.
"""

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Exits with status 2 after printing `message` and the usage to standard error.
func usageError(_ message: String) -> Never {
    printError("layout-playground: \(message)")
    printError(usage)
    exit(2)
}

struct Flags {
    var host = "127.0.0.1"
    var port = 8080
    var publicDirectory: String?
}

/// Parses `--name value` and `--name=value` forms.
func parseFlags(_ arguments: [String]) -> Flags {
    var flags = Flags()
    var index = 0
    func value(for name: String, inline: String?) -> String {
        if let inline { return inline }
        index += 1
        guard index < arguments.count else { usageError("missing value for \(name)") }
        return arguments[index]
    }
    while index < arguments.count {
        let argument = arguments[index]
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts.first ?? argument
        let inline = parts.count == 2 ? parts[1] : nil
        switch name {
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--host":
            flags.host = value(for: name, inline: inline)
        case "--port":
            let text = value(for: name, inline: inline)
            guard let port = Int(text), (0...65535).contains(port) else { usageError("invalid port \(text)") }
            flags.port = port
        case "--public":
            flags.publicDirectory = value(for: name, inline: inline)
        default:
            usageError("unknown argument \(argument)")
        }
        index += 1
    }
    return flags
}

func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}

/// The default public folder: `Public/` in the nearest ancestor of the executable's real location
/// (symlinks resolved, so `.build/debug/layout-playground` finds the package root), else `./Public`.
func defaultPublicDirectory() -> String? {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
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

let flags = parseFlags(Array(CommandLine.arguments.dropFirst()))
guard let publicPath = flags.publicDirectory ?? defaultPublicDirectory() else {
    usageError("no Public/ folder found next to the executable or in the current directory; pass --public")
}
let publicDirectory = URL(fileURLWithPath: publicPath).standardizedFileURL.resolvingSymlinksInPath().path

// SIGINT and SIGTERM are blocked before any thread starts (threads inherit the mask) and taken by
// one thread with sigwait, which only asks the server to stop: no work runs in a signal handler.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

let server: PlaygroundServer
do {
    server = try PlaygroundServer(options: ServerOptions(host: flags.host, port: flags.port,
                                                         publicDirectory: publicDirectory))
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

let shownHost = flags.host.contains(":") ? "[\(flags.host)]" : flags.host
print("listening on http://\(shownHost):\(server.port)/")
fflush(nil)
printError("serving \(publicDirectory)")

server.run()
exit(0)
