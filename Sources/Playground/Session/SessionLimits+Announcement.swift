import Foundation

/// Limits read back from a `hello.limits` object, so a recorded session is replayed under the limits
/// it ran with (`layout-playground replay`).
extension SessionLimits {
    /// The `hello.limits` object (docs/PROTOCOL.md, "hello"): the limits above that are set.
    public var announced: [String: Any] { announcement }

    /// The limits `announcement` describes: each field it holds as a whole number (or, for the rates,
    /// any number) replaces the default of `init()`; fields it does not hold stay at that default
    /// (a missing rate or process budget means no limit). Unknown fields are ignored.
    public init(announcement: [String: Any]) {
        self.init()
        func int(_ key: String) -> Int? { (announcement[key] as? NSNumber)?.intValue }
        func double(_ key: String) -> Double? { (announcement[key] as? NSNumber)?.doubleValue }
        maxViews = int("maxViews") ?? maxViews
        maxConstraints = int("maxConstraints") ?? maxConstraints
        maxOpsPerMessage = int("maxOpsPerMessage") ?? maxOpsPerMessage
        maxDepth = int("maxDepth") ?? maxDepth
        maxMessageBytes = int("maxMessageBytes") ?? maxMessageBytes
        maxWorkPerMessage = int("maxWorkPerMessage") ?? maxWorkPerMessage
        maxImportBytes = int("maxImportBytes") ?? maxImportBytes
        maxImportElements = int("maxImportElements") ?? maxImportElements
        maxUndoSteps = int("maxUndoSteps") ?? maxUndoSteps
        maxUndoBytes = int("maxUndoBytes") ?? maxUndoBytes
        maxUndoBytesPerProcess = int("maxUndoBytesPerProcess")
        messagesPerSecond = double("maxMessagesPerSecond")
        messageBurst = int("messageBurst") ?? messageBurst
        workPerSecond = double("maxWorkPerSecond")
        bytesPerSecond = double("maxBytesPerSecond")
        maxSessions = int("maxSessions")
        maxSessionsPerAddress = int("maxSessionsPerAddress")
        idleTimeoutSeconds = int("idleTimeoutSeconds")
        maxFollowers = int("maxFollowers")
        maxSharedSessions = int("maxSharedSessions")
        resumeGraceSeconds = int("resumeGraceSeconds")
        maxUnreadBytes = int("maxUnreadBytes")
        unreadTimeoutSeconds = int("unreadTimeoutSeconds")
    }
}
