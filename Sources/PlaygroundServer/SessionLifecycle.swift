import Foundation
import Playground

/// The life of the sessions of one home (a worker) apart from the wire: admission, ids and homes in
/// the `SessionDirectory`, what a session is given (share registry, parked sessions, journal, follow
/// limit), a `rejoin` taking a parked or journaled session back, parking a session whose connection
/// dropped, ending it, and the journal's commit.
///
/// It never sees a socket. Each step returns what the wire has to do about it (`LifecycleEffects`):
/// the `Transport` holds the connections and applies them. Runs on the service thread.
final class SessionLifecycle {
    /// Each session's limits: the server options' session limits with the transport's own filled in.
    let sessionLimits: SessionLimits
    private let options: ServerOptions
    /// Shared sessions by join code, for every session of this server.
    private let shares: ShareRegistry
    /// Sessions whose connection dropped, waiting for `rejoin` (`options.resumeGrace`).
    let parked: ParkedSessions
    /// `follow` attempts per remote address (`options.followsPerSecond`).
    private var followAttempts: FollowAttempts
    /// The session journal's writes of the current pass (nil: `--no-state`); committed by `commitJournal`.
    let journalQueue: JournalQueue?
    /// Session ids, and the home of each session by its resume token.
    private let directory: SessionDirectory
    /// This lifecycle's worker, as the directory names it.
    private let home: Int
    let clock: MonotonicClock
    /// With `--redis`, the journal (the same object as `journalQueue.journal`); nil without.
    let redis: RedisJournal?
    /// `rejoin` turns waiting for Redis, by look-up number (`SessionLifecycle+Redis.swift`).
    var redisLookups: [Int: PendingLookup] = [:]
    var lastLookup = 0

    /// - Parameters: journal: where sessions are journaled, nil for none; directory: the process's
    ///   session directory; home: the worker this lifecycle runs on.
    init(options: ServerOptions, journal: SessionJournal?, directory: SessionDirectory, home: Int, clock: MonotonicClock) {
        self.options = options
        self.clock = clock
        self.directory = directory
        self.home = home
        journalQueue = journal.map { JournalQueue(journal: $0) }
        redis = journal as? RedisJournal
        var limits = options.sessionLimits
        limits.maxMessageBytes = options.maxMessageBytes
        limits.maxSessions = options.maxSessions
        limits.maxSessionsPerAddress = options.maxSessionsPerAddress
        limits.idleTimeoutSeconds = options.idleTimeout > 0 ? options.idleTimeout : nil
        limits.maxFollowers = options.maxFollowers
        limits.maxSharedSessions = options.maxSharedSessions
        limits.resumeGraceSeconds = options.resumeGrace
        limits.maxUnreadBytes = options.maxUnreadBytes
        limits.unreadTimeoutSeconds = options.unreadTimeout
        sessionLimits = limits
        parked = ParkedSessions(grace: Double(options.resumeGrace), capacity: options.maxSessions)
        followAttempts = FollowAttempts(rate: options.followsPerSecond, burst: options.followBurst)
        shares = LocalShareRegistry(maxSharedSessions: options.maxSharedSessions, maxFollowers: options.maxFollowers)
    }

    // MARK: Admission

    /// Nil when a new session from `peer` may open while `open` sessions are open, `fromPeer` of them
    /// from that address; else the refusal's reason (`sessions`, `sessions-per-address`), answered 503.
    func refusal(peer: String, open: Int, fromPeer: () -> Int) -> String? {
        if open >= options.maxSessions { return "sessions" }
        if options.limitsLoopbackPerAddress || !Self.isLoopback(peer), fromPeer() >= options.maxSessionsPerAddress {
            return "sessions-per-address"
        }
        return nil
    }

    /// 127.0.0.0/8, ::1 and IPv4-mapped loopback, as `lws_get_peer_simple` prints them.
    static func isLoopback(_ peer: String) -> Bool {
        peer.hasPrefix("127.") || peer == "::1" || peer.hasPrefix("::ffff:127.")
    }

    /// A new session for a connection from `peer` at transport time `now`, with a new id from the
    /// directory and its home there; it has queued its `hello`.
    func open(peer: String, strict: Bool, now: Double) -> Session {
        let session = Session(id: directory.newSessionID(), now: now, limits: sessionLimits, strict: strict)
        directory.setHome(home, token: session.resumeToken)
        configure(session, peer: peer)
        return session
    }

    /// Gives a new or rejoined session what the server provides: the share registry, the parked
    /// sessions, the journal, the follow rate limit of its connection's address and the fault log.
    private func configure(_ session: Session, peer: String) {
        session.acceptsPlantedFaults = options.plantFaults
        session.faultLog = { ServerLog.info($0) }
        session.shareRegistry = shares
        session.parkedSessions = parked
        session.journalQueue = journalQueue
        session.admitsFollow = { [unowned self] in self.followAttempts.admit(peer, now: self.clock.now) }
    }

    // MARK: Turns

    /// Runs `text` as one turn of `session` (the session of a connection from `peer`) at `now`.
    /// Returns the session the connection holds after it (another one when a `rejoin` claimed a parked
    /// or journaled session) and what the wire has to do.
    func turn(_ session: Session, _ text: String, now: Double, peer: String) -> (session: Session, effects: LifecycleEffects) {
        var effects = LifecycleEffects()
        let parkedBefore = parked.count
        let result = session.receive(text, now: now)
        // A rejoin or follow may have rebuilt a shared owner from the journal and parked it until its deadline.
        if parked.count > parkedBefore { effects.parkDeadlineMoved = true }
        var current = session
        if let rejoined = result.replacement {
            // The connection takes back its parked session; the one made for it is dropped.
            effects.wake += session.leaveSharing()
            forgetJournal(of: session)
            directory.removeHome(token: session.resumeToken)
            directory.setHome(home, token: rejoined.resumeToken)
            configure(rejoined, peer: peer)
            effects.stopParkedTicks.append(rejoined)
            journalWrite { try $0.setDeadline(nil, token: rejoined.resumeToken) }
            ServerLog.info("rejoin \(rejoined.id) from \(peer)")
            current = rejoined
        }
        if result.wantsTicks { effects.tick.append(current) }
        effects.wake += result.wake
        // A follower holding the controls may have started an animation on the session it follows.
        effects.tick += result.wake.filter(\.wantsTicks)
        return (current, effects)
    }

    // MARK: Parking and ending

    /// The connection of `session` is gone: a session of its own waits for `rejoin`, a follower's view
    /// simply ends.
    func connectionClosed(_ session: Session) -> LifecycleEffects {
        var effects = LifecycleEffects()
        if session.following == nil, let evicted = parked.park(session, now: clock.now) {
            for other in evicted { effects.merge(end(other)) }
            let deadline = Double(options.resumeGrace) + Date().timeIntervalSince1970
            journalWrite { try $0.setDeadline(deadline, token: session.resumeToken) }
            // Its followers keep watching its animations while it waits.
            if session.wantsTicks, session.sharing != nil { effects.tick.append(session) }
            effects.parkDeadlineMoved = true
        } else {
            effects.wake += session.leaveSharing()
            forgetJournal(of: session)
            directory.removeHome(token: session.resumeToken)
        }
        return effects
    }

    /// Ends the parked sessions whose grace is over (their followers get `ended`), and the records a
    /// dead server left that nobody rejoined in time.
    func expireParked() -> LifecycleEffects {
        var effects = LifecycleEffects()
        for session in parked.expire(now: clock.now) {
            ServerLog.info("expired \(session.id)")
            effects.merge(end(session))
        }
        journalWrite { _ = try $0.expire(now: Date().timeIntervalSince1970, orphanDeadline: nil) }
        effects.parkDeadlineMoved = true
        return effects
    }

    /// The earliest deadline of a parked session, transport seconds; nil when none waits.
    var nextParkDeadline: Double? { parked.nextDeadline }

    /// Ends a parked session for good: its followers get `ended`, its ticks and its journal go.
    func end(_ session: Session) -> LifecycleEffects {
        var effects = LifecycleEffects()
        effects.wake = session.leaveSharing()
        effects.stopParkedTicks = [session]
        forgetJournal(of: session)
        directory.removeHome(token: session.resumeToken)
        return effects
    }

    // MARK: Journal

    /// Commits the pass's journal writes; the sessions that held their answers for them are to be
    /// woken. Runs after each `lws_service` pass, before the waiting answers are written: no `ok` of
    /// the pass reaches a socket before its turn is durable. When the journal fails, the held sessions
    /// are to be closed with 1011: their edits cannot be acknowledged.
    func commitJournal() -> LifecycleEffects {
        var effects = LifecycleEffects()
        guard let journalQueue else { return effects }
        do {
            effects.wake = try journalQueue.commit()
        } catch {
            ServerLog.info("\(error): closing the connections whose edits it could not keep")
            journalQueue.journal.rollback()
            effects.closeForJournal = journalQueue.abandon()
        }
        return effects
    }

    /// A journal write outside a turn (a deadline, a forgotten session): it joins the pass's commit. A
    /// failure is logged; the record then expires on its own.
    private func journalWrite(_ write: (SessionJournal) throws -> Void) {
        guard let journal = journalQueue?.journal else { return }
        do { try write(journal) } catch { ServerLog.info("\(error)") }
    }

    /// Deletes `session`'s journal record, with whatever it queued this pass.
    private func forgetJournal(of session: Session) {
        do { try journalQueue?.forget(session) } catch { ServerLog.info("\(error)") }
    }
}

/// What a `SessionLifecycle` step asks of the wire, applied by `Transport.apply(_:)`.
struct LifecycleEffects {
    /// Sessions with something new to send: their connections are asked for a WRITEABLE.
    var wake: [Session] = []
    /// Sessions to tick at their frame rate (under their connection's id, or, parked, an id of their own).
    var tick: [Session] = []
    /// Sessions no longer ticked as parked ones (rejoined or ended).
    var stopParkedTicks: [Session] = []
    /// Sessions whose connections close with 1011: the journal failed to keep their edits.
    var closeForJournal: [Session] = []
    /// True when the earliest parked deadline may have moved: the park timer is set again.
    var parkDeadlineMoved = false

    mutating func merge(_ other: LifecycleEffects) {
        wake += other.wake
        tick += other.tick
        stopParkedTicks += other.stopParkedTicks
        closeForJournal += other.closeForJournal
        parkDeadlineMoved = parkDeadlineMoved || other.parkDeadlineMoved
    }
}
