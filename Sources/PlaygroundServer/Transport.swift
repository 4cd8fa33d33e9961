import CLibWebSockets
import Foundation
import Playground

/// The wire behind a `PlaygroundServer`: open connections, reads, writes, backpressure, the tick and
/// the clock. What happens to sessions beyond their connection (admission, ids, rejoin, parking, the
/// journal) is the `SessionLifecycle`'s; the transport applies what each of its steps returns.
///
/// libwebsockets is single-threaded: every method here runs on the thread that calls `lws_service`
/// (the callbacks reach this object through the context's user pointer), so no locking is needed.
final class Transport {
    let options: ServerOptions
    let clock = MonotonicClock()
    private(set) var context: OpaquePointer?
    private var connections: [UInt64: Connection] = [:]
    /// Connections with an answer queued since the last `lws_service` pass (`writeWaitingAnswers`).
    private let answersWaiting = WaitingAnswers()
    private var lastID: UInt64 = 0
    /// Ticks the sessions that animate under the real-time clock, each at its own frame rate.
    private var scheduler: FrameRateScheduler?
    private var wakeTimer: ServiceTimer?
    /// Static files, /healthz and /metrics.
    let http: HTTPService
    let metrics = Metrics()
    private let origins: OriginPolicy
    /// Admission, ids, rejoin, parking and the journal of the sessions.
    private let lifecycle: SessionLifecycle
    /// The connection of each session, to wake a follower or owner another session queued messages for.
    private var connectionIDs: [ObjectIdentifier: UInt64] = [:]
    /// Fires at the next parked session's deadline.
    private var parkTimer: ServiceTimer?
    /// Parked sessions that still animate for their followers, ticked under ids of their own.
    private var parkedTickIDs: [ObjectIdentifier: UInt64] = [:]
    /// The `--record` folder; nil when the server does not record.
    private let recordings: RecordingDirectory?
    /// Whether the tick writes frames outside WRITEABLE (`writeNow`): not when permessage-deflate may be
    /// negotiated, whose compressor reads a payload after `lws_write` has returned.
    private let writesDirectly: Bool
    /// What a connection's session may hold for a client that does not read (`options.maxUnreadBytes`).
    private let unread: UnreadLimit
    /// Connections whose `rejoin` waits for Redis, with what they sent meanwhile (run after it).
    private var waitingForRedis: [UInt64: [String]] = [:]
    /// Service passes so far (`endPass`), and the connections not read for the rest of this one.
    private var pass = 0
    private var pausedForPass: [UInt64] = []
    /// Microseconds of turns one connection may run in one service pass before the rest of what it
    /// sent waits for the next: the frame timer runs between passes, so a client that sends costly
    /// messages back to back (a burst of `load`s) delays other sessions' frames by about one message.
    static let turnMicrosPerPass: Int64 = 4_000

    /// - Parameters: journal: where sessions are journaled, nil for none; directory: the process's
    ///   session ids and homes.
    /// - Throws: when the `--record` folder cannot be made or read.
    init(options: ServerOptions, files: StaticFiles, journal: SessionJournal?, directory: SessionDirectory) throws {
        lifecycle = SessionLifecycle(options: options, journal: journal, directory: directory, home: 0, clock: clock)
        self.options = options
        writesDirectly = !options.permessageDeflate
        unread = UnreadLimit(maxBytes: options.maxUnreadBytes, timeout: Double(options.unreadTimeout))
        recordings = try options.recording.map {
            try RecordingDirectory(path: $0.directory, maxFileBytes: $0.maxFileBytes, maxTotalBytes: $0.maxTotalBytes)
        }
        http = HTTPService(files: files)
        origins = OriginPolicy(allowed: options.allowedOrigins)
    }

    /// The pointer stored as the context's user pointer.
    var unretainedPointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The transport whose context `wsi` belongs to.
    static func of(_ wsi: OpaquePointer) -> Transport? {
        guard let context = lws_get_context(wsi), let user = lws_context_user(context) else { return nil }
        return Unmanaged<Transport>.fromOpaque(user).takeUnretainedValue()
    }

    /// Called once the context exists.
    func attach(_ context: OpaquePointer) {
        self.context = context
        scheduler = FrameRateScheduler(owner: unretainedPointer, callback: tickTimerFired)
        wakeTimer = ServiceTimer(owner: unretainedPointer, callback: wakeTimerFired)
        parkTimer = ServiceTimer(owner: unretainedPointer, callback: parkTimerFired)
        // Records a dead server left wait the grace period for their clients, then this sweep deletes them.
        if lifecycle.journalQueue != nil { parkTimer?.schedule(in: Int64(options.resumeGrace + 1) * 1_000_000, context: context) }
    }

    var hasConnections: Bool { !connections.isEmpty }

    // MARK: Connection events (from playgroundProtocolCallback)

    /// LWS_CALLBACK_ESTABLISHED: a new session; its `hello` goes out at the first WRITEABLE.
    func established(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) {
        guard let user else { return }
        lastID += 1
        let id = lastID
        user.storeBytes(of: id, as: UInt64.self)
        let started = FrameRateScheduler.gridSeconds(atOrBefore: clock.nowMicros)
        let peer = peerAddress(wsi)
        let session = lifecycle.open(peer: peer, strict: !URIArguments.asksLenient(URIArguments.of(wsi)), now: started)
        let connection = Connection(id: id, wsi: wsi, session: session, peer: peer, maxMessageBytes: options.maxMessageBytes)
        connection.recorder = recordings?.recorder(for: connection.session, now: started)
        connections[id] = connection
        connectionIDs[ObjectIdentifier(connection.session)] = id
        metrics.sessionsOpened += 1
        SendBuffer.bound(wsi)
        ServerLog.info("open \(connection.session.id) from \(connection.peer)")
        lws_callback_on_writable(wsi)
    }

    /// LWS_CALLBACK_RECEIVE: reassembles; a complete message is one session turn.
    func receive(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?, bytes: UnsafeRawBufferPointer) {
        guard let connection = connection(user) else { return }
        let received = connection.receive(bytes, isFirst: lws_is_first_fragment(wsi) != 0,
                                          isFinal: lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0,
                                          isBinary: lws_frame_is_binary(wsi) != 0)
        guard case .message(let text) = received else {
            if case .tooBig = received { metrics.closedForLimit["message-too-big", default: 0] += 1 }
            if case .binary = received { metrics.closedForLimit["binary", default: 0] += 1 }
            return
        }
        if waitingForRedis[connection.id] != nil {
            waitingForRedis[connection.id]?.append(text)
            return
        }
        if let token = lifecycle.rejoinNeedingRedis(text) {
            waitingForRedis[connection.id] = []
            connection.setReading(false, for: .redis)
            let id = connection.id
            lifecycle.prepareRejoin(token) { [unowned self] effects in
                apply(effects)
                let queued = waitingForRedis.removeValue(forKey: id) ?? []
                guard let connection = connections[id] else { return lifecycle.dropLookup(token: token) }
                connection.setReading(true, for: .redis)
                for text in [text] + queued { runTurn(connection, text) }
            }
            return
        }
        runTurn(connection, text)
    }

    /// Runs `text` as one turn of `connection`'s session and applies what it caused.
    private func runTurn(_ connection: Connection, _ text: String) {
        let wsi = connection.wsi
        let started = clock.nowMicros
        // One reading of the clock: the recording must hold the `now` the session was given.
        let now = clock.now
        connection.recorder?.input(text, now: now, session: connection.session)
        let (session, effects) = lifecycle.turn(connection.session, text, now: now, peer: connection.peer)
        let elapsed = clock.nowMicros - started
        metrics.recordTurn(seconds: Double(elapsed) / 1_000_000)
        if connection.countTurn(micros: elapsed, pass: pass) >= Self.turnMicrosPerPass, !pausedForPass.contains(connection.id) {
            connection.setReading(false, for: .turns)
            pausedForPass.append(connection.id)
        }
        if session !== connection.session {
            connectionIDs[ObjectIdentifier(connection.session)] = nil
            connection.session = session
            connectionIDs[ObjectIdentifier(session)] = connection.id
        }
        if session.hasOutgoing { answersWaiting.request(wsi, id: connection.id) }
        checkUnread(connection)
        apply(effects)
    }

    /// Does what a lifecycle step asked: parked ticks stopped, sessions woken, ticks started,
    /// connections closed for the journal, the park timer set again.
    private func apply(_ effects: LifecycleEffects) {
        for session in effects.stopParkedTicks { stopParkedTicks(session) }
        wake(effects.wake)
        for session in effects.tick { startTicking(session) }
        for session in effects.closeForJournal {
            guard let id = connectionIDs[ObjectIdentifier(session)], let connection = connections[id] else { continue }
            connection.close(LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, reason: "the session journal failed")
        }
        if effects.parkDeadlineMoved { scheduleParkTimer() }
    }

    /// Asks for a WRITEABLE of each session's connection: followers and owners another session's turn
    /// or tick queued messages for.
    private func wake(_ sessions: [Session]) {
        for session in sessions {
            guard let id = connectionIDs[ObjectIdentifier(session)], let connection = connections[id] else { continue }
            answersWaiting.request(connection.wsi, id: id)
            checkUnread(connection)
        }
    }

    /// LWS_CALLBACK_SERVER_WRITEABLE: one write (or the pending close), then, while the session has more
    /// to send, another WRITEABLE. Returns the callback result.
    func writeable(user: UnsafeMutableRawPointer?) -> Int32 {
        guard let connection = connection(user) else { return 0 }
        let result = connection.writeable(now: clock.now)
        guard result == 0 else { return result }
        if connection.session.hasOutgoing { answersWaiting.request(connection.wsi, id: connection.id) }
        checkUnread(connection)
        return result
    }

    /// Writes the answers queued during the last `lws_service` pass (a turn's `frames` and `ok`, the `ok`
    /// after a written `frames`) without waiting for another poll (`WaitingAnswers`). Streamed frames,
    /// which the tick queues for every animating session at once, go out with the poll.
    func writeWaitingAnswers() {
        guard let context else { return }
        answersWaiting.write(through: context) { connections[$0]?.wsi }
    }

    /// After each `lws_service` pass: the connections whose turns took their share of it are read again.
    func endPass() {
        pass += 1
        for id in pausedForPass { connections[id]?.setReading(true, for: .turns) }
        pausedForPass.removeAll(keepingCapacity: true)
    }

    /// LWS_CALLBACK_WS_PEER_INITIATED_CLOSE: remembers the peer's close code for the log.
    func peerClosing(user: UnsafeMutableRawPointer?, payload: UnsafeRawBufferPointer) {
        guard let connection = connection(user), payload.count >= 2 else { return }
        connection.peerCloseCode = UInt16(payload[0]) << 8 | UInt16(payload[1])
    }

    /// LWS_CALLBACK_CLOSED: the session is freed here.
    func closed(user: UnsafeMutableRawPointer?) {
        guard let user else { return }
        let id = user.load(as: UInt64.self)
        user.storeBytes(of: 0, as: UInt64.self)
        scheduler?.remove(id)
        waitingForRedis[id] = nil
        guard let connection = connections.removeValue(forKey: id) else { return }
        connection.recorder?.close()
        let session = connection.session
        connectionIDs[ObjectIdentifier(session)] = nil
        apply(lifecycle.connectionClosed(session))
        metrics.closedFrames += connection.framesSent
        metrics.closedErrors += connection.errorsSent
        let code = connection.peerCloseCode.map { " (peer sent \($0))" } ?? ""
        ServerLog.info("close \(connection.session.id)\(code)")
    }

    // MARK: Clients that do not read

    /// Applies the unread limit to `connection` after its session queued something or a message went
    /// out (`Connection.checkUnread`).
    private func checkUnread(_ connection: Connection) {
        switch connection.checkUnread(unread, now: clock.now) {
        case .stoppedReading?: metrics.unreadStops += 1
        case .overflowed?: closeUnread(connection, reason: "more than \(unread.closingBytes) bytes of answers unread")
        case .resumedReading?, nil: break
        }
    }

    /// LWS_CALLBACK_TIMER, armed when a connection stopped being read (closes it if it still is not)
    /// and when libwebsockets began closing it (ends the close handshake). Returns the callback's
    /// result: -1 drops the connection.
    func timer(user: UnsafeMutableRawPointer?) -> Int32 {
        guard let connection = connection(user) else { return 0 }
        if connection.isClosing { return -1 }
        if connection.unreadTimedOut(unread, now: clock.now) {
            closeUnread(connection, reason: "answers unread for \(options.unreadTimeout) s")
        }
        return 0
    }

    /// LWS_CALLBACK_WS_SERVER_DROP_PROTOCOL: libwebsockets began closing the connection, for whatever
    /// reason (`Connection.closeStarted`).
    func closing(user: UnsafeMutableRawPointer?) {
        connection(user)?.closeStarted()
    }

    private func closeUnread(_ connection: Connection, reason: String) {
        metrics.closedForLimit["unread", default: 0] += 1
        ServerLog.info("closing \(connection.session.id) with 1008: \(reason)")
        connection.closeUnread(reason: reason)
    }

    // MARK: Admission and HTTP

    /// LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION, before the 101: refuses foreign origins (403) and
    /// upgrades over the session limits (503). Returns non-zero to refuse.
    func filter(_ wsi: OpaquePointer) -> Int32 {
        let origin = HTTPService.header(wsi, WSI_TOKEN_ORIGIN)
        let reason: String
        let status: http_status
        if !origins.allows(origin: origin, host: HTTPService.header(wsi, WSI_TOKEN_HOST)) {
            (reason, status) = ("origin", HTTP_STATUS_FORBIDDEN)
        } else if case let peer = peerAddress(wsi),
                  let refusal = lifecycle.refusal(peer: peer, open: connections.count,
                                                  fromPeer: { connections.values.lazy.filter { $0.peer == peer }.count }) {
            (reason, status) = (refusal, HTTP_STATUS_SERVICE_UNAVAILABLE)
        } else {
            return 0
        }
        metrics.refused[reason, default: 0] += 1
        ServerLog.info("refused upgrade from \(peerAddress(wsi)) (\(reason)\(origin.map { ", origin \($0.prefix(100))" } ?? ""))")
        _ = lws_return_http_status(wsi, UInt32(status.rawValue), nil)
        return 1
    }

    /// Connections answered 503 because no descriptor was free for them (`DescriptorLimit`).
    func countRefused(_ connections: Int) {
        if connections > 0 { metrics.refused["descriptors", default: 0] += connections }
    }

    /// LWS_CALLBACK_HTTP_CONFIRM_UPGRADE, before libwebsockets reads the subprotocols: a client that
    /// offers subprotocols, none of them ours, or ours after a name libwebsockets cannot read, gets HTTP
    /// 400 saying why (libwebsockets alone would close the connection without a response,
    /// `UpgradeHeaders`). Returns non-zero to refuse.
    func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        guard let offered = HTTPService.header(wsi, WSI_TOKEN_PROTOCOL),
              let reason = UpgradeHeaders.protocolRefusal(offered, ours: Session.protocolName) else { return 0 }
        metrics.refused["subprotocol", default: 0] += 1
        ServerLog.info("refused upgrade from \(peerAddress(wsi)) (subprotocol \(offered.prefix(100)))")
        _ = lws_return_http_status(wsi, UInt32(HTTP_STATUS_BAD_REQUEST.rawValue), reason)
        return 1
    }

    /// LWS_CALLBACK_CONFIRM_EXTENSION_OKAY, for each extension a client offers that the server has:
    /// permessage-deflate is declined (non-zero) when libwebsockets would take an offer whose parameters
    /// it cannot honour (`UpgradeHeaders.acceptsDeflate`); the connection is then uncompressed.
    func confirmExtension(_ wsi: OpaquePointer) -> Int32 {
        UpgradeHeaders.acceptsDeflate(HTTPService.header(wsi, WSI_TOKEN_EXTENSIONS) ?? "") ? 0 : 1
    }

    /// LWS_CALLBACK_HTTP: /healthz, /metrics, else a file of the public folder.
    func httpRequest(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) -> Int32 {
        http.request(wsi, user: user) { path in
            switch path {
            case "/healthz":
                return ("text/plain", "ok\n")
            case "/metrics":
                let live = connections.values
                return ("text/plain; version=0.0.4",
                        metrics.text(sessions: connections.count,
                                     unread: live.reduce(0) { $0 + ($1.unreadSince == nil ? 0 : 1) },
                                     frames: metrics.closedFrames + live.reduce(0) { $0 + $1.framesSent },
                                     errors: metrics.closedErrors + live.reduce(0) { $0 + $1.errorsSent },
                                     uptime: clock.now))
            default:
                return nil
            }
        }
    }

    // MARK: Tick

    private func startTicking(_ connection: Connection) {
        guard let context, let scheduler else { return }
        scheduler.add(connection.session, id: connection.id, nowMicros: clock.nowMicros, context: context)
    }

    /// Writes `connection`'s next message from the tick, without waiting for the poll, when it can take
    /// one (`Connection.acceptsDirectWrite`); otherwise, or when more is left, asks for a WRITEABLE.
    ///
    /// A WRITEABLE costs a POLLOUT round: the socket joins the next poll, the poll returns, libwebsockets
    /// dispatches the callback and takes POLLOUT off again, for each connection and each frame. For a
    /// follower that keeps up, the socket can take the frame now; one that cannot leaves the unsent
    /// rest with libwebsockets and waits for WRITEABLE, merging frames as before.
    private func writeNow(_ connection: Connection) {
        guard writesDirectly, connection.acceptsDirectWrite else {
            lws_callback_on_writable(connection.wsi)
            return
        }
        if connection.writeable(now: clock.now) < 0 {
            // What a WRITEABLE returning -1 does: the connection closes (at the end of this pass).
            lws_set_timeout(connection.wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_ASYNC)
        } else {
            if connection.session.hasOutgoing { lws_callback_on_writable(connection.wsi) }
            checkUnread(connection)
        }
    }

    /// Ticks `session` under its connection's id, or, parked, under an id of its own.
    private func startTicking(_ session: Session) {
        if let id = connectionIDs[ObjectIdentifier(session)], let connection = connections[id] {
            startTicking(connection)
            return
        }
        guard let context, let scheduler else { return }
        let key = ObjectIdentifier(session)
        let id = parkedTickIDs[key] ?? { lastID += 1; return lastID }()
        parkedTickIDs[key] = id
        scheduler.add(session, id: id, nowMicros: clock.nowMicros, context: context)
    }

    /// Stops ticking `session` as a parked one (rejoined or ended).
    private func stopParkedTicks(_ session: Session) {
        guard let id = parkedTickIDs.removeValue(forKey: ObjectIdentifier(session)) else { return }
        scheduler?.remove(id)
    }

    /// One base tick: only the animating sessions due at it are touched, with the tick's grid instant.
    func tick() {
        guard let context, let scheduler else { return }
        scheduler.fire(clock: clock, context: context) { id, session, instant in
            if let connection = connections[id] { connection.recorder?.tick(now: instant, session: session) }
            let result = session.tick(now: instant)
            if session.hasOutgoing, let connection = connections[id] {
                lws_callback_on_writable(connection.wsi)
                checkUnread(connection)
            }
            // Followers' frames go out now, the same shared bytes to each follower that can take them.
            for follower in result.wake {
                guard let id = connectionIDs[ObjectIdentifier(follower)], let other = connections[id] else { continue }
                checkUnread(other)
                writeNow(other)
            }
            let ticking = result.wantsTicks
            if !ticking { parkedTickIDs[ObjectIdentifier(session)] = nil }
            return ticking
        }
    }

    // MARK: Shutdown

    /// Starts closing every connection with 1001 and makes sure the service loop wakes at `deadlineMicros`.
    func beginShutdown(deadlineMicros: Int64) {
        scheduler?.stop()
        for connection in connections.values {
            connection.close(LWS_CLOSE_STATUS_GOINGAWAY, reason: "server shutting down")
        }
        if let context { wakeTimer?.schedule(in: deadlineMicros - clock.nowMicros, context: context) }
    }

    /// Cancels every timer; call before destroying the context.
    func stopTimers() {
        scheduler?.stop()
        wakeTimer?.cancel()
        parkTimer?.cancel()
    }

    // MARK: Parked sessions

    /// Ends the parked sessions whose grace is over (their followers get `ended`), then waits for the next.
    func expireParked() {
        apply(lifecycle.expireParked())
    }

    // MARK: Journal

    /// Commits the pass's journal writes (`SessionLifecycle.commitJournal`) and wakes or closes the
    /// connections it names. Runs after each `lws_service` pass, before `writeWaitingAnswers`.
    func commitJournal() {
        apply(lifecycle.handleRedisEvents())
        apply(lifecycle.commitJournal())
    }

    private func scheduleParkTimer() {
        guard let context, let deadline = lifecycle.nextParkDeadline else { return }
        // Just past the deadline: `expire` takes sessions whose deadline is before now.
        parkTimer?.schedule(in: Int64((deadline - clock.now) * 1_000_000) + 1000, context: context)
    }

    // MARK: Helpers

    private func connection(_ user: UnsafeMutableRawPointer?) -> Connection? {
        guard let user else { return nil }
        return connections[user.load(as: UInt64.self)]
    }

    private func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let name = buffer.withUnsafeMutableBufferPointer { pointer -> String in
            guard let base = pointer.baseAddress, lws_get_peer_simple(wsi, base, pointer.count) != nil else { return "?" }
            return String(cString: base)
        }
        return name
    }
}

/// The tick timer's callback (a top-level func so it converts to a C function pointer).
func tickTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let owner = ServiceTimer.owner(of: sul) else { return }
    Unmanaged<Transport>.fromOpaque(owner).takeUnretainedValue().tick()
}

/// The parked sessions' deadline callback.
func parkTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let owner = ServiceTimer.owner(of: sul) else { return }
    Unmanaged<Transport>.fromOpaque(owner).takeUnretainedValue().expireParked()
}

/// The shutdown deadline's callback: firing is enough, it makes `lws_service` return.
func wakeTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {}
