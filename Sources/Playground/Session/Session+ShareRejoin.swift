import Foundation

/// `rejoin` for shares: a follower takes its place back with its own token, and a restarted server
/// rebuilds a share from its journal record (`ShareRecord`) when its owner or a follower rejoins, or a
/// new follower uses its code (docs/PROTOCOL.md, "rejoin").
///
/// A share is rebuilt around its owner's session, itself rebuilt from the owner's record: when the owner
/// rejoins, the share comes back with it; when a follower comes first, the owner's session is rebuilt
/// and parked until the deadline its record holds, animating for the followers meanwhile, as a live
/// owner whose connection dropped would. Followers are away until they rejoin, each until the grace
/// period from the rebuild ends, and do not count in `followers` until then.
extension Session {
    /// The follower session `token` names, following again: a place kept in a live share (the follower's
    /// connection dropped), else one in a share the journal holds (the server restarted). Nil when the
    /// token is no follower's. Queues, on the returned session, a complete `frames` (and the pointer,
    /// and `controls` when it held them) before the answer `rejoined`. Throws `expired` past the place's
    /// deadline, `ended` when the share's owner cannot be rebuilt, `internal` when the journal fails.
    func rejoinAsFollower(_ token: String, turn: Turn) throws -> Session? {
        let wall = Date().timeIntervalSince1970
        let share: SharedSession
        if let live = shareRegistry?.share(awayFollower: token) {
            share = live
        } else {
            guard Self.isResumeToken(token), let record = try fromJournal({ try $0.loadShare(memberToken: token) }),
                  record.ownerToken != token else { return nil }
            share = try restoredShare(record, wall: wall)
        }
        guard let place = share.awayFollowers.first(where: { $0.token == token }) else {
            // The share in memory has no place for it: the token was taken back already.
            return nil
        }
        guard let owner = share.owner, share.claimPlace(token, wall: wall) != nil else {
            throw ParkedSessions.expiredError
        }
        let follower = Session(id: place.sessionID, now: transportTime, limits: limits, resumeToken: token,
                               strict: place.strict)
        follower.outbox = Outbox()
        follower.restoreRateLimits(from: place, wall: wall)
        follower.journalQueue = journalQueue
        follower.shareRegistry = shareRegistry
        let controls = share.isAwayController(token)
        follower.startFollowing(share, owner: owner)
        follower.outbox.appendFrames()
        var answer = follower.followAnswer(share, owner: owner, type: "rejoined")
        if controls {
            share.controller = follower
            follower.send(kind: .event, ["type": "controls", "granted": true, "code": share.code, "re": NSNull()])
            owner.announceFollowers(of: share)
        }
        answer["re"] = turn.requestID ?? NSNull()
        answer["session"] = follower.id
        answer["resumeToken"] = token
        answer["shared"] = NSNull()
        answer["followers"] = 0
        // The shared session's clock: what the controls act on while this follower holds them.
        answer["clock"] = owner.clock.state(at: transportTime)
        follower.send(kind: .reply, answer)
        return follower
    }

    /// Puts back the levels `place` kept of each rate-limit bucket (messages, solver work, bytes), each
    /// refilled for the wall-clock seconds from `place.wall` to `wall` as if the bucket had waited, so a
    /// reconnect, or a restart, hands no follower a fresh budget. A bucket `place` has no level for
    /// (unlimited then, or a record older than the field) stays as the session made it: full.
    func restoreRateLimits(from place: FollowerRecord, wall: Double) {
        let away = wall - place.wall
        messageBucket = messageBucket?.restored(level: place.messageTokens, after: away)
        workBucket = workBucket?.restored(level: place.workTokens, after: away)
        byteBucket = byteBucket?.restored(level: place.byteTokens, after: away)
    }

    /// The share `record` describes, as this process holds it: the live one under its code, or one
    /// rebuilt around its owner's session, restored from the journal and parked until its record's
    /// deadline. Throws `ended` when the owner's record is gone or its owner is connected without it
    /// (the share ended and its record was not yet deleted), `expired` past the owner's deadline.
    private func restoredShare(_ record: ShareRecord, wall: Double) throws -> SharedSession {
        if let live = shareRegistry?.share(code: record.code), live.ownerToken == record.ownerToken { return live }
        let ended = ProtocolError("ended", "the shared session this token followed has ended")
        guard let parkedSessions, let ownerRecord = try fromJournal({ try $0.load(token: record.ownerToken) }),
              let deadline = ownerRecord.deadline else { throw ended }
        guard wall <= deadline else {
            throw ParkedSessions.expiredError
        }
        let owner = try Session.restored(from: ownerRecord, token: record.ownerToken, now: transportTime,
                                         wall: wall, limits: limits)
        owner.journalQueue = journalQueue
        owner.shareRegistry = shareRegistry
        owner.parkedSessions = parkedSessions
        owner.faultLog = faultLog
        let share = try reshare(owner, record, wall: wall)
        // Waits for its client as it would have had the server not restarted; ended for good past that.
        for evicted in parkedSessions.park(owner, until: transportTime + (deadline - wall)) ?? [] {
            sessionsToWake += evicted.leaveSharing()
            try? journalQueue?.forget(evicted)
        }
        return share
    }

    /// Registers the share `record` describes with `owner` (just restored from the journal) as its owner;
    /// its followers are away for the grace period from `wall`.
    @discardableResult
    func reshare(_ owner: Session, _ record: ShareRecord, wall: Double) throws -> SharedSession {
        let grace = Double(limits.resumeGraceSeconds ?? 0)
        let share = SharedSession(record: record, owner: owner, deadline: wall + grace)
        try shareRegistry?.restore(share)
        owner.sharing = share
        return share
    }

    /// The share a restarted server can rebuild for a `follow` of `code` it does not hold, or nil.
    func restoredShare(code: String) throws -> SharedSession? {
        guard let record = try fromJournal({ try $0.loadShare(code: code) }) else { return nil }
        do {
            let share = try restoredShare(record, wall: Date().timeIntervalSince1970)
            if let owner = share.owner { sessionsToWake.append(owner) }
            return share
        } catch let error as ProtocolError where error.code == "ended" || error.code == "expired" {
            // To a new follower, a share whose owner is gone is no share: `unknown-code`.
            return nil
        }
    }

    /// What `read` finds in this session's journal (a session's or a share's record); nil without a
    /// journal. Throws `internal` when the journal cannot be read.
    func fromJournal<Record>(_ read: (SessionJournal) throws -> Record?) throws -> Record? {
        guard let journal = journalQueue?.journal else { return nil }
        do {
            return try read(journal)
        } catch let error as JournalUnavailable {
            throw ProtocolError("unavailable", "the session cannot be taken back now: \(error.message); try again shortly")
        } catch {
            throw ProtocolError("internal", "the session journal cannot be read: \(error)")
        }
    }
}
