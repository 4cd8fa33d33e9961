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
    let session: Session
    /// Peer address for the log, e.g. `127.0.0.1`.
    let peer: String
    /// Set when the connection should close at its next WRITEABLE (status and reason to send).
    private(set) var pendingClose: (status: lws_close_status, reason: String)?
    /// The close code the peer sent, for the log.
    var peerCloseCode: UInt16?
    /// `frames` and `error` messages written, for /metrics.
    private(set) var framesSent = 0
    private(set) var errorsSent = 0

    private var message: [UInt8] = []
    private let maxMessageBytes: Int
    /// The last buffer passed to lws_write (with LWS_PRE bytes in front). permessage-deflate keeps reading
    /// it after lws_write returns, so it is only released at the next WRITEABLE (notes, pitfall 5).
    private var inFlight: UnsafeMutableRawBufferPointer?

    init(id: UInt64, wsi: OpaquePointer, session: Session, peer: String, maxMessageBytes: Int) {
        self.id = id
        self.wsi = wsi
        self.session = session
        self.peer = peer
        self.maxMessageBytes = maxMessageBytes
    }

    deinit { inFlight?.deallocate() }

    /// Appends one RECEIVE chunk; returns the message once its last fragment arrived.
    func receive(_ chunk: UnsafeRawBufferPointer, isFirst: Bool, isFinal: Bool, isBinary: Bool) -> Received {
        guard pendingClose == nil else { return .ignored }
        if isFirst { message.removeAll(keepingCapacity: message.capacity <= 64 * 1024) }
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
        message.removeAll(keepingCapacity: message.capacity <= 64 * 1024)
        return .message(text)
    }

    /// Asks for the connection to close with `status` at its next WRITEABLE.
    ///
    /// Closing straight from RECEIVE (returning -1) hangs the connection when permessage-deflate is
    /// active (notes, pitfall 4), so every server-side close goes through WRITEABLE.
    func close(_ status: lws_close_status, reason: String) {
        if pendingClose == nil { pendingClose = (status, reason) }
        lws_callback_on_writable(wsi)
    }

    /// Handles SERVER_WRITEABLE: exactly one `lws_write` of the session's next message, or the pending close.
    /// Returns the callback's result: -1 closes the connection.
    func writeable() -> Int32 {
        inFlight?.deallocate()
        inFlight = nil
        if let (status, reason) = pendingClose {
            var bytes = Array(reason.utf8.prefix(123))   // a close reason fits in 123 bytes
            lws_close_reason(wsi, status, &bytes, bytes.count)
            return -1
        }
        guard let text = session.nextOutgoing() else { return 0 }
        // Frames come from the frames encoder, errors from sorted-key JSON whose first key is `code`.
        if text.hasPrefix(#"{"type":"frames""#) { framesSent += 1 } else if text.hasPrefix(#"{"code":"#) { errorsSent += 1 }
        let pre = Int(CLWS_PRE)
        let utf8 = text.utf8.count
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pre + utf8, alignment: 16)
        inFlight = buffer
        let target = UnsafeMutableRawBufferPointer(rebasing: buffer[pre...])
        // A native string's bytes are contiguous: one memcpy instead of copying through its UTF-8 view.
        if text.utf8.withContiguousStorageIfAvailable({ target.copyMemory(from: UnsafeRawBufferPointer($0)) }) == nil {
            target.copyBytes(from: text.utf8)
        }
        guard let payload = buffer.baseAddress?.advanced(by: pre).assumingMemoryBound(to: UInt8.self) else { return -1 }
        let written = lws_write(wsi, payload, utf8, LWS_WRITE_TEXT)
        if written < utf8 { return -1 }
        if session.hasOutgoing { lws_callback_on_writable(wsi) }
        return 0
    }
}
