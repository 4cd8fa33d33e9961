import Foundation

/// A server started for the run: the playground or the echo server, on a kernel-picked port.
final class ChildProcess {
    let process = Process()
    let port: Int
    var pid: Int32 { process.processIdentifier }

    /// Starts `executable` with `arguments` and waits for its `listening on …:PORT…` line.
    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        var line = [UInt8]()
        let handle = output.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
            line.append(contentsOf: byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on"),
              let port = Int(text.split(whereSeparator: { !$0.isNumber }).last ?? "") else {
            process.terminate()
            throw LoadError("\(executable) did not start: \(text.isEmpty ? "no output" : text)")
        }
        self.port = port
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
