/// What a journal keeps of one shared session, so a restarted server can give the share back: its
/// join code, its owner, who holds the controls, its followers and where the presenter points
/// (docs/PROTOCOL.md, "rejoin").
///
/// Written whole at the end of each service pass in which the share changed (`JournalQueue`), and
/// deleted when the share ends. The owner's scene, clock and step are in the owner's own record
/// (`JournalRecord`): a share record holds only what lives in the share.
public struct ShareRecord: Codable, Sendable, Equatable {
    /// The join code (`JoinCode`), the record's key.
    public var code: String
    /// The owner session's resume token (its `JournalRecord`'s key).
    public var ownerToken: String
    /// The resume token of the follower holding the controls (`handOver`), nil while the owner holds them.
    public var controllerToken: String?
    /// The followers in the order they joined, those whose connection is away included.
    public var followers: [FollowerRecord]
    /// Where the presenter points, nil before its first `pointer`.
    public var pointer: PointerRecord?

    public init(code: String, ownerToken: String, controllerToken: String? = nil,
                followers: [FollowerRecord] = [], pointer: PointerRecord? = nil) {
        self.code = code
        self.ownerToken = ownerToken
        self.controllerToken = controllerToken
        self.followers = followers
        self.pointer = pointer
    }

    /// Every resume token the record answers for: the owner's, then the followers'.
    public var memberTokens: [String] { [ownerToken] + followers.map(\.token) }
}

/// One follower of a shared session as a journal keeps it: enough to make a session that follows the
/// share again when the follower rejoins with its own token.
public struct FollowerRecord: Codable, Sendable, Equatable {
    /// The follower session's resume token (from its own `hello`).
    public var token: String
    /// The follower's session id (`hello.session`), which `followers` and `handOver` name.
    public var sessionID: String
    /// Whether the follower's session was strict (`hello.strict`).
    public var strict: Bool
    /// Wall-clock Unix seconds after which the follower can no longer rejoin; nil while connected.
    public var deadline: Double?
    /// Tokens left in the follower's message bucket (`SessionLimits.messagesPerSecond`) at `wall`; nil
    /// when messages are not limited. A rejoin restores the level refilled for the time since, so a
    /// restart does not hand a flooding follower a full burst.
    public var messageTokens: Double?
    /// Units left in the follower's solver-work bucket (`SessionLimits.workPerSecond`) at `wall`, below
    /// zero while in debt; nil when work is not limited (or in a record written before it was kept).
    public var workTokens: Double?
    /// Bytes left in the follower's message-byte bucket (`SessionLimits.bytesPerSecond`) at `wall`, below
    /// zero while in debt; nil when bytes are not limited (or in a record written before it was kept).
    public var byteTokens: Double?
    /// Wall-clock Unix seconds when the bucket levels were read.
    public var wall: Double

    public init(token: String, sessionID: String, strict: Bool, deadline: Double? = nil,
                messageTokens: Double? = nil, workTokens: Double? = nil, byteTokens: Double? = nil, wall: Double) {
        self.token = token
        self.sessionID = sessionID
        self.strict = strict
        self.deadline = deadline
        self.messageTokens = messageTokens
        self.workTokens = workTokens
        self.byteTokens = byteTokens
        self.wall = wall
    }
}

/// The presenter's pointer as followers see it (`pointer` event): root (window) coordinates in
/// points, both nil when it is off the canvas, and the selected view.
public struct PointerRecord: Codable, Sendable, Equatable {
    /// Root (window) x, points; nil off the canvas.
    public var x: Double?
    /// Root (window) y, points; nil off the canvas.
    public var y: Double?
    /// The view the presenter has selected, if any.
    public var view: String?

    public init(x: Double?, y: Double?, view: String?) {
        self.x = x
        self.y = y
        self.view = view
    }
}
