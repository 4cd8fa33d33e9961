/// What one session may hold and do, announced in `hello.limits` (docs/PROTOCOL.md, docs/SECURITY.md).
///
/// The session enforces the scene, message and rate limits itself. `maxMessageBytes`, the session counts
/// and the idle timeout are enforced by the transport; they are here so `hello` can announce them.
public struct SessionLimits: Sendable, Equatable {
    /// Views per scene (the root not counted): `too-many-views` past it.
    public var maxViews = 500
    /// Constraints per scene: `too-many-constraints` past it.
    public var maxConstraints = 2000
    /// Ops one message may run, nested ones included: `too-many-ops` past it.
    public var maxOpsPerMessage = 10_000
    /// Nesting of `ops` (batch, animate, action, keyboard handlers): `too-deep` past it.
    public var maxDepth = 16
    /// Largest message in bytes; the transport closes the connection with 1009 above it.
    public var maxMessageBytes = 1 << 20
    /// Solver work one message may do, in work units: `too-complex` past it (`SessionLimits.workCost`).
    /// The default is about 80 ms of a 2-core 2020s machine's service thread (one unit is about 20 ns),
    /// so one message can stall the other sessions' frames by about five frames at most. A scene of more
    /// than about 1,400 views and constraints is loaded in several messages (`load`, then `add` batches).
    public var maxWorkPerMessage = 4_000_000
    /// Bytes of an Interface Builder document `import` reads: `too-large` past it. Three quarters of
    /// `maxMessageBytes`, so a document at the limit still fits one message once JSON has escaped its
    /// quotes and line breaks (5–8 % more for the Interface Builder documents of the tests' corpus);
    /// at the message's own size a document could only close the connection (1009).
    public var maxImportBytes = 3 << 18
    /// XML elements of an imported document: `too-many-elements` past it (a 500-view storyboard holds
    /// about 15,000).
    public var maxImportElements = 50_000
    /// Edits `undo` can take back; older steps are forgotten.
    public var maxUndoSteps = 100
    /// Bytes the undo and redo stacks of one session may hold together: a step holds the document
    /// entries its edit changed, or a whole scene document for edits that do not name what they
    /// change (`UndoStep`); past it the oldest steps are forgotten. 8 MiB is eight of the largest
    /// scene `load` accepts.
    public var maxUndoBytes = 8 << 20
    /// Bytes every session's undo and redo stacks may hold together in this process (`UndoBudget`),
    /// announced when set; nil for no bound but the sessions' own. A session recording past it forgets
    /// its own oldest steps. The server's 64 MiB keep a hundred 20-view steps (about 30 KB) for
    /// each of 2,000 sessions.
    public var maxUndoBytesPerProcess: Int?
    /// Messages per second a session may send, on average; nil for no limit. Messages over it are
    /// answered with `rate-limited` and not run.
    public var messagesPerSecond: Double?
    /// How many messages may arrive at once above the average rate (the token bucket's capacity).
    public var messageBurst = 5000
    /// Solver work per second a session may do on average (the work bucket's refill rate); nil for no
    /// limit. While a session is in debt its messages are answered with `rate-limited`. Its capacity is
    /// `maxWorkPerMessage`.
    public var workPerSecond: Double?
    /// Message bytes per second a session may send on average; nil for no limit. The bucket holds two
    /// maximal messages; while a session is in debt its messages are answered with `rate-limited`
    /// without being decoded (decoding JSON is the cost a flood of large messages would impose).
    public var bytesPerSecond: Double?

    /// Transport limits, announced when set: sessions in total and per remote address, and the idle
    /// timeout (seconds without a message or pong before the connection is dropped).
    public var maxSessions: Int?
    public var maxSessionsPerAddress: Int?
    public var idleTimeoutSeconds: Int?
    /// Sharing limits, announced when set: followers per shared session (`too-many-followers` past it)
    /// and shared sessions per server (`too-many-shares`). The `ShareRegistry` enforces them.
    public var maxFollowers: Int?
    public var maxSharedSessions: Int?
    /// Seconds a session waits for `rejoin` after its connection dropped, announced when set.
    public var resumeGraceSeconds: Int?
    /// A client that does not read, announced when set: past `maxUnreadBytes` of unsent replies, events
    /// and errors (`Session.unsentBytes`) the transport stops reading its connection until half of them
    /// are sent, and closes it with 1008 once it stayed so for `unreadTimeoutSeconds`.
    public var maxUnreadBytes: Int?
    public var unreadTimeoutSeconds: Int?

    /// The defaults above, without rate limits (tests and tools drive sessions as fast as they like).
    public init() {}

    /// The server's defaults: the above plus 1000 messages per second (bursts of 5000: a script that
    /// steps an animation frame by frame, awaiting each answer, stays well under it), on average half
    /// of `maxWorkPerMessage` per second, and 1 MiB of messages per second (decoding 1 MiB of JSON takes
    /// about 0.3 s on the reference machine).
    public static var server: SessionLimits {
        var limits = SessionLimits()
        limits.messagesPerSecond = 1000
        limits.workPerSecond = Double(limits.maxWorkPerMessage) / 2
        limits.bytesPerSecond = 1024 * 1024
        limits.maxUndoBytesPerProcess = 64 << 20
        return limits
    }

    /// The `hello.limits` object.
    var announcement: [String: Any] {
        var fields: [String: Any] = [
            "maxViews": maxViews, "maxConstraints": maxConstraints, "maxOpsPerMessage": maxOpsPerMessage,
            "maxDepth": maxDepth, "maxMessageBytes": maxMessageBytes, "maxWorkPerMessage": maxWorkPerMessage,
            "maxImportBytes": maxImportBytes, "maxImportElements": maxImportElements,
            "maxUndoSteps": maxUndoSteps, "maxUndoBytes": maxUndoBytes,
        ]
        if let maxUndoBytesPerProcess { fields["maxUndoBytesPerProcess"] = maxUndoBytesPerProcess }
        if let messagesPerSecond {
            fields["maxMessagesPerSecond"] = messagesPerSecond
            fields["messageBurst"] = messageBurst
        }
        if let workPerSecond { fields["maxWorkPerSecond"] = workPerSecond }
        if let bytesPerSecond { fields["maxBytesPerSecond"] = bytesPerSecond }
        if let maxSessions { fields["maxSessions"] = maxSessions }
        if let maxSessionsPerAddress { fields["maxSessionsPerAddress"] = maxSessionsPerAddress }
        if let idleTimeoutSeconds { fields["idleTimeoutSeconds"] = idleTimeoutSeconds }
        if let maxFollowers { fields["maxFollowers"] = maxFollowers }
        if let maxSharedSessions { fields["maxSharedSessions"] = maxSharedSessions }
        if let resumeGraceSeconds { fields["resumeGraceSeconds"] = resumeGraceSeconds }
        if let maxUnreadBytes { fields["maxUnreadBytes"] = maxUnreadBytes }
        if let unreadTimeoutSeconds { fields["unreadTimeoutSeconds"] = unreadTimeoutSeconds }
        return fields
    }
}
