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
        return limits
    }

    /// The `hello.limits` object.
    var announcement: [String: Any] {
        var fields: [String: Any] = [
            "maxViews": maxViews, "maxConstraints": maxConstraints, "maxOpsPerMessage": maxOpsPerMessage,
            "maxDepth": maxDepth, "maxMessageBytes": maxMessageBytes, "maxWorkPerMessage": maxWorkPerMessage,
        ]
        if let messagesPerSecond {
            fields["maxMessagesPerSecond"] = messagesPerSecond
            fields["messageBurst"] = messageBurst
        }
        if let workPerSecond { fields["maxWorkPerSecond"] = workPerSecond }
        if let bytesPerSecond { fields["maxBytesPerSecond"] = bytesPerSecond }
        if let maxSessions { fields["maxSessions"] = maxSessions }
        if let maxSessionsPerAddress { fields["maxSessionsPerAddress"] = maxSessionsPerAddress }
        if let idleTimeoutSeconds { fields["idleTimeoutSeconds"] = idleTimeoutSeconds }
        return fields
    }

    /// Work units charged before an op runs: its weight × (1 + views + constraints) of the scene it acts
    /// on, the size of the simplex tableau each solver call may touch. Ops that add or remove solver
    /// rows (`add`, `remove`, intrinsic size, hugging, resistance, autoresizing) weigh 4, the rest 1;
    /// a `load` of n views and constraints is charged 2n² + 1, what adding them one by one costs.
    /// Measured on the reference machine: about 20 ns per unit, so the default budget is about 80 ms.
    static func workCost(type: String, structural: Bool, sceneSize: Int, loadedItems: Int) -> Int {
        if type == "load" { return 2 * loadedItems * loadedItems + 1 }
        return (structural ? 4 : 1) * (1 + sceneSize)
    }
}

/// A token bucket on an injected clock: `capacity` tokens, refilled at `rate` per second.
///
/// `take` admits an event when a whole token is there; `spend` charges work after the fact and may
/// leave the bucket in debt, which `isInDebt` reports until the refill pays it back.
public struct TokenBucket: Sendable, Equatable {
    public let rate: Double
    public let capacity: Double
    public private(set) var tokens: Double
    private var last: Double?

    /// A full bucket.
    public init(rate: Double, capacity: Double) {
        self.rate = max(0, rate)
        self.capacity = max(1, capacity)
        tokens = self.capacity
    }

    /// Adds what `rate` earned since the previous call (time never runs backwards here).
    public mutating func refill(now: Double) {
        if let last, now > last { tokens = min(capacity, tokens + (now - last) * rate) }
        if last == nil || now > last! { last = now }
    }

    /// Takes one token at `now` if there is one.
    public mutating func take(now: Double) -> Bool {
        refill(now: now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Charges `amount` at `now`, possibly into debt.
    public mutating func spend(_ amount: Double, now: Double) {
        refill(now: now)
        tokens -= amount
    }

    /// True while spending exceeded the refill.
    public var isInDebt: Bool { tokens < 0 }
}

extension Session {
    /// The work units `message` is charged before it runs (`SessionLimits.workCost`).
    func workCost(of type: String, _ message: Fields) -> Int {
        let engine = scene.engine
        var loaded = 0
        if type == "load" {
            let named = (try? message.string("name")).flatMap { $0 }.flatMap(library.document(named:))
            let document = named ?? (try? message.object("scene")).flatMap { $0 }
            loaded = ((try? document?.objects("views")) ?? nil)?.count ?? 0
            loaded += ((try? document?.objects("constraints")) ?? nil)?.count ?? 0
        }
        let structural = type == "add" || type == "remove"
            || ["intrinsicSize", "contentHugging", "compressionResistance",
                "translatesAutoresizingMaskIntoConstraints"].contains(where: message.has)
        return SessionLimits.workCost(type: type, structural: structural,
                                      sceneSize: engine.viewCount + engine.constraints.count, loadedItems: loaded)
    }
}

extension SessionLimits {
    /// The largest magnitude a length, position or transform component may have (points). Beyond it
    /// the solver loses all precision and frames can no longer be rounded for the wire.
    static let maxCoordinate = 1e9

    /// `values` when every component is within ±`maxCoordinate`; else `invalid-value`.
    static func coordinates(_ values: [Double]?, _ field: String) throws -> [Double]? {
        guard let values else { return nil }
        guard values.allSatisfy({ abs($0) < maxCoordinate }) else {
            throw ProtocolError("invalid-value", "'\(field)' components must be under 1e9 in magnitude")
        }
        return values
    }
}
