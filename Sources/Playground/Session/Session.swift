import AutoLayout
import Foundation

/// One client's playground: a scene, its layout engine, a clock and an outbox of messages to send.
///
/// A session knows nothing of sockets. The transport feeds it one complete text message per run-loop
/// turn with `receive(_:now:)`, calls `tick(now:)` at the display rate while `wantsTicks` is true, and
/// drains `writeNext(into:)` into a buffer it lends whenever the socket is writable. `now` is the transport's monotonic time in
/// seconds. The protocol is documented in docs/PROTOCOL.md.
public final class Session {
    /// The WebSocket subprotocol and `hello.protocol`.
    public static let protocolName = "layout-playground.v1"
    /// The protocol version announced in `hello.version`.
    public static let protocolVersion = 1

    /// The session's id, as sent in `hello`.
    public let id: String
    /// The secret a new connection shows with `rejoin` to take this session back after its connection
    /// dropped (`ParkedSessions`): 128 bits from the system CSPRNG as 32 hex digits, sent only in this
    /// session's own `hello`.
    public let resumeToken: String
    let library: SceneLibrary
    let limits: SessionLimits
    /// Admits messages at `limits.messagesPerSecond` (nil when unlimited).
    var messageBucket: TokenBucket?
    /// Solver work done against `limits.workPerSecond` (nil when unlimited).
    var workBucket: TokenBucket?
    /// Message bytes against `limits.bytesPerSecond` (nil when unlimited).
    var byteBucket: TokenBucket?
    var scene: Scene
    var clock: Clock
    var outbox = Outbox()
    var frameStream = FrameStream()
    /// The steps `undo` and `redo` walk (`Session+Undo.swift`).
    var history = UndoHistory()
    /// What the top-level edit being received changed (`ChangeAnnouncement`), for its answer's `changes`;
    /// nil when it changed nothing or is not an edit.
    var turnChanges: [String: Any]?
    /// The scene's constraint order as announced last, kept to be extended (`ConstraintOrderText`).
    var constraintOrderText = ConstraintOrderText()
    /// The scene's view order as announced last, kept to be extended (`ViewOrderText`).
    var viewOrderText = ViewOrderText()
    /// What the edit being run changes, for its undo step (`ChangeRecorder`); nil outside such an edit.
    var changeRecorder: ChangeRecorder?
    /// The scene's document, written once per generation of the model (`SceneDocuments`).
    var documents = SceneDocuments()
    /// True while `step` replays a script to rebuild a step: animation blocks then take no time.
    var animatesInstantly = false
    /// The buffer `nextOutgoing()` writes into, made at its first call.
    var textBuffer: MessageBuffer?
    /// The turn that started each running animation block.
    var animationRequests: [AnimationGroupID: Turn] = [:]
    /// The transport's clock at the latest call, seconds.
    var transportTime: Double
    /// Transport time of the last tick that queued a `frames`.
    private var lastTickFrameTime = -Double.infinity
    private var turnCount = 0
    /// Where a solver fault is reported (one line, naming the session and the fault); the server sends it
    /// to its log. Nil: not reported beyond the client's `internal` error.
    public var faultLog: ((String) -> Void)?
    /// Whether `{"type":"plantFault"}` is understood: it makes the solver's next call fail as a solver
    /// defect would, to test recovery end to end (`layout-playground --plant-faults`; off by default).
    public var acceptsPlantedFaults = false
    /// Where `share` registers and `follow` looks codes up; nil: sharing answers `unavailable`.
    public var shareRegistry: ShareRegistry?
    /// The shared session this session owns (after `share`), nil when not shared.
    public internal(set) var sharing: SharedSession?
    /// The shared session this session follows (after `follow`): it is then a read-only view of it.
    public internal(set) var following: SharedSession?
    /// The version of `following`'s stream last sent (`SharedSession.frames(after:headroom:)`); below
    /// every version after `follow`, so the first `frames` is complete.
    var followedVersion = Int.min
    /// The `pointerVersion` of `following` last sent: a queued `pointer` already sent is skipped.
    var followedPointerVersion = 0
    /// Other sessions this one queued messages for in the turn or tick being run (`TurnResult.wake`).
    var sessionsToWake: [Session] = []
    /// Where `rejoin` finds sessions whose connection dropped; nil: `rejoin` answers `unknown-token`.
    public var parkedSessions: ParkedSessions?
    /// Asked before each `follow` (the transport counts attempts per remote address); false answers
    /// `rate-limited`. Nil: every attempt is admitted.
    public var admitsFollow: (() -> Bool)?
    /// The parked session a `rejoin` claimed, for the turn's `TurnResult.replacement`.
    var replacement: Session?
    /// Whether the session refuses what it would otherwise ignore: fields no handler reads
    /// (`unknown-field`) and objects with a duplicate key (`bad-json`). True unless the client asked
    /// for the lenient protocol (`?lenient` on the WebSocket URL, or `strict: false` here).
    public let isStrict: Bool
    /// The read log of the message being handled (strict sessions only), for `checkFieldsRead()`.
    var fieldLog: FieldLog?
    /// Where turns worth keeping are journaled (`Session+Journal.swift`); nil: not journaled.
    public var journalQueue: JournalQueue?
    /// Turns recorded this pass, not yet in the journal (`JournalQueue`).
    var journalPending: [JournalTurn] = []
    /// Turns and bytes in the journal since its last snapshot, for compaction.
    var journaledTurns = 0
    var journaledBytes = 0
    /// True once the journal holds (or is about to hold) a record of this session.
    var isJournaled = false
    /// Set when the journal must start again from a snapshot (`JournalQueue.snapshot`).
    var journalNeedsSnapshot = false
    /// True while the outbox waits for the journal's commit: nothing is taken from it.
    var holdsOutput = false
    /// True while the session is in the `JournalQueue`'s held list of the current pass.
    var journalHeldThisPass = false
    /// The last pass number the session's answers wait for a journal's confirmation of (0: none).
    var journalAwaitedPass = 0
    /// Transport time of the session's time 0 (journal turns count from it) and the wall-clock time then.
    var createdAt: Double
    var createdWall: Double
    /// True while a restored session replays its journal: no rate limits, nothing journaled again.
    var isReplaying = false
    /// The text of the message being received, for the journal.
    var turnText: String?
    /// True while the follower holding this session's controls runs a message on it (`Session+HandOver.swift`).
    var runsForController = false
    /// Set when a turn added or removed views, constraints or guides: followers are sent the new `scene`
    /// and a complete `frames` at the turn's end.
    var structureChanged = false

    /// Creates a session holding an empty 375×667 scene and queues its `hello`.
    /// - Parameters:
    ///   - id: the id announced in `hello`.
    ///   - now: the transport's clock, seconds.
    ///   - limits: what the session may hold and do, announced in `hello.limits`.
    ///   - resumeToken: the token announced in `hello` (`makeResumeToken()`: fresh from the CSPRNG);
    ///     tests that compare two sessions' bytes pass the same one.
    ///   - strict: false for the lenient protocol, which ignores unknown fields and keeps the last of
    ///     duplicate keys (docs/PROTOCOL.md, "Strictness"); announced in `hello.strict`.
    public init(id: String, now: Double, limits: SessionLimits = SessionLimits(),
                resumeToken: String = Session.makeResumeToken(), strict: Bool = true) {
        self.id = id
        self.resumeToken = resumeToken
        isStrict = strict
        library = .builtIn
        self.limits = limits
        messageBucket = limits.messagesPerSecond.map { TokenBucket(rate: $0, capacity: Double(limits.messageBurst)) }
        workBucket = limits.workPerSecond.map { TokenBucket(rate: $0, capacity: Double(limits.maxWorkPerMessage)) }
        byteBucket = limits.bytesPerSecond.map { TokenBucket(rate: $0, capacity: Double(2 * limits.maxMessageBytes)) }
        clock = Clock(now: now)
        transportTime = now
        createdAt = now
        createdWall = Date().timeIntervalSince1970
        scene = Scene.empty()
        // The empty scene counts as sent: the first complete frames comes with the first load.
        frameStream.markSent(scene.engine)
        send(kind: .event, [
            "type": "hello", "protocol": Self.protocolName, "version": Self.protocolVersion, "session": id,
            "resumeToken": resumeToken,
            "scenes": library.names,
            "devices": Device.presets.map(\.name),
            "sceneTitles": library.titles,
            "deviceTitles": Dictionary(uniqueKeysWithValues: Device.presets.map { ($0.name, $0.title) }),
            "limits": limits.announcement,
            "strict": strict,
        ])
    }

    deinit {
        // The process's undo budget counts what this history held.
        history.clear()
    }

    /// Handles one client text message as one run-loop turn and queues everything it causes: conflicts,
    /// frames, finished animations, then the answer. Never throws: bad input becomes an `error`.
    /// Returns what the turn produced for others: the session a `rejoin` claimed, the sessions to wake,
    /// whether to tick.
    @discardableResult
    public func receive(_ text: String, now: Double) -> TurnResult {
        runTurn(text, now: now)
        return result()
    }

    /// What the turn or tick just run produced beyond this session's outbox (`TurnResult`).
    private func result() -> TurnResult {
        let replacement = takeReplacement()
        let current = replacement ?? self
        return TurnResult(replacement: replacement, wake: current.takeSessionsToWake(), wantsTicks: current.wantsTicks)
    }

    private func runTurn(_ text: String, now: Double) {
        moveClock(to: now)
        if !isReplaying, let refusal = admit(now: now, bytes: text.utf8.count) {
            refuse(text, ProtocolError("rate-limited", "more \(refusal) per second than the session's limits allow: slow down"),
                   readingID: refusal != "bytes")
            return
        }
        var requestID: Any?
        var answer: [String: Any]?
        var work = 0
        let log = isStrict ? FieldLog() : nil
        do {
            fieldLog = log
            turnText = text
            defer { fieldLog = nil; turnText = nil }
            let message = try Fields.decode(text, log: log)
            requestID = try message.requestID()
            if isStrict { try StrictJSON.check(text) }
            turnCount += 1
            let turn = Turn(requestID: requestID, serial: turnCount, limits: limits)
            defer { work = turn.work + turn.rehearsalWork }
            answer = try handle(message, turn: turn, nested: false)
            if let unknown = log?.unknownField() { throw unknown }
        } catch var error as ProtocolError {
            error = withSuggestedID(error)
            // A required field that is missing because it was misspelt: an unread field nearest to one
            // the error names as missing. Name the typo, and keep what was missing in the message.
            if error.code == "missing-field", let unknown = log?.misspelling(ofOneOf: Self.quotedNames(in: error.message)) {
                var named = ProtocolError(unknown.code, "\(unknown.message); \(error.message)")
                named.field = unknown.field
                named.suggestion = unknown.suggestion
                error = named
            }
            answer = ["type": "error", "code": error.code, "message": error.message]
            if let position = error.position { answer?["position"] = position }
            if let field = error.field { answer?["field"] = field }
            if let suggestion = error.suggestion { answer?["suggestion"] = suggestion }
            if let line = error.line, let column = error.column {
                answer?["line"] = line
                answer?["column"] = column
            }
        } catch {
            answer = ["type": "error", "code": "internal", "message": "\(error)"]
        }
        endTurn()
        if let failure = recoverFromSolverFault() { answer = failure }
        workBucket?.spend(Double(work), now: now)
        // An edit's answer says what it changed, and the steps left to undo and redo (`ChangeAnnouncement`).
        if let changes = turnChanges, answer != nil || requestID != nil, answer?["type"] as? String != "error" {
            answer = historyCounted((answer ?? ["type": "ok"]).merging(["changes": changes]) { $1 })
        }
        turnChanges = nil
        if var answer {
            answer["re"] = requestID ?? NSNull()
            send(kind: answer["type"] as? String == "error" ? .error : .reply, answer)
        } else if let requestID {
            // A request that asked nothing is answered `ok`.
            outbox.append(.ok(re: requestID))
        }
    }

    /// Nil when the rate limits let a message of `bytes` in at `now` (taking its token), else what ran
    /// out. Bytes are charged first, so the decoding done to refuse a message is bounded by the byte rate.
    private func admit(now: Double, bytes: Int) -> String? {
        byteBucket?.refill(now: now)
        if byteBucket?.isInDebt == true { return "bytes" }
        byteBucket?.spend(Double(bytes), now: now)
        workBucket?.refill(now: now)
        if workBucket?.isInDebt == true { return "solver work" }
        return messageBucket?.take(now: now) ?? true ? nil : "messages"
    }

    /// Answers a message that is not run with `error`, echoing its id when `readingID` and it has one.
    /// Messages over the byte rate are not decoded at all (their answer's `re` is null).
    private func refuse(_ text: String, _ error: ProtocolError, readingID: Bool) {
        let requestID = readingID ? (try? Fields.decode(text)).flatMap { try? $0.requestID() } : nil
        send(kind: .error, ["type": "error", "code": error.code, "message": error.message, "re": requestID ?? NSNull()])
    }

    /// Advances a real-time clock to `now`: queues a `frames` (merged with an unsent one) at the
    /// session's frame rate and an `animationEnd` for each block that ended.
    ///
    /// The rate is counted in transport time (display frames per second), so a slowed or paused
    /// session clock still streams at `framesPerSecond`; the transport ticks each session on its own
    /// cadence, and ticks closer than one frame apart (less 2 ms of slack) queue no frame.
    /// Returns the followers whose outbox the tick added to, and whether to go on ticking.
    @discardableResult
    public func tick(now: Double) -> TurnResult {
        advanceTick(now: now)
        return result()
    }

    private func advanceTick(now: Double) {
        // A held pointer position goes out a frame after the last, whatever the clock.
        sharing?.releasePointer(now: now, interval: 1 / Double(clock.framesPerSecond))
        guard !clock.isStopped else { return }
        let engine = scene.engine
        let wasAnimating = engine.isAnimating
        moveClock(to: now)
        let due = now - lastTickFrameTime >= 1 / Double(clock.framesPerSecond) - 0.002
        if wasAnimating, due || !engine.isAnimating {
            lastTickFrameTime = now
            outbox.appendFrames()
            sharing?.ownerQueuedFrames()
        }
        sendCompletions()
        if var failure = recoverFromSolverFault() {
            failure["re"] = NSNull()
            send(kind: .error, failure)
        }
    }

    /// The session's clock, seconds (manual or real: what `frames.time` reports), as of the latest
    /// `receive` or `tick`.
    public var clockTime: Double { scene.engine.time }

    /// The limits the session runs under (as announced in `hello.limits`).
    public var sessionLimits: SessionLimits { limits }

    /// Frames per second to stream while animating under the real-time clock (`clock.fps`: 30, 60 or 120).
    public var framesPerSecond: Int { clock.framesPerSecond }

    /// True while the real-time clock runs an animation, or a pointer position waits for followers
    /// (`PresenterPointer`), so the transport should call `tick(now:)`.
    public var wantsTicks: Bool {
        (!clock.isStopped && scene.engine.isAnimating) || sharing?.holdsPointer == true
    }

    /// True when `writeNext(into:)` may have something to send.
    /// Nothing while the outbox is held for the journal (`holdsOutput`): its release wakes the
    /// connection, so a connection asking for WRITEABLE meanwhile would only spin.
    public var hasOutgoing: Bool { !holdsOutput && !outbox.isEmpty }

    /// Writes the next message to send into `buffer`, after its headroom, and returns its kind; nil
    /// when there is nothing to send (the buffer's last message may then be overwritten; the caller
    /// may `release()` the buffer). A pending `frames` is rendered
    /// now, with the newest state, and skipped when nothing changed. The message is `buffer.message`
    /// and stays there, unchanged whatever the session receives or ticks meanwhile, until the buffer is
    /// written again.
    public func writeNext(into buffer: MessageBuffer) -> OutgoingKind? {
        guard let (kind, written) = takeNext(lending: buffer) else { return nil }
        if written !== buffer { buffer.copy(written) }
        return kind
    }

    /// Like `writeNext(into:)`, but a follower's `frames` is not copied: the returned buffer is either
    /// `buffer` or one shared by every follower of the same session (`SharedSession`), which stays
    /// unchanged for as long as the caller holds it. Nil when there is nothing to send.
    public func takeNext(lending buffer: MessageBuffer) -> (kind: OutgoingKind, buffer: MessageBuffer)? {
        // The journal has not committed this pass's turns yet: nothing may acknowledge them.
        guard !holdsOutput else { return nil }
        while let item = outbox.popFirst() {
            switch item {
            case .message(let message):
                return (message.write(into: buffer), buffer)
            case .frames:
                if let following {
                    guard let (shared, version) = following.frames(after: followedVersion, headroom: buffer.headroom)
                    else { continue }
                    followedVersion = version
                    return (.frames, shared)
                }
                if frameStream.renderNext(for: scene.engine, into: buffer) { return (.frames, buffer) }
            case .pointer:
                guard let following, let pointer = following.pointer,
                      following.pointerVersion != followedPointerVersion else { continue }
                followedPointerVersion = following.pointerVersion
                return (OutgoingMessage.message(pointer.message, .event).write(into: buffer), buffer)
            }
        }
        return nil
    }

    /// The next message to send as text (as `writeNext(into:)` writes it), or nil. For tests and tools:
    /// a transport lends its own buffer to `writeNext(into:)` instead.
    public func nextOutgoing() -> String? {
        let buffer = textBuffer ?? MessageBuffer()
        textBuffer = buffer
        guard writeNext(into: buffer) != nil else {
            // Drained: keep no message bytes, as a connection does.
            buffer.release()
            return nil
        }
        return buffer.text
    }

    // MARK: Turns

    func moveClock(to now: Double) {
        transportTime = max(transportTime, now)
        scene.engine.advance(to: clock.time(at: now))
    }

    /// The end of a run-loop turn: the implicit layout pass, then what it produced.
    func endTurn() {
        // A pass with work to do may move frames and break constraints, which the document holds.
        if scene.engine.needsLayout { documents.modelChanged() }
        scene.engine.layoutIfNeeded()
        for conflict in scene.engine.takeConflicts() {
            let event: [String: Any] = ["type": "conflict", "broken": conflict.broken,
                                        "constraints": conflict.constraints, "log": conflict.log]
            send(kind: .event, event)
            sharing?.forward(.message(event, .event))
        }
        if structureChanged {
            structureChanged = false
            if let sharing {
                sharing.ownerReplacedScene()
                sharing.forward(.message(["type": "scene", "scene": SceneWriter.document(of: scene), "re": NSNull()], .event))
            }
        }
        outbox.appendFrames()
        sharing?.ownerQueuedFrames()
        sendCompletions()
    }

    func sendCompletions() {
        for completion in scene.engine.takeCompletions() {
            guard let turn = animationRequests.removeValue(forKey: completion.group) else { continue }
            if turn.animationEnded(finished: completion.finished) { sendAnimationEnd(for: turn) }
        }
    }

    func sendAnimationEnd(for turn: Turn) {
        // The request's sender gets its id back: this session's client, or the follower holding the
        // controls that ran it; the others did not send it, their `re` is null.
        let controller = turn.controller
        outbox.append(.animationEnd(re: controller == nil ? turn.requestID : nil, finished: turn.animationsFinished))
        sharing?.forward(.animationEnd(re: nil, finished: turn.animationsFinished), except: controller)
        if let controller {
            controller.outbox.append(.animationEnd(re: turn.requestID, finished: turn.animationsFinished))
            sessionsToWake.append(controller)
        }
    }

    /// Registers an animation block started by `turn`; its `animationEnd` waits for all of them.
    func track(_ group: AnimationGroupID, for turn: Turn) {
        animationRequests[group] = turn
        turn.runningAnimations += 1
    }

    /// Queues `message` as a message of `kind`; it is encoded when the transport takes it.
    func send(kind: OutgoingKind, _ message: [String: Any]) {
        outbox.append(.message(message, kind))
    }

    /// `message` as the JSON text the session sends for it (`JSONWriter`).
    static func encode(_ message: [String: Any]) -> String {
        JSONWriter.text(of: message) ?? OutgoingMessage.unencodable.description
    }
}

/// What one turn or tick of a session produced beyond the session's own outbox, for whoever runs it.
public struct TurnResult {
    /// The session the connection holds from now on, when a `rejoin` claimed one (parked, or rebuilt
    /// from the journal); nil: the same session. The one made for the connection is then dropped.
    public let replacement: Session?
    /// Other sessions whose outbox the turn or tick added to (followers, an owner told of a new
    /// follower count, a rejoined owner's followers): their connections are to be woken.
    public let wake: [Session]
    /// Whether the session holding the connection now wants `tick(now:)` (`Session.wantsTicks`).
    public let wantsTicks: Bool
}

/// One client message's turn: who to answer and how much work it may still do.
final class Turn {
    let requestID: Any?
    /// Orders turns, oldest first.
    let serial: Int
    let limits: SessionLimits
    private(set) var opsRun = 0
    /// Work units charged so far (`SessionLimits.workCost`).
    private(set) var work = 0
    /// The follower holding the controls that sent this turn's message to the session it follows, or
    /// nil for the session's own client (`Session+HandOver.swift`).
    weak var controller: Session?
    /// Work units of the turn's rehearsal (`Session+Transaction.swift`): charged to the work bucket,
    /// not to `maxWorkPerMessage`, so an edit fits a message as it did before edits were rehearsed.
    var rehearsalWork = 0
    /// Whether the top-level message is an `animate` of one change (`Session.isSingleChangeAnimate`), as
    /// `handle` found it deciding on a rehearsal; nil when not asked (another type, a rehearsal's copy).
    var isSingleChangeAnimate: Bool?
    /// Animation blocks this turn started that have not ended; one `animationEnd` follows the last.
    var runningAnimations = 0
    /// False once any of them was interrupted.
    private(set) var animationsFinished = true

    init(requestID: Any?, serial: Int, limits: SessionLimits = SessionLimits()) {
        self.requestID = requestID
        self.serial = serial
        self.limits = limits
    }

    /// A turn with this one's counts so far, for a rehearsal (`Session+Transaction.swift`): what the
    /// rehearsal counts is thrown away with it.
    func rehearsal() -> Turn {
        let copy = Turn(requestID: requestID, serial: serial, limits: limits)
        copy.opsRun = opsRun
        copy.work = work
        return copy
    }

    /// Notes that one of this turn's animation blocks ended; true when it was the last.
    func animationEnded(finished: Bool) -> Bool {
        runningAnimations -= 1
        animationsFinished = animationsFinished && finished
        return runningAnimations == 0
    }

    /// Throws `too-many-ops` unless `count` more ops fit in this message.
    func reserve(_ count: Int) throws {
        guard opsRun + count <= limits.maxOpsPerMessage else { throw tooManyOps }
    }

    /// Counts one more op (unless `op` is false) costing `work` units. Throws `too-many-ops` or
    /// `too-complex` past the limits.
    func count(work cost: Int = 0, op: Bool = true) throws {
        if op { opsRun += 1 }
        guard opsRun <= limits.maxOpsPerMessage else { throw tooManyOps }
        work += cost
        guard work <= limits.maxWorkPerMessage else { throw tooComplex }
    }

    /// Throws what `count(work:op:)` would throw after `ops` more ops costing `work` units in all,
    /// counting nothing: `too-many-ops`, `too-complex`.
    func checkRoom(ops: Int, work extra: Int) throws {
        try reserve(ops)
        guard work + extra <= limits.maxWorkPerMessage else { throw tooComplex }
    }

    private var tooManyOps: ProtocolError {
        ProtocolError("too-many-ops", "a message may run at most \(limits.maxOpsPerMessage) ops")
    }

    private var tooComplex: ProtocolError {
        ProtocolError("too-complex", "the message needs more solver work than one message may do "
                      + "(\(limits.maxWorkPerMessage) units): split it or shrink the scene")
    }
}
