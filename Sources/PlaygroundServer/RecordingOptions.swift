/// `--record DIR`: where the server writes each session's messages in and out, and how much it may write
/// (`RecordingDirectory`; the line format is `RecordedLine`; docs/CLIENTS.md, "Golden recordings").
public struct RecordingOptions: Sendable, Equatable {
    /// The folder of recordings, made (mode 0700) if missing; one `.jsonl` file per session.
    public var directory: String
    /// Bytes one session's file may hold; past it the file ends with a `truncated` line (default 16 MiB).
    public var maxFileBytes: Int
    /// Bytes every file of the folder may hold together, files already there counted; past it no new
    /// file is started and open files end with `truncated` (default 1 GiB).
    public var maxTotalBytes: Int

    public init(directory: String, maxFileBytes: Int = 16 << 20, maxTotalBytes: Int = 1 << 30) {
        self.directory = directory
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
    }
}
