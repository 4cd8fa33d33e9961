import Foundation

/// A `layout-playground` process on a free loopback port (`--port 0`; the port is read from its first
/// line, `listening on http://HOST:PORT/`). Stopped with SIGTERM by `stop()` or when released.
public final class ServerProcess: Sendable {
    /// The server's WebSocket URL, `ws://HOST:PORT/`.
    public let url: String
    private let process: Process
    /// The session journal's folder made for this server (`--state`), removed by `stop()`; nil when
    /// `arguments` chose one (`--state`/`--no-state`).
    private let stateDirectory: String?

    /// `LAYOUT_PLAYGROUND_BIN` when set; else, under the current directory (`swift test` runs in the
    /// package root), the newer by modification time of `.build/debug/layout-playground` and
    /// `.build/release/layout-playground` (`bash .ci/play` builds release), whichever exist; else the
    /// debug path, which `init` reports as not found.
    public static var defaultBinary: String {
        if let binary = ProcessInfo.processInfo.environment["LAYOUT_PLAYGROUND_BIN"] { return binary }
        let builds = ["debug", "release"].map { FileManager.default.currentDirectoryPath + "/.build/\($0)/layout-playground" }
        let built = builds.compactMap { path -> (path: String, modified: Date)? in
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
                return nil
            }
            return (path, modified)
        }
        return built.max { $0.modified < $1.modified }?.path ?? builds[0]
    }

    /// Runs `binary` with `--port 0` and `arguments` (default `--rate 0`: no rate limits for tests) and
    /// waits for its listening line. Unless `arguments` name `--state` or `--no-state`, the server
    /// journals its sessions in a fresh temporary folder of its own, so servers started side by side
    /// never share (and lock) one journal. Throws `PlaygroundClientError.serverDidNotStart` when the binary is
    /// missing, cannot run, or exits or prints something else first.
    public init(binary: String = ServerProcess.defaultBinary, arguments: [String] = ["--rate", "0"]) throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw PlaygroundClientError.serverDidNotStart(
                "\(binary) not found: run `swift build` (or `bash .ci/play` for the release build) or set LAYOUT_PLAYGROUND_BIN")
        }
        let choosesState = arguments.contains { ["--state", "--no-state"].contains($0.split(separator: "=").first.map(String.init)) }
        let state = choosesState ? nil
            : FileManager.default.temporaryDirectory.appendingPathComponent("layout-playground-state-\(UUID().uuidString)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", "0"] + arguments + (state.map { ["--state", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw PlaygroundClientError.serverDidNotStart("\(binary): \(error)")
        }
        // The first line; reading blocks until the server has bound its port (or exited: end of file).
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let prefix = "listening on http://"
        guard text.hasPrefix(prefix) else {
            process.terminate()
            process.waitUntilExit()
            if let state { try? FileManager.default.removeItem(atPath: state) }
            throw PlaygroundClientError.serverDidNotStart("first line was \(text.debugDescription)")
        }
        // The rest of the output is never read: the server prints only connection lines, which a
        // test's few sessions do not fill a pipe with.
        url = "ws://" + text.dropFirst(prefix.count).trimmingCharacters(in: CharacterSet(charactersIn: "/ \r"))  + "/"
        self.process = process
        stateDirectory = state
    }

    /// SIGTERM, then waits for the exit (the server closes its sockets with 1001 first).
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        if let stateDirectory { try? FileManager.default.removeItem(atPath: stateDirectory) }
    }

    deinit { stop() }
}
