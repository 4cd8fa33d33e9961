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

    /// Sessions kept at most: closing connections cannot make the server hold more than this many
    /// sessions beyond the open ones. Parking one more ends the one nearest its deadline.
    public let capacity: Int

    /// - Parameters: grace: seconds (0: sessions are never parked); capacity: see above (at least 1);
    ///   rememberedExpired: see above.
    public init(grace: Double, capacity: Int = 4096, rememberedExpired: Int = 4096) {
        self.grace = grace
        self.capacity = max(1, capacity)
        self.rememberedExpired = rememberedExpired
    }

    /// Sessions waiting now.
    public var count: Int { parked.count }

    /// Whether a session is parked under `token` (its grace may have ended; `claim` tells).
    public func contains(_ token: String) -> Bool { parked[token] != nil }

    /// The earliest deadline, in transport seconds, or nil when none waits.
    public var nextDeadline: Double? { parked.values.map(\.deadline).min() }

    /// Keeps `session` until `now + grace`; nil (the session was not kept) when the grace is 0. When
    /// `capacity` sessions wait already, the one nearest its deadline is ended to make room and
    /// returned (its token answers `expired`), so the caller can end its share.
    @discardableResult
    public func park(_ session: Session, now: Double) -> [Session]? {
        park(session, until: now + grace)
    }

    /// Keeps `session` until `deadline` (transport seconds): a session a restarted server rebuilt from
    /// its journal waits until the deadline its record holds, not a new grace period. Nil when the
    /// grace is 0; else the sessions ended to make room, as `park(_:now:)`.
    @discardableResult
    public func park(_ session: Session, until deadline: Double) -> [Session]? {
        guard grace > 0 else { return nil }
        var evicted: [Session] = []
        while parked.count >= capacity, let oldest = parked.min(by: { $0.value.deadline < $1.value.deadline }) {
            forget(oldest.key)
            evicted.append(oldest.value.session)
        }
        parked[session.resumeToken] = (session, deadline)
        return evicted
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

    /// What `rejoin` answers for a session whose grace period ended (parked here or in a journal).
    static let expiredError = ProtocolError("expired", "the session waited for its client past the grace period and was closed")
}
