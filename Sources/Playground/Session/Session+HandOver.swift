import Foundation

/// `handOver` and `takeBack`: the owner of a shared session gives its controls to one follower and takes
/// them back (docs/PROTOCOL.md, "Sharing").
///
/// The session stays the owner's: its resume token, its journal and its rejoin rights do not move, and
/// the follower never learns the token. While a follower holds the controls, its edits run on the
/// owner's session as that session's turns (journaled under the owner's token), and the owner's own
/// edits answer `read-only`: the owner watches its session as a follower would, until `takeBack`.
/// The controls come back by themselves when the follower leaves.
extension Session {
    /// `{"type":"handOver","to":"s4"}`: `to` is a follower's session id (from the `followers` event).
    /// Throws `not-shared` when this session shares nothing, `unknown-follower` when no follower has that id.
    func handOver(_ message: Fields) throws {
        guard let to = try message.string("to") else { throw ProtocolError.missing("to", in: "handOver") }
        guard let share = sharing else {
            throw ProtocolError("not-shared", "only the owner of a shared session can hand its controls over: send 'share' first")
        }
        guard let follower = share.followers.first(where: { $0.id == to }) else {
            throw ProtocolError("unknown-follower", "no follower of this session has the id '\(to.prefix(64))'")
        }
        if let previous = share.controller, previous !== follower { tellControls(previous, granted: false, share) }
        share.controller = follower
        journalQueue?.shareChanged(share)
        tellControls(follower, granted: true, share)
        announceFollowers(of: share)
    }

    /// `{"type":"takeBack"}`: the owner holds the controls again (a no-op when it holds them).
    /// Throws `not-shared` when this session shares nothing.
    func takeBack() throws {
        guard let share = sharing else {
            throw ProtocolError("not-shared", "only the owner of a shared session holds its controls")
        }
        journalQueue?.shareChanged(share)
        guard let controller = share.controller else {
            // An away follower's claim to the controls (kept over a restart) ends too.
            if share.controllerID != nil {
                share.dropAwayController()
                announceFollowers(of: share)
            }
            return
        }
        share.controller = nil
        tellControls(controller, granted: false, share)
        announceFollowers(of: share)
    }

    /// Throws `read-only` for an edit (any row but a question; `row` nil: a type no row names) of an
    /// owner whose controls a follower holds.
    func refuseWhileHandedOver(_ row: MessageType?, _ type: String) throws {
        guard let share = sharing, let controller = share.controllerID, !runsForController,
              row?.follower != .question else { return }
        throw ProtocolError("read-only", "the controls are with follower \(controller): '\(type.prefix(64))' would "
                            + "change the session; send 'takeBack' first")
    }

    /// Runs a controlling follower's message on the session it follows, as a turn of that session: the
    /// owner's clock moves to now, the message is journaled under the owner's token, the owner's turn
    /// ends (layout, `frames` to the owner and every follower); this follower's answer waits for the
    /// journal as the owner's would.
    func runAsController(_ message: Fields, turn: Turn, on share: SharedSession) throws -> [String: Any]? {
        guard let owner = share.owner else { throw ProtocolError("ended", "the shared session has ended") }
        owner.moveClock(to: transportTime)
        owner.turnText = turnText
        owner.runsForController = true
        turn.controller = self
        defer {
            owner.turnText = nil
            owner.runsForController = false
            owner.endTurn()
            if owner.holdsOutput { journalQueue?.hold(self) }
            sessionsToWake.append(owner)
            sessionsToWake += owner.takeSessionsToWake()
        }
        return try owner.handle(message, turn: turn, nested: false)
    }

    private func tellControls(_ follower: Session, granted: Bool, _ share: SharedSession) {
        follower.send(kind: .event, ["type": "controls", "granted": granted, "code": share.code, "re": NSNull()])
        sessionsToWake.append(follower)
    }
}
