import Foundation
import Playground

/// Where `--record DIR` writes: one JSON-lines file per session (`RecordedLine`), bounded twice.
///
/// Each file holds at most `maxFileBytes`; the line that would pass it is replaced by a `truncated`
/// line and the session records nothing more. All files of the folder (those there at start included)
/// hold at most `maxTotalBytes`: past it no new file is opened and open ones end with `truncated` too.
/// Lives on the service thread, as the transport does.
final class RecordingDirectory {
    let path: String
    let maxFileBytes: Int
    let maxTotalBytes: Int
    /// Bytes in the folder: its files at start plus everything written since.
    private(set) var totalBytes: Int
    /// Set once a line did not fit: from then on no new file starts.
    private(set) var isFull = false

    /// Opens (creating it, mode 0700) the folder at `path`. Throws when it cannot be made or listed.
    init(path: String, maxFileBytes: Int, maxTotalBytes: Int) throws {
        self.path = path
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        let files = FileManager.default
        try files.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        totalBytes = try files.contentsOfDirectory(atPath: path).reduce(0) { sum, name in
            let size = (try? files.attributesOfItem(atPath: "\(path)/\(name)")[.size] as? NSNumber)?.intValue ?? 0
            return sum + size
        }
    }

    /// A recorder for `session`, whose file is `<session id>-<start time>.jsonl` (mode 0600: a recording
    /// holds the session's resume token and what its client sent). Nil when the folder is full or the
    /// file cannot be created (the session then runs unrecorded; the reason goes to the log).
    func recorder(for session: Session, now: Double) -> SessionRecorder? {
        guard !isFull, totalBytes < maxTotalBytes else { return nil }
        let stamp = Int((Date().timeIntervalSince1970 * 1000).rounded())
        let file = "\(path)/\(session.id)-\(stamp).jsonl"
        guard let handle = fopen(file, "wx") else {
            ServerLog.info("record: cannot create \(file): \(String(cString: strerror(errno)))")
            return nil
        }
        chmod(file, 0o600)
        let recorder = SessionRecorder(handle: handle, directory: self)
        recorder.write(RecordedLine.sessionText(id: session.id, now: now, strict: session.isStrict,
                                                limits: session.sessionLimits.announced), now: now)
        return recorder
    }

    /// Takes `bytes` from the folder's allowance; false (nothing taken) when they do not fit.
    fileprivate func take(_ bytes: Int) -> Bool {
        guard totalBytes + bytes <= maxTotalBytes else {
            isFull = true
            return false
        }
        totalBytes += bytes
        return true
    }
}

/// Writes one session's recording (`RecordedLine`), buffered, flushed when the connection closes.
final class SessionRecorder {
    private var handle: UnsafeMutablePointer<FILE>?
    private unowned let directory: RecordingDirectory
    private var fileBytes = 0
    /// Room kept for the `truncated` line, so a full file still says it is cut.
    private static let truncationRoom = 160

    fileprivate init(handle: UnsafeMutablePointer<FILE>, directory: RecordingDirectory) {
        self.handle = handle
        self.directory = directory
    }

    /// The client's message `text`, before the session handles it.
    func input(_ text: String, now: Double, session: Session) {
        write(RecordedLine.inputText(now: now, time: session.clockTime, text: text), now: now)
    }

    /// A tick of the real-time clock, before the session runs it.
    func tick(now: Double, session: Session) {
        write(RecordedLine.tickText(now: now, time: session.clockTime), now: now)
    }

    /// A message as written to the socket (`message` is its JSON text).
    func output(_ message: String, now: Double, session: Session) {
        write(RecordedLine.outputText(now: now, time: session.clockTime, message: message), now: now)
    }

    /// Appends `line` and a newline, or ends the file with a `truncated` line when either cap would be passed.
    fileprivate func write(_ line: String, now: Double) {
        guard let handle else { return }
        let bytes = line.utf8.count + 1
        let fits = fileBytes + bytes + Self.truncationRoom <= directory.maxFileBytes
        guard fits, directory.take(bytes) else {
            let reason = fits ? "the recording folder reached \(directory.maxTotalBytes) bytes"
                : "the file reached \(directory.maxFileBytes) bytes"
            let last = RecordedLine.truncatedText(now: now, reason: reason) + "\n"
            _ = directory.take(last.utf8.count)   // kept room: written even when the folder is full
            fputs(last, handle)
            close()
            return
        }
        fileBytes += bytes
        fputs(line, handle)
        fputc(0x0A, handle)
    }

    /// Flushes and closes the file; later calls record nothing.
    func close() {
        guard let handle else { return }
        fclose(handle)
        self.handle = nil
    }

    deinit { close() }
}
