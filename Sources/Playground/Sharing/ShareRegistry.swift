/// Where shared sessions are found by their join code.
///
/// One process owns every session on its service thread, so `LocalShareRegistry` keeps them in a
/// dictionary; the protocol is the seam where a registry shared between processes (Redis, say) would go.
/// Not `Sendable`: used on the service thread only, like the sessions it holds.
public protocol ShareRegistry: AnyObject {
    /// Shared sessions at most (nil: unlimited), announced in `hello.limits.maxSharedSessions`.
    var maxSharedSessions: Int? { get }
    /// Followers per shared session at most (nil: unlimited), announced in `hello.limits.maxFollowers`.
    var maxFollowers: Int? { get }
    /// Registers `share` under a new code and returns it. Throws `ProtocolError` `too-many-shares` when
    /// `maxSharedSessions` are registered already.
    func register(_ make: (String) -> SharedSession) throws -> SharedSession
    /// Registers `share` under its own code (restored from a journal after a restart). Throws
    /// `ProtocolError` `too-many-shares` as `register` does, `ended` when another share holds the code.
    func restore(_ share: SharedSession) throws
    /// The shared session with `code` (already normalised), or nil.
    func share(code: String) -> SharedSession?
    /// The shared session keeping a place for the away follower with resume token `token`, or nil.
    func share(awayFollower token: String) -> SharedSession?
    /// Forgets `code`; later follows answer `unknown-code`.
    func remove(code: String)
    /// Shared sessions registered now.
    var count: Int { get }
}

/// The in-process `ShareRegistry`: a dictionary from code to shared session.
public final class LocalShareRegistry: ShareRegistry {
    public let maxSharedSessions: Int?
    public let maxFollowers: Int?
    private var shares: [String: SharedSession] = [:]

    /// - Parameters: maxSharedSessions, maxFollowers: the limits (nil: unlimited).
    public init(maxSharedSessions: Int? = nil, maxFollowers: Int? = nil) {
        self.maxSharedSessions = maxSharedSessions
        self.maxFollowers = maxFollowers
    }

    public func register(_ make: (String) -> SharedSession) throws -> SharedSession {
        if let maxSharedSessions, shares.count >= maxSharedSessions {
            throw ProtocolError("too-many-shares", "the server shares at most \(maxSharedSessions) sessions at once")
        }
        var code = JoinCode.make()
        // 40 random bits make a collision rare, not impossible.
        while shares[code] != nil { code = JoinCode.make() }
        let share = make(code)
        shares[code] = share
        return share
    }

    public func restore(_ share: SharedSession) throws {
        // A share made since the restart drew the same code (1 in 10¹² per pair): the journaled one ends.
        if let other = shares[share.code], other !== share {
            throw ProtocolError("ended", "the shared session this token followed has ended")
        }
        if let maxSharedSessions, shares[share.code] == nil, shares.count >= maxSharedSessions {
            throw ProtocolError("too-many-shares", "the server shares at most \(maxSharedSessions) sessions at once")
        }
        shares[share.code] = share
    }

    public func share(code: String) -> SharedSession? { shares[code] }

    /// A scan of every share: a rejoin is rare next to frames, and shares are few (`maxSharedSessions`).
    public func share(awayFollower token: String) -> SharedSession? {
        shares.values.first { share in share.awayFollowers.contains { $0.token == token } }
    }

    public func remove(code: String) { shares[code] = nil }

    public var count: Int { shares.count }
}
