import CLibWebSockets
import Playground

/// One WebSocket connection: its `Session`, the message being reassembled, the buffer of the last write
/// and a pending close. Lives on the service thread only, from ESTABLISHED to CLOSED.
final class Connection {
    /// Outcome of feeding one RECEIVE chunk.
    enum Received {
        /// More fragments to come.
        case partial
        /// A complete text message.
        case message(String)
        /// The message exceeds the limit; the connection is now closing with 1009.
        case tooBig
        /// The message is binary; the connection is now closing with 1003.
        case binary
        /// Chunk dropped because the connection is already closing.
        case ignored
    }

    /// Registry key, stored in the connection's per-session data.
    let id: UInt64
    let wsi: OpaquePointer
    /// The connection's session; replaced by the parked one a `rejoin` claims.
    var session: Session
    /// Peer address for the log, e.g. `127.0.0.1`.
    let peer: String
    /// Set when the connection should close at its next WRITEABLE (status and reason to send).
    private(set) var pendingClose: (status: lws_close_status, reason: String)?
    /// The close code the peer sent, for the log.
    var peerCloseCode: UInt16?
    /// Writes the session's messages in and out when the server records (`--record`).
    var recorder: SessionRecorder?
    /// `frames` and `error` messages written, for /metrics.
    private(set) var framesSent = 0
    private(set) var errorsSent = 0

    /// Set once libwebsockets began closing the connection (`closeStarted`).
    private(set) var isClosing = false
    /// Transport time since which the connection is not read because its client left too much unread
    /// (`UnreadLimit`); nil while it is read.
    private(set) var unreadSince: Double?

    /// The message being received. It keeps its storage between messages up to `keptMessageBytes`:
    /// tweaks and drags reuse it; a scene's `load` gives its kilobytes back, so an idle connection
    /// holds none of them.
    private var message: [UInt8] = []
    private static let keptMessageBytes = 1024
    private let maxMessageBytes: Int
    /// The buffer lent to the session for every outgoing message: `LWS_PRE` bytes of headroom for
    /// libwebsockets' header, then the message, sent in place. permessage-deflate keeps reading it after
    /// lws_write returns, so the session writes the next message into it only at the next WRITEABLE
    /// (docs/ARCHITECTURE.md, "libwebsockets rules": "Buffers outlive the write").
    private let outgoing = MessageBuffer(headroom: Int(CLWS_PRE))
    /// The buffer of the last write when it was not `outgoing`: a follower's `frames`, shared with the
    /// other followers of the session (`SharedSession`). Held until the next WRITEABLE, for the same
    /// reason `outgoing` is not rewritten before then.
    private var lastShared: MessageBuffer?

    init(id: UInt64, wsi: OpaquePointer, session: Session, peer: String, maxMessageBytes: Int) {
        self.id = id
        self.wsi = wsi
        self.session = session
        self.peer = peer
        self.maxMessageBytes = maxMessageBytes
    }

    /// Appends one RECEIVE chunk; returns the message once its last fragment arrived.
    func receive(_ chunk: UnsafeRawBufferPointer, isFirst: Bool, isFinal: Bool, isBinary: Bool) -> Received {
        guard pendingClose == nil else { return .ignored }
        if isFirst { message.removeAll(keepingCapacity: message.capacity <= Self.keptMessageBytes) }
        if isBinary {
            close(LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, reason: "text frames only")
            return .binary
        }
        if message.count + chunk.count > maxMessageBytes {
            message = []
            close(LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, reason: "message larger than \(maxMessageBytes) bytes")
            return .tooBig
        }
        message.append(contentsOf: chunk)
        guard isFinal else { return .partial }
        // lws validated UTF-8 (LWS_SERVER_OPTION_VALIDATE_UTF8); decoding never traps either way.
        let text = String(decoding: message, as: UTF8.self)
        message.removeAll(keepingCapacity: message.capacity <= Self.keptMessageBytes)
        return .message(text)
    }

    /// Asks for the connection to close with `status` at its next WRITEABLE.
    ///
    /// Closing straight from RECEIVE (returning -1) hangs the connection when permessage-deflate is
    /// active, so every server-side close goes through WRITEABLE (docs/ARCHITECTURE.md, "libwebsockets
    /// rules": "Closing goes through WRITEABLE").
    func close(_ status: lws_close_status, reason: String) {
        if pendingClose == nil { pendingClose = (status, reason) }
        lws_callback_on_writable(wsi)
    }

    /// Microseconds the close handshake may take once libwebsockets began it: for a close of the
    /// server's own (a limit, shutdown), and for one libwebsockets began itself, failing a frame.
    static let closeHandshakeMicros: lws_usec_t = 1_000_000
    static let failedHandshakeMicros: lws_usec_t = 250_000

    /// libwebsockets began closing the connection (LWS_CALLBACK_WS_SERVER_DROP_PROTOCOL): arms the
    /// connection's timer, whose callback then drops it, so the TCP connection ends
    /// `closeHandshakeMicros` later at the latest, `failedHandshakeMicros` when the server did not ask
    /// for the close (a peer whose frame was failed, or one that closed first, which libwebsockets
    /// answers at once).
    ///
    /// libwebsockets 4.1.6 sends its close frame and waits 5 s for the peer's. After failing a frame
    /// for its reserved bits it has already moved its parser to the frame's length byte, so the peer's
    /// close frame is read as the rest of the failed one and never seen: the connection stayed open
    /// for those 5 s although the peer had answered at once. Other failures keep the parser at a frame's
    /// start, and their peer's close ends the connection before the timer.
    func closeStarted() {
        guard !isClosing else { return }
        isClosing = true
        lws_set_timer_usecs(wsi, pendingClose == nil ? Self.failedHandshakeMicros : Self.closeHandshakeMicros)
    }

    // MARK: Reading

    /// Why the connection is not read. libwebsockets keeps one bit per reason (`lws_rx_flow_control`
    /// with `LWS_RXFLOW_REASON_APPLIES`) and reads the socket only while none is set; what it already
    /// read waits in its own buffer and is delivered once reading resumes.
    enum ReadPause: Int32 {
        /// The client left too much unread (`UnreadLimit`).
        case unread = 0x2
        /// The connection's turns took their share of the current service pass (`Transport.endPass`).
        case turns = 0x4
        /// The connection's `rejoin` waits for Redis (`SessionLifecycle+Redis.swift`).
        case redis = 0x8
    }

    /// Stops or resumes reading the socket for `reason`.
    func setReading(_ reading: Bool, for reason: ReadPause) {
        let applies = reading ? LWS_RXFLOW_REASON_APPLIES_ENABLE : LWS_RXFLOW_REASON_APPLIES_DISABLE
        _ = lws_rx_flow_control(wsi, Int32(applies) | reason.rawValue)
    }

    /// Microseconds of turns this connection ran in service pass `turnPass`.
    private var turnMicros: Int64 = 0
    private var turnPass = 0

    /// Counts a turn of `micros` in service pass `pass`; returns the pass's total so far.
    func countTurn(micros: Int64, pass: Int) -> Int64 {
        if pass != turnPass { (turnPass, turnMicros) = (pass, 0) }
        turnMicros += micros
        return turnMicros
    }

    // MARK: A client that does not read (UnreadLimit)

    /// What `checkUnread` changed.
    enum UnreadChange {
        /// The backlog passed `maxBytes`: the connection is no longer read, the timer runs.
        case stoppedReading
        /// It fell to `resumeBytes`: the connection is read again.
        case resumedReading
        /// It grew past `closingBytes` while the connection was not read.
        case overflowed
    }

    /// Called after the session queued something and after each write: stops reading the connection
    /// once `Session.unsentBytes` passes `limit.maxBytes` (and arms the timeout, a libwebsockets timer
    /// of this connection that comes as LWS_CALLBACK_TIMER), reads it again at `limit.resumeBytes`.
    /// Nil when nothing changed, and always for a closing connection.
    ///
    /// libwebsockets 4.1.6 cannot cancel a connection's timer (`lws_set_timer_usecs` with
    /// `LWS_SET_TIMER_USEC_CANCEL` schedules it for now), so resuming leaves it armed and
    /// `unreadTimedOut` ignores a timer of a connection read again; stopping again re-arms it, which
    /// replaces the earlier deadline.
    func checkUnread(_ limit: UnreadLimit, now: Double) -> UnreadChange? {
        guard pendingClose == nil else { return nil }
        let unsent = session.unsentBytes
        if unreadSince != nil {
            if unsent > limit.closingBytes { return .overflowed }
            guard unsent <= limit.resumeBytes else { return nil }
            unreadSince = nil
            setReading(true, for: .unread)
            return .resumedReading
        }
        guard unsent > limit.maxBytes else { return nil }
        unreadSince = now
        setReading(false, for: .unread)
        lws_set_timer_usecs(wsi, lws_usec_t(limit.timeout * 1_000_000))
        return .stoppedReading
    }

    /// LWS_CALLBACK_TIMER: true when the connection has not been read for `limit.timeout`. A timer that
    /// comes early (the clocks differ by rounding) is armed again for the rest.
    func unreadTimedOut(_ limit: UnreadLimit, now: Double) -> Bool {
        guard pendingClose == nil, !isClosing, let unreadSince else { return false }
        let left = unreadSince + limit.timeout - now
        guard left <= 0.001 else {
            lws_set_timer_usecs(wsi, lws_usec_t(left * 1_000_000))
            return false
        }
        return true
    }

    /// Closes the connection with 1008 for a client that does not read. Its socket is read again, so
    /// what the client sent is taken (and ignored) and the TCP connection ends without a reset; the
    /// close frame goes out once the client takes what its socket holds, and a client that takes
    /// nothing loses the TCP connection `UnreadLimit.closeGrace` seconds later.
    func closeUnread(reason: String) {
        close(LWS_CLOSE_STATUS_POLICY_VIOLATION, reason: reason)
        setReading(true, for: .unread)
        lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_SEND, UnreadLimit.closeGrace)
    }

    /// True when the session's next message may be written now, outside a WRITEABLE callback
    /// (`Transport.tick`): no close is pending either way, and libwebsockets holds no unsent part of an
    /// earlier write (`lws_partial_buffered`, which reads a field and makes no system call).
    ///
    /// libwebsockets 4.1.6 accepts `lws_write` outside WRITEABLE when nothing is buffered: a write the
    /// socket takes only in part leaves the rest in the connection's own buffer (at most one message,
    /// copied) and asks for POLLOUT itself, and no WRITEABLE comes until that rest is sent. A choked
    /// connection therefore drops back to WRITEABLE and its session merges frames as before. Not for
    /// permessage-deflate connections, whose compressor may still read a payload after `lws_write`
    /// returns: the transport keeps those on WRITEABLE (`Transport.writesDirectly`).
    var acceptsDirectWrite: Bool {
        pendingClose == nil && peerCloseCode == nil && lws_partial_buffered(wsi) == 0
    }

    /// Handles SERVER_WRITEABLE: exactly one `lws_write` of the session's next message, or the pending close.
    /// Also writes one message outside WRITEABLE when `acceptsDirectWrite`.
    /// Returns the callback's result: -1 closes the connection. The caller asks for the next WRITEABLE
    /// while the session has more to send.
    /// - Parameter now: the transport's clock, seconds, for the recording.
    func writeable(now: Double) -> Int32 {
        if let (status, reason) = pendingClose {
            var bytes = Array(reason.utf8.prefix(123))   // a close reason fits in 123 bytes
            lws_close_reason(wsi, status, &bytes, bytes.count)
            return -1
        }
        lastShared = nil
        guard let (kind, buffer) = session.takeNext(lending: outgoing) else {
            // Nothing to send: an idle connection keeps no message bytes.
            outgoing.release()
            return 0
        }
        if buffer !== outgoing { lastShared = buffer }
        switch kind {
        case .frames: framesSent += 1
        case .error: errorsSent += 1
        case .reply, .event: break
        }
        // Several followers write the same shared buffer: each lws_write puts the same header (same
        // opcode and length, unmasked) into the headroom, so they never disagree about its bytes.
        let message = buffer.message
        if let recorder { recorder.output(buffer.text, now: now, session: session) }
        guard let payload = message.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
        let written = lws_write(wsi, payload, message.count, LWS_WRITE_TEXT)
        return written < message.count ? -1 : 0
    }
}
