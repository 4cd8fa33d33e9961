import Foundation

/// A session many clients watch: its owner (the session that shared it), its followers, and the `frames`
/// stream they all read.
///
/// Followers get one stream of `frames` rendered from the owner's engine once per change (a tick or a
/// turn), into a buffer of its own that every follower writes as is: N followers cost one encoding,
/// not N. A follower that missed a version (its socket was not writable, or it just joined) gets a
/// complete `frames` of the newest version instead, also encoded once and shared. So each follower
/// reads at its own pace and, as for any slow client, gets the newest state rather than a backlog.
///
/// Buffers are never written twice: a new version makes new buffers, so a write still in flight on one
/// connection (permessage-deflate reads the payload late) never sees its bytes change.
public final class SharedSession {
    /// The join code (`JoinCode`).
    public let code: String
    /// The session that shared itself; nil once it is gone.
    public private(set) weak var owner: Session?
    /// The sessions following, in the order they joined.
    public private(set) var followers: [Session] = []
    /// The follower the owner handed the controls to (`handOver`), nil while the owner holds them.
    public internal(set) var controller: Session? {
        didSet { awayController = nil }
    }
    /// The owner's resume token: the share's journal record names its owner by it.
    public let ownerToken: String
    /// Followers whose connection is away (it dropped, or the server restarted since), each until its
    /// `deadline`: a `rejoin` with its token makes it a follower again (`Session+ShareRejoin.swift`).
    private(set) var awayFollowers: [FollowerRecord] = []
    /// The away follower that held the controls: they go back to it when it rejoins, and until then
    /// the owner's edits stay refused, as before the restart. Nil once anyone else holds them.
    private(set) var awayController: FollowerRecord?
    /// True once the share ended (`unshare`, or its owner's session ended): its record is deleted.
    public internal(set) var hasEnded = false

    /// The followers' stream: what they were last sent, and its sequence numbers.
    private var stream = FrameStream()
    /// Set when the owner queued a `frames`: the next follower to write renders a new version.
    private var changed = true
    /// Versions rendered so far; `latest` leads from version − 1 to version.
    private(set) var version = 0
    /// The changes from version − 1 to `version`.
    private var latest: MessageBuffer?
    /// Every view at `version`, rendered when a follower first needs it.
    private var complete: MessageBuffer?
    /// Where the owner points, once it has sent a `pointer`.
    private(set) var pointer: PresenterPointer?
    /// Pointer positions so far; a follower that sent `pointerVersion` has the newest.
    private(set) var pointerVersion = 0
    private var pointerThinning = PointerThinning()

    init(code: String, owner: Session) {
        self.code = code
        self.owner = owner
        ownerToken = owner.resumeToken
    }

    /// The share `record` describes, owned by `owner` (restored from the same journal), with every
    /// follower away until `deadline` (wall-clock Unix seconds) unless its record has an earlier one.
    convenience init(record: ShareRecord, owner: Session, deadline: Double) {
        self.init(code: record.code, owner: owner)
        awayFollowers = record.followers.map { follower in
            var away = follower
            away.deadline = min(follower.deadline ?? deadline, deadline)
            return away
        }
        awayController = awayFollowers.first { $0.token == record.controllerToken }
        if let saved = record.pointer {
            let location = saved.x.flatMap { x in saved.y.map { (x: x, y: $0) } }
            pointer = PresenterPointer(location: location, view: saved.view)
            pointerVersion = 1
        }
    }

    /// The share as its journal record, at wall-clock time `wall`; nil once the owner is gone.
    func record(wall: Double) -> ShareRecord? {
        guard owner != nil else { return nil }
        let live = followers.map { FollowerRecord(of: $0, deadline: nil, wall: wall) }
        let saved = pointer.map { PointerRecord(x: $0.location?.x, y: $0.location?.y, view: $0.view) }
        return ShareRecord(code: code, ownerToken: ownerToken,
                           controllerToken: controller?.resumeToken ?? awayController?.token,
                           followers: live + awayFollowers, pointer: saved)
    }

    /// The session id of whoever holds the controls other than the owner: the controlling follower,
    /// connected or away until its deadline; nil while the owner holds them.
    var controllerID: String? {
        if let controller { return controller.id }
        guard let away = awayController, (away.deadline ?? .infinity) >= Date().timeIntervalSince1970 else { return nil }
        return away.sessionID
    }

    /// Places kept at most: a client that follows and drops again and again within the grace period
    /// leaves a place each time, and the share's record holds them all. Past this the oldest goes.
    static let maxAwayFollowers = 1024

    /// Keeps a place for `follower`, whose connection dropped, until `deadline` (wall seconds).
    func keepPlace(for follower: Session, until deadline: Double, wall: Double) {
        awayFollowers.removeAll { $0.token == follower.resumeToken || ($0.deadline ?? wall) < wall }
        if awayFollowers.count >= Self.maxAwayFollowers { awayFollowers.removeFirst() }
        awayFollowers.append(FollowerRecord(of: follower, deadline: deadline, wall: wall))
    }

    /// The away follower with `token`, removed, when its deadline is not past `wall`; places past their
    /// deadline are dropped on the way. Whether it held the controls is in `isAwayController`.
    func claimPlace(_ token: String, wall: Double) -> FollowerRecord? {
        awayFollowers.removeAll { ($0.deadline ?? wall) < wall }
        if let controller = awayController, !awayFollowers.contains(where: { $0.token == controller.token }) {
            awayController = nil
        }
        guard let index = awayFollowers.firstIndex(where: { $0.token == token }) else { return nil }
        return awayFollowers.remove(at: index)
    }

    /// True when the away follower with `token` held the controls.
    func isAwayController(_ token: String) -> Bool { awayController?.token == token }

    /// Forgets the away controller: the owner took the controls back.
    func dropAwayController() { awayController = nil }

    /// Adds `follower`, which is sent a complete `frames` next.
    func add(_ follower: Session) {
        guard !followers.contains(where: { $0 === follower }) else { return }
        followers.append(follower)
    }

    /// Removes `follower`; true when it was one.
    @discardableResult
    func remove(_ follower: Session) -> Bool {
        guard let index = followers.firstIndex(where: { $0 === follower }) else { return false }
        followers.remove(at: index)
        if controller === follower { controller = nil }
        return true
    }

    /// The owner queued a `frames`: followers get a placeholder that renders the newest version.
    func ownerQueuedFrames() {
        changed = true
        for follower in followers { follower.outbox.appendFrames() }
    }

    /// The owner's scene was replaced: the next version lists every view.
    func ownerReplacedScene() {
        stream.sendsEverything = true
        changed = true
    }

    /// The owner points at `pointer` at transport time `now`: followers get it now, or at the next frame
    /// (`releasePointer`) when one went out less than `interval` seconds ago.
    func ownerPointed(_ pointer: PresenterPointer, now: Double, interval: Double) {
        self.pointer = pointer
        pointerVersion += 1
        if pointerThinning.admit(now: now, interval: interval) { queuePointer() }
    }

    /// True while a pointer position waits for the next frame: the owner's connection keeps ticking.
    var holdsPointer: Bool { pointerThinning.isHolding }

    /// At a tick: forwards the held pointer position once a frame has passed since the last.
    func releasePointer(now: Double, interval: Double) {
        if pointerThinning.release(now: now, interval: interval) { queuePointer() }
    }

    /// Queues a `pointer` placeholder for every follower; it renders the newest position when taken.
    func queuePointer() {
        for follower in followers { follower.outbox.appendPointer() }
    }

    /// Queues `message` (an event of the owner's: `conflict`, `animationEnd`, `scene`) for every follower
    /// but `skipped`.
    func forward(_ message: OutgoingMessage, except skipped: Session? = nil) {
        for follower in followers where follower !== skipped { follower.outbox.append(message) }
    }

    /// The `frames` a follower that was last sent version `sent` is sent now, and the version it carries;
    /// nil when the follower has the newest version already. `headroom` is the transport's (`MessageBuffer`).
    func frames(after sent: Int, headroom: Int) -> (buffer: MessageBuffer, version: Int)? {
        guard let engine = owner?.scene.engine else { return nil }
        if changed {
            changed = false
            let buffer = MessageBuffer(headroom: headroom)
            if stream.renderNext(for: engine, into: buffer) {
                version += 1
                latest = buffer
                complete = nil
            }
        }
        if sent == version { return nil }
        if sent == version - 1, let latest { return (latest, version) }
        if complete == nil {
            // A stream of its own that has sent nothing lists every view; numbered as the shared stream.
            var fresh = FrameStream(sequence: max(0, stream.sequence - 1))
            let buffer = MessageBuffer(headroom: headroom)
            if fresh.renderNext(for: engine, into: buffer) { complete = buffer }
        }
        guard let complete else { return nil }
        return (complete, version)
    }
}

extension FollowerRecord {
    /// `follower` as its share keeps it at wall-clock time `wall`: who it is and the level of each of its
    /// rate-limit buckets (messages, solver work, bytes), so a rejoin goes on from them
    /// (`Session.restoreRateLimits(from:wall:)`) instead of from full buckets. `deadline`: nil while connected.
    init(of follower: Session, deadline: Double?, wall: Double) {
        self.init(token: follower.resumeToken, sessionID: follower.id, strict: follower.isStrict, deadline: deadline,
                  messageTokens: follower.messageBucket?.tokens, workTokens: follower.workBucket?.tokens,
                  byteTokens: follower.byteBucket?.tokens, wall: wall)
    }
}
