import CLibWebSockets
import Glibc

/// Server log lines: libwebsockets' own errors and warnings plus one line per connection event, all on
/// standard error, one `write(2)` per line.
enum ServerLog {
    /// Routes libwebsockets' log through `emitLogLine` and keeps errors, warnings and our own lines.
    static func configure() {
        lws_set_log_level(Int32(LLL_ERR | LLL_WARN | LLL_USER), emitLogLine)
    }

    /// Logs one line (no trailing newline) at user level.
    static func info(_ message: String) {
        clws_log(Int32(LLL_USER), message)
    }
}

/// libwebsockets' log sink (a top-level func so it converts to a C function pointer).
/// `line` arrives formatted and newline-terminated.
func emitLogLine(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    let prefix: String
    switch level {
    case Int32(LLL_ERR): prefix = "error: "
    case Int32(LLL_WARN): prefix = "warning: "
    default: prefix = ""
    }
    var text = prefix + String(cString: line)
    if !text.hasSuffix("\n") { text += "\n" }
    text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return }
        _ = write(STDERR_FILENO, base, bytes.count)
    }
}
