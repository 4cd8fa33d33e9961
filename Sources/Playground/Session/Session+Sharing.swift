import Foundation

/// `share`, `unshare`, `follow`, `unfollow`, and the read-only rule for followers (docs/PROTOCOL.md,
/// "Sharing").
extension Session {
    /// A message the sharing rules answered: `answer` as `handle` returns it (nil for `ok`).
    struct Handled {
        let answer: [String: Any]?
    }

    /// Runs the sharing messages (rows of `MessageType.FollowerUse.ownSession`) and, while following,
    /// answers the questions from the followed session and refuses every other type with `read-only`
    /// (`row` nil: a type no row names). Nil when the message is the ordinary handler's.
    func handleSharing(_ row: MessageType?, _ type: String, _ call: MessageType.Call, nested: Bool) throws -> Handled? {
        if let row, row.follower == .ownSession { return Handled(answer: try row.handler(self, call)) }
        guard let following, !nested else {
            if !nested { try refuseWhileHandedOver(row, type) }
            return nil
        }
        let isQuestion = row?.follower == .question
        if following.controller === self, !isQuestion {
            return Handled(answer: try runAsController(call.message, turn: call.turn, on: following))
        }
        guard isQuestion else {
            throw ProtocolError("read-only", "this connection follows shared session \(following.code): '\(type.prefix(64))' "
                                + "would change it; only its owner can (send 'unfollow' to edit a scene of your own)")
        }
        guard let owner = following.owner else { throw ProtocolError("ended", "the shared session has ended") }
        return Handled(answer: try owner.handle(call.message, turn: call.turn, nested: false))
    }

    /// Sessions whose outbox this session's last turn or tick added to (followers, an owner told of a
    /// new follower count), taken once for the turn's `TurnResult`.
    func takeSessionsToWake() -> [Session] {
        var sessions = sessionsToWake
        sessionsToWake.removeAll()
        if let sharing { sessions += sharing.followers.filter(\.hasOutgoing) }
        return sessions
    }

    /// Ends what this session shares or follows, as when its connection is gone for good: followers get
    /// `ended` (reason `owner-gone`), an owner a new `followers` count. A follower's place is kept for
    /// the grace period (`hello.limits.resumeGraceSeconds`): a `rejoin` with its token follows again.
    /// Returns the sessions to wake (`takeSessionsToWake`).
    public func leaveSharing() -> [Session] {
        unshare(reason: "owner-gone")
        unfollow(keepingPlace: true)
        return takeSessionsToWake()
    }

    // MARK: Owner

    func share() throws -> [String: Any] {
        guard following == nil else {
            throw ProtocolError("read-only", "a follower cannot share the session it follows")
        }
        guard let shareRegistry else { throw ProtocolError("unavailable", "this server does not share sessions") }
        let share = try sharing ?? shareRegistry.register { SharedSession(code: $0, owner: self) }
        sharing = share
        if let journalQueue {
            // A restarted server finds the share through its owner's record: make sure there is one.
            if !isJournaled { journalQueue.snapshot(self, creating: true) }
            journalQueue.shareChanged(share)
            journalQueue.hold(self)
        }
        return ["type": "shared", "code": share.code, "link": "/#follow=\(share.code)", "followers": share.followers.count]
    }

    /// Ends the share: `reason` is `unshared` (the owner asked) or `owner-gone` (its session ended).
    func unshare(reason: String = "unshared") {
        guard let share = sharing else { return }
        sharing = nil
        share.hasEnded = true
        journalQueue?.shareChanged(share)
        shareRegistry?.remove(code: share.code)
        for follower in share.followers {
            follower.stopFollowing()
            // An ordinary session from now on, empty: a restarted server must give that back on rejoin.
            if !follower.isJournaled { follower.journalQueue?.snapshot(follower, creating: true) }
            follower.send(kind: .event, ["type": "ended", "code": share.code, "reason": reason, "re": NSNull()])
            sessionsToWake.append(follower)
        }
    }

    /// Queues `followers` with the current count, the followers' session ids (what `handOver` names)
    /// and the one holding the controls.
    func announceFollowers(of share: SharedSession) {
        send(kind: .event, ["type": "followers", "count": share.followers.count, "followers": share.followers.map(\.id),
                            "controller": share.controllerID ?? NSNull(), "re": NSNull()])
    }

    // MARK: Follower

    func follow(_ message: Fields) throws -> [String: Any] {
        guard let text = try message.string("code") else { throw ProtocolError.missing("code", in: "follow") }
        guard admitsFollow?() ?? true else {
            throw ProtocolError("rate-limited", "too many follow attempts from this address: wait a few seconds")
        }
        guard sharing == nil else {
            throw ProtocolError("shared", "this session is shared: send 'unshare' before following another")
        }
        // A code this process does not hold may be a share a restarted server has in its journal.
        guard let code = JoinCode.normalized(text), let share = try shareRegistry?.share(code: code) ?? restoredShare(code: code),
              let owner = share.owner else {
            throw ProtocolError("unknown-code", "no shared session has the code '\(text.prefix(16))'")
        }
        if following !== share {
            if let limit = shareRegistry?.maxFollowers, share.followers.count >= limit {
                throw ProtocolError("too-many-followers", "a shared session has at most \(limit) followers")
            }
            unfollow()
            // The connection's own scene is replaced by the view of the shared one.
            replaceScene(with: Scene.empty())
            // Dropping the scene is no turn a replay could run: the journal starts again from here.
            journalQueue?.snapshot(self)
            startFollowing(share, owner: owner)
        }
        // A complete `frames` goes out before this answer (the turn's end queues it).
        return followAnswer(share, owner: owner, type: "scene")
    }

    /// Joins `share`'s followers (its journal record with it) and tells the owner.
    func startFollowing(_ share: SharedSession, owner: Session) {
        following = share
        share.add(self)
        if let journalQueue {
            journalQueue.shareChanged(share)
            journalQueue.hold(self)
        }
        owner.announceFollowers(of: share)
        sessionsToWake.append(owner)
    }

    /// Queues what a new follower sees first (a complete `frames`, by the next placeholder taken, and
    /// the presenter's pointer, if it has pointed yet) and returns the answer of `type` carrying the
    /// shared scene, the code and the current demo step, as a `step` event gives it.
    func followAnswer(_ share: SharedSession, owner: Session, type: String) -> [String: Any] {
        followedVersion = Int.min
        followedPointerVersion = 0
        if share.pointer != nil { outbox.appendPointer() }
        var answer: [String: Any] = ["type": type, "scene": SceneWriter.document(of: owner.scene), "following": share.code]
        if let step = owner.stepAnnouncement() { answer["step"] = step }
        return answer
    }

    /// Leaves the followed share; with `keepingPlace` (the connection is gone), the share keeps a place
    /// for this follower until the grace period ends, so `rejoin` with its token follows again.
    func unfollow(keepingPlace: Bool = false) {
        guard let share = following else { return }
        stopFollowing()
        let grace = Double(limits.resumeGraceSeconds ?? 0)
        if keepingPlace, grace > 0, !share.hasEnded {
            let wall = Date().timeIntervalSince1970
            share.keepPlace(for: self, until: wall + grace, wall: wall)
        }
        journalQueue?.shareChanged(share)
        if share.remove(self), let owner = share.owner {
            owner.announceFollowers(of: share)
            sessionsToWake.append(owner)
        }
    }

    /// Back to a session of its own, with the empty scene it was left with; its next `frames` is complete.
    private func stopFollowing() {
        following = nil
        followedVersion = Int.min
        frameStream.sendsEverything = true
    }
}
