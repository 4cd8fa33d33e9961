/// Sessions whose connection dropped, kept for a grace period so a new connection can take them back
/// with `{"type":"rejoin","token":…}` exactly as they were: scene, clock, running animations, followers.
///
/// Keyed by each session's `resumeToken` (128 bits from the system CSPRNG, sent only in that session's
/// own `hello`). A token past its deadline answers `expired` for as long as it is remembered (the last
/// `rememberedExpired` expired tokens), any other `unknown-token`. Used on the service thread only.
public final class ParkedSessions {
    /// Seconds a session waits for its client to rejoin.
    public let grace: Double
    /// Expired tokens remembered, so a late client is told `expired` rather than `unknown-token`.
    public let rememberedExpired: Int
    private var parked: [String: (session: Session, deadline: Double)] = [:]
    private var expired: Set<String> = []
    private var expiredOrder: [String] = []

    /// - Parameters: grace: seconds (0: sessions are never parked); rememberedExpired: see above.
    public init(grace: Double, rememberedExpired: Int = 4096) {
        self.grace = grace
        self.rememberedExpired = rememberedExpired
    }

    /// Sessions waiting now.
    public var count: Int { parked.count }

    /// The earliest deadline, in transport seconds, or nil when none waits.
    public var nextDeadline: Double? { parked.values.map(\.deadline).min() }

    /// Keeps `session` until `now + grace`. False (the session was not kept) when the grace is 0.
    @discardableResult
    public func park(_ session: Session, now: Double) -> Bool {
        guard grace > 0 else { return false }
        parked[session.resumeToken] = (session, now + grace)
        return true
    }

    /// The session parked under `token`, removed. Throws `ProtocolError` `expired` when its grace ended
    /// before `now`, `unknown-token` when no session had the token.
    public func claim(_ token: String, now: Double) throws -> Session {
        if let entry = parked[token] {
            guard now <= entry.deadline else {
                forget(token)
                throw Self.expiredError
            }
            parked[token] = nil
            return entry.session
        }
        if expired.contains(token) { throw Self.expiredError }
        throw ProtocolError("unknown-token", "no session has this resume token: start a new one")
    }

    /// Removes and returns the sessions whose grace ended before `now`; their tokens answer
    /// `expired` from then on.
    public func expire(now: Double) -> [Session] {
        let due = parked.filter { $0.value.deadline < now }
        for token in due.keys { forget(token) }
        return due.values.map(\.session)
    }

    private func forget(_ token: String) {
        parked[token] = nil
        expired.insert(token)
        expiredOrder.append(token)
        if expiredOrder.count > rememberedExpired { expired.remove(expiredOrder.removeFirst()) }
    }

    private static let expiredError = ProtocolError("expired", "the session waited for its client past the grace period and was closed")
}
