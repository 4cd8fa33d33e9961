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
    /// The buffer of the last lws_write of a text message (LWS_PRE bytes, then the message; `frames` are
    /// written from the session's own buffer). permessage-deflate keeps reading it after lws_write
    /// returns, so it is reused or released only at the next WRITEABLE (docs/ARCHITECTURE.md,
    /// "libwebsockets rules": "Buffers outlive the write").
    private var writeBuffer: UnsafeMutableRawBufferPointer?

    init(id: UInt64, wsi: OpaquePointer, session: Session, peer: String, maxMessageBytes: Int) {
        self.id = id
        self.wsi = wsi
        self.session = session
        session.frameHeadroom = Int(CLWS_PRE)
        self.peer = peer
        self.maxMessageBytes = maxMessageBytes
    }

    deinit { writeBuffer?.deallocate() }

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
    /// active, so every server-side close goes through WRITEABLE (docs/ARCHITECTURE.md, "libwebsockets
    /// rules": "Closing goes through WRITEABLE").
    func close(_ status: lws_close_status, reason: String) {
        if pendingClose == nil { pendingClose = (status, reason) }
        lws_callback_on_writable(wsi)
    }

    /// Handles SERVER_WRITEABLE: exactly one `lws_write` of the session's next message, or the pending close.
    /// Returns the callback's result: -1 closes the connection. The caller asks for the next WRITEABLE
    /// while the session has more to send.
    func writeable() -> Int32 {
        if let (status, reason) = pendingClose {
            var bytes = Array(reason.utf8.prefix(123))   // a close reason fits in 123 bytes
            lws_close_reason(wsi, status, &bytes, bytes.count)
            return -1
        }
        let pre = Int(CLWS_PRE)
        let next = session.withNextOutgoing { message, kind -> (payload: UnsafeMutablePointer<UInt8>?, length: Int, kind: Session.OutgoingKind) in
            if kind == .frames {
                // Sent in place: LWS_PRE writable bytes precede it (`frameHeadroom`), and it stays
                // unchanged until the session is asked for a message again, at a later WRITEABLE,
                // so the buffer outlives the write as permessage-deflate needs.
                let payload = message.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: UInt8.self) }
                return (payload, message.count, kind)
            }
            let buffer = writeBuffer(holding: pre + message.count)
            let target = UnsafeMutableRawBufferPointer(rebasing: buffer[pre...])
            target.copyMemory(from: message)
            if message.starts(with: Self.errorPrefix) { errorsSent += 1 }
            return (target.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count, kind)
        }
        guard let next else {
            writeBuffer?.deallocate()
            writeBuffer = nil
            return 0
        }
        guard let payload = next.payload else { return -1 }
        if next.kind == .frames {
            framesSent += 1
            // The previous text's buffer is no longer read (this is a later WRITEABLE): a session that
            // streams or sits idle after a large reply does not keep it.
            writeBuffer?.deallocate()
            writeBuffer = nil
        }
        let written = lws_write(wsi, payload, next.length, LWS_WRITE_TEXT)
        return written < next.length ? -1 : 0
    }

    /// Errors are sorted-key JSON whose first key is `code`.
    private static let errorPrefix = Array(#"{"code":"#.utf8)

    /// The write buffer, reused when it holds `size` bytes and is not much larger (a stream of frames
    /// after a large `scene` reply does not keep the large block), else replaced.
    private func writeBuffer(holding size: Int) -> UnsafeMutableRawBufferPointer {
        if let buffer = writeBuffer, buffer.count >= size, buffer.count <= max(4 * size, 4096) { return buffer }
        writeBuffer?.deallocate()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 256), alignment: 16)
        writeBuffer = buffer
        return buffer
    }
}
