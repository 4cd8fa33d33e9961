import CLibWebSockets
import Glibc

/// `playground-load --echo-server`: a raw libwebsockets WebSocket echo on the same machine, the floor
/// the playground's latency is compared with. Same event loop, same write discipline (one `lws_write`
/// per WRITEABLE, buffers with LWS_PRE in front), no session, no JSON.
final class EchoServer {
    final class Peer {
        var rx: [UInt8] = []
        var queue: [[UInt8]] = []
        var inFlight: UnsafeMutableRawBufferPointer?
        deinit { inFlight?.deallocate() }
    }

    private var peers: [UInt64: Peer] = [:]
    private var lastID: UInt64 = 0

    /// Listens on 127.0.0.1:`port` (0: the kernel picks), prints `listening on port N` and serves forever.
    static func run(port: Int) -> Never {
        let server = EchoServer()
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(strdup("layout-playground.v1"))
        protocols[0].callback = echoCallback
        protocols[0].per_session_data_size = MemoryLayout<UInt64>.size
        protocols[0].rx_buffer_size = 64 * 1024
        var info = lws_context_creation_info()
        info.port = Int32(port)
        info.iface = UnsafePointer(strdup("127.0.0.1"))
        info.options = UInt64(LWS_SERVER_OPTION_DISABLE_IPV6)
        info.protocols = UnsafePointer(protocols)
        info.vhost_name = UnsafePointer(strdup("default"))
        info.pt_serv_buf_size = 32 * 1024
        info.user = Unmanaged.passRetained(server).toOpaque()
        lws_set_log_level(Int32(LLL_ERR), nil)
        guard let context = lws_create_context(&info),
              let vhost = lws_get_vhost_by_name(context, "default") else {
            print("playground-load: cannot start the echo server")
            exit(1)
        }
        print("listening on port \(lws_get_vhost_listen_port(vhost))")
        fflush(nil)
        while lws_service(context, 0) >= 0 {}
        exit(0)
    }

    fileprivate func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                            _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_ESTABLISHED:
            lastID += 1
            user?.storeBytes(of: lastID, as: UInt64.self)
            peers[lastID] = Peer()
        case LWS_CALLBACK_RECEIVE:
            guard let peer = peer(user) else { return 0 }
            if lws_is_first_fragment(wsi) != 0 { peer.rx.removeAll(keepingCapacity: true) }
            peer.rx.append(contentsOf: UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
            if lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 {
                peer.queue.append(peer.rx)
                lws_callback_on_writable(wsi)
            }
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let peer = peer(user) else { return 0 }
            peer.inFlight?.deallocate()
            peer.inFlight = nil
            guard !peer.queue.isEmpty else { return 0 }
            let message = peer.queue.removeFirst()
            let pre = Int(CLWS_PRE)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pre + message.count, alignment: 16)
            peer.inFlight = buffer
            UnsafeMutableRawBufferPointer(rebasing: buffer[pre...]).copyBytes(from: message)
            let written = lws_write(wsi, (buffer.baseAddress! + pre).assumingMemoryBound(to: UInt8.self),
                                    message.count, LWS_WRITE_TEXT)
            if written < message.count { return -1 }
            if !peer.queue.isEmpty { lws_callback_on_writable(wsi) }
        case LWS_CALLBACK_CLOSED:
            if let user { peers[user.load(as: UInt64.self)] = nil }
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
        return 0
    }

    private func peer(_ user: UnsafeMutableRawPointer?) -> Peer? {
        guard let user else { return nil }
        return peers[user.load(as: UInt64.self)]
    }
}

func echoCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                  _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let owner = lws_context_user(lws_get_context(wsi)) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return Unmanaged<EchoServer>.fromOpaque(owner).takeUnretainedValue().handle(wsi, reason, user, input, length)
}
