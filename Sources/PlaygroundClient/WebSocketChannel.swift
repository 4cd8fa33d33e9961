import CLibWebSockets
import Foundation
import Synchronization

/// One client WebSocket on libwebsockets' client API, serviced by a thread of its own.
///
/// libwebsockets is single-threaded (docs/ARCHITECTURE.md, "libwebsockets rules"): the context, the
/// connection and every callback live on the service thread, and the one call made from other threads
/// is `lws_cancel_service`, which makes a blocked `lws_service` return. Other threads talk to it only
/// through `shared` (a `Mutex`): `send` queues text and wakes the loop, which asks for a WRITEABLE;
/// `close` asks for a close the same way. What the service thread hands out goes through `shared` too:
/// received messages wait in an inbox for `nextMessage()` (or resume the one waiting call), and the
/// open's outcome resumes a checked continuation; each continuation is taken out under the lock, so it
/// is resumed exactly once, and resumed outside it.
final class WebSocketChannel: @unchecked Sendable {
    // @unchecked: the stored properties below `shared` are touched only by the service thread (and by
    // `init` before that thread starts); everything shared across threads is in `shared`.

    private struct Shared {
        var outgoing: [String] = []
        var closeRequested = false
        var opened: CheckedContinuation<Void, any Error>?
        /// Received messages not yet taken, the `nextMessage()` call waiting for one, and whether the
        /// socket is gone (then an empty inbox answers nil).
        var inbox: [String] = []
        var waiting: CheckedContinuation<String?, Never>?
        var ended = false
        /// The context's address (a pointer is not Sendable); 0 once destroyed, so no lws_cancel_service after that.
        var context: UInt = 0

        /// The context to wake, nil once it is destroyed.
        var wakeable: OpaquePointer? { OpaquePointer(bitPattern: context) }
    }
    private let shared = Mutex(Shared())

    private let context: OpaquePointer
    private var wsi: OpaquePointer?
    private var finished = false
    private var received: [UInt8] = []
    /// The buffer of the last `lws_write`, kept until the next WRITEABLE ("Buffers outlive the write").
    private var inFlight: UnsafeMutableRawBufferPointer?
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private var strings: [UnsafeMutablePointer<CChar>] = []

    /// Connects to `host`:`port` at `path` offering `subprotocol`; returns once the handshake is done.
    /// Throws `PlaygroundClientError.connectionFailed` when the context cannot be made or the server
    /// cannot be reached or refuses the upgrade.
    static func open(host: String, port: Int, path: String, subprotocol: String) async throws -> WebSocketChannel {
        let channel = try WebSocketChannel(subprotocol: subprotocol)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            channel.shared.withLock { $0.opened = continuation }
            channel.connect(host: host, port: port, path: path, subprotocol: subprotocol)
            let thread = Thread { channel.serviceLoop() }
            thread.name = "PlaygroundClient lws service"
            thread.start()
        }
        return channel
    }

    private init(subprotocol: String) throws {
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.gid = 0
        info.uid = 0
        lws_set_log_level(Int32(LLL_ERR), nil)
        let name = strdup(subprotocol)
        strings.append(contentsOf: name.map { [$0] } ?? [])
        protocols[0].name = UnsafePointer(name)
        protocols[0].callback = channelCallback
        protocols[0].rx_buffer_size = 64 * 1024
        info.protocols = UnsafePointer(protocols)
        guard let made = withUnsafeMutablePointer(to: &info, { lws_create_context($0) }) else {
            protocols.deallocate()
            strings.forEach { free($0) }
            throw PlaygroundClientError.connectionFailed("lws_create_context failed")
        }
        context = made
        let address = UInt(bitPattern: Int(bitPattern: made))
        shared.withLock { $0.context = address }
    }

    deinit {
        inFlight?.deallocate()
        protocols.deallocate()
        strings.forEach { free($0) }
    }

    private func keep(_ text: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        strings.append(copy)
        return UnsafePointer(copy)
    }

    /// Starts the connection; runs before the service thread exists, so it is that thread's setup.
    private func connect(host: String, port: Int, path: String, subprotocol: String) {
        var info = lws_client_connect_info()
        info.context = context
        info.address = keep(host)
        info.port = Int32(port)
        info.path = keep(path)
        info.host = keep("\(host):\(port)")
        info.protocol = keep(subprotocol)
        info.local_protocol_name = keep(subprotocol)
        info.opaque_user_data = Unmanaged.passUnretained(self).toOpaque()
        wsi = lws_client_connect_via_info(&info)
        if wsi == nil { fail("lws_client_connect_via_info failed") }
    }

    /// Queues `text` for sending (any thread). Throws `PlaygroundClientError.closed` after a close.
    func send(_ text: String) throws {
        let accepted = shared.withLock { state -> Bool in
            guard !state.closeRequested, let context = state.wakeable else { return false }
            state.outgoing.append(text)
            lws_cancel_service(context)
            return true
        }
        if !accepted { throw PlaygroundClientError.closed }
    }

    /// Closes with 1000 (any thread); `incoming` finishes when the socket is gone.
    func close() {
        shared.withLock { state in
            state.closeRequested = true
            if let context = state.wakeable { lws_cancel_service(context) }
        }
    }

    // MARK: service thread

    private func serviceLoop() {
        while !finished {
            if lws_service(context, 0) < 0 { break }
            let (hasOutgoing, closing) = shared.withLock { ($0.outgoing.isEmpty == false, $0.closeRequested) }
            if let wsi, hasOutgoing || closing { lws_callback_on_writable(wsi) }
            if wsi == nil, closing { finished = true }
        }
        // The context goes on the thread that serviced it; `shared.context` first, under the lock, so
        // no other thread calls lws_cancel_service on a destroyed context.
        shared.withLock { $0.context = 0 }
        lws_context_destroy(context)
        fail("closed")
        let waiting = shared.withLock { state -> CheckedContinuation<String?, Never>? in
            state.ended = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: nil)
    }

    /// The next message received (any thread, one caller at a time), nil once the socket is closed
    /// and every message has been taken.
    func nextMessage() async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let ready = shared.withLock { state -> String?? in
                if !state.inbox.isEmpty { return .some(state.inbox.removeFirst()) }
                if state.ended { return .some(nil) }
                state.waiting = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Hands `text` to the waiting `nextMessage()`, or keeps it in the inbox.
    private func deliver(_ text: String) {
        let waiting = shared.withLock { state -> CheckedContinuation<String?, Never>? in
            guard let waiting = state.waiting else {
                state.inbox.append(text)
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume(returning: text)
    }

    /// Resumes a waiting `open` with `reason` as its error (once) and stops servicing.
    private func fail(_ reason: String) {
        let waiting = shared.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state.opened = nil }
            return state.opened
        }
        waiting?.resume(throwing: PlaygroundClientError.connectionFailed(reason))
    }

    fileprivate func callback(_ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            let waiting = shared.withLock { state -> CheckedContinuation<Void, any Error>? in
                defer { state.opened = nil }
                return state.opened
            }
            waiting?.resume()
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            fail(input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection error")
            wsi = nil
            finished = true
        case LWS_CALLBACK_CLIENT_CLOSED:
            wsi = nil
            finished = true
        case LWS_CALLBACK_CLIENT_RECEIVE:
            guard let wsi else { return -1 }
            if lws_is_first_fragment(wsi) != 0 { received.removeAll(keepingCapacity: true) }
            if let input { received.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length)) }
            if lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 {
                deliver(String(decoding: received, as: UTF8.self))
                received.removeAll(keepingCapacity: true)
            }
        case LWS_CALLBACK_CLIENT_WRITEABLE:
            return writeable()
        default:
            break
        }
        return 0
    }

    /// One write per WRITEABLE (docs/ARCHITECTURE.md): the next queued message, or the close.
    private func writeable() -> Int32 {
        guard let wsi else { return -1 }
        inFlight?.deallocate()
        inFlight = nil
        let (next, closing, more) = shared.withLock { state -> (String?, Bool, Bool) in
            let next = state.outgoing.isEmpty ? nil : state.outgoing.removeFirst()
            return (next, state.closeRequested, !state.outgoing.isEmpty)
        }
        guard let text = next else {
            guard closing else { return 0 }
            lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, nil, 0)
            return -1
        }
        let pre = Int(CLWS_PRE)
        let count = text.utf8.count
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pre + count, alignment: 16)
        inFlight = buffer
        UnsafeMutableRawBufferPointer(rebasing: buffer[pre...]).copyBytes(from: text.utf8)
        guard let start = buffer.baseAddress?.advanced(by: pre).assumingMemoryBound(to: UInt8.self) else { return -1 }
        if lws_write(wsi, start, count, LWS_WRITE_TEXT) < count { return -1 }
        if more || closing { lws_callback_on_writable(wsi) }
        return 0
    }
}

/// The protocol callback: the connection's opaque user data is its `WebSocketChannel`, unretained
/// (the service thread's closure keeps the channel alive until the context is destroyed).
private func channelCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                             _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let opaque = lws_get_opaque_user_data(wsi) else { return 0 }
    return Unmanaged<WebSocketChannel>.fromOpaque(opaque).takeUnretainedValue().callback(reason, input, length)
}
