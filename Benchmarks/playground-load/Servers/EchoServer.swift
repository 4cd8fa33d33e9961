import CLibWebSockets
import Glibc
import Playground
import PlaygroundServer

/// `playground-load --echo-server`: a raw libwebsockets WebSocket server on the same machine, the floor
/// the playground is compared with. Same event loop, same write discipline (one `lws_write` per
/// WRITEABLE, answers written without another poll through the server's `WaitingAnswers`, buffers with
/// LWS_PRE in front), no session, no JSON.
///
/// It echoes every message (the latency floor), except `animate` requests, which it answers like the
/// playground without doing any of its work (the streaming floor): `ok`, then one prebuilt `frames`
/// message per tick of a `fps` timer for the request's `duration`, then `animationEnd`.
final class EchoServer {
    final class Peer {
        let wsi: OpaquePointer
        var rx: [UInt8] = []
        var queue: [[UInt8]] = []
        var inFlight: UnsafeMutableRawBufferPointer?
        /// The running animation: its request id and when it ends (µs, monotonic); nil when not streaming.
        var animation: (id: Int, endsAt: Int64)?
        /// A tick passed since the last frame written: the next WRITEABLE with an empty queue sends one.
        var framePending = false

        init(wsi: OpaquePointer) { self.wsi = wsi }
        deinit { inFlight?.deallocate() }
    }

    private var peers: [UInt64: Peer] = [:]
    /// Peers with an answer queued since the last service pass.
    private let answersWaiting = WaitingAnswers()
    private var lastID: UInt64 = 0
    private let frame: [UInt8]
    private let tickMicros: Int64
    private var context: OpaquePointer?
    private let timer = UnsafeMutablePointer<clws_user_timer_t>.allocate(capacity: 1)
    private var timerArmed = false
    private var nextTick: Int64 = 0

    private init(fps: Int) {
        frame = Array(StreamFrame.sample().utf8)
        tickMicros = Int64(1_000_000 / max(1, fps))
    }

    /// Listens on 127.0.0.1:`port` (0: the kernel picks), prints `listening on port N` and serves forever,
    /// streaming `animate` requests at `fps` frames per second.
    static func run(port: Int, fps: Int) -> Never {
        let server = EchoServer(fps: fps)
        server.timer.initialize(to: clws_user_timer_t(sul: lws_sorted_usec_list_t(),
                                                      user: Unmanaged.passUnretained(server).toOpaque()))
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(strdup(Session.protocolName))
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
        server.context = context
        print("listening on port \(lws_get_vhost_listen_port(vhost))")
        fflush(nil)
        // Answers go out as the playground's do (`WaitingAnswers`): without another poll of every socket.
        while lws_service(context, 0) >= 0 {
            server.answersWaiting.write(through: context) { server.peers[$0]?.wsi }
        }
        exit(0)
    }

    fileprivate func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                            _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_ESTABLISHED:
            lastID += 1
            user?.storeBytes(of: lastID, as: UInt64.self)
            peers[lastID] = Peer(wsi: wsi)
        case LWS_CALLBACK_RECEIVE:
            guard let peer = peer(user) else { return 0 }
            if lws_is_first_fragment(wsi) != 0 { peer.rx.removeAll(keepingCapacity: true) }
            peer.rx.append(contentsOf: UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
            if lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 {
                if let request = StreamFrame.animateRequest(peer.rx) {
                    peer.queue.append(Array(#"{"type":"ok","re":\#(request.id)}"#.utf8))
                    peer.animation = (request.id, monotonicMicros() + Int64(request.duration * 1_000_000))
                    startTicking()
                } else {
                    peer.queue.append(peer.rx)
                }
                if let user { answersWaiting.request(wsi, id: user.load(as: UInt64.self)) }
            }
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let peer = peer(user) else { return 0 }
            peer.inFlight?.deallocate()
            peer.inFlight = nil
            let message: [UInt8]
            if !peer.queue.isEmpty {
                message = peer.queue.removeFirst()
            } else if peer.framePending {
                peer.framePending = false
                message = frame
            } else {
                return 0
            }
            let pre = Int(CLWS_PRE)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pre + message.count, alignment: 16)
            peer.inFlight = buffer
            UnsafeMutableRawBufferPointer(rebasing: buffer[pre...]).copyBytes(from: message)
            let written = lws_write(wsi, (buffer.baseAddress! + pre).assumingMemoryBound(to: UInt8.self),
                                    message.count, LWS_WRITE_TEXT)
            if written < message.count { return -1 }
            if !peer.queue.isEmpty || peer.framePending, let user {
                answersWaiting.request(wsi, id: user.load(as: UInt64.self))
            }
        case LWS_CALLBACK_CLOSED:
            if let user { peers[user.load(as: UInt64.self)] = nil }
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
        return 0
    }

    /// Arms the frame timer on the tick grid unless it runs.
    private func startTicking() {
        guard !timerArmed else { return }
        let now = monotonicMicros()
        nextTick = (now / tickMicros + 1) * tickMicros
        arm(now: now)
    }

    private func arm(now: Int64) {
        guard let context else { return }
        timerArmed = true
        // Whole milliseconds, as the playground's timer: libwebsockets 4.1 spins on poll(…, 0) while a
        // timer is under 1 ms away.
        let due = nextTick - now
        let delay = due > 50 ? (due - 50) / 1000 * 1000 + 50 : max(0, due)
        lws_sul_schedule(context, 0, UnsafeMutableRawPointer(timer).assumingMemoryBound(to: lws_sorted_usec_list_t.self),
                         streamTimerFired, lws_usec_t(delay))
    }

    /// One tick: every streaming peer gets a frame, or its `animationEnd` once its duration is over.
    fileprivate func tick() {
        timerArmed = false
        let now = monotonicMicros()
        var streaming = false
        for peer in peers.values {
            guard let animation = peer.animation else { continue }
            if now >= animation.endsAt {
                peer.animation = nil
                peer.queue.append(Array(#"{"type":"animationEnd","re":\#(animation.id),"finished":true}"#.utf8))
            } else {
                streaming = true
            }
            peer.framePending = true
            lws_callback_on_writable(peer.wsi)
        }
        guard streaming else { return }
        nextTick = max(nextTick + tickMicros, (now / tickMicros + 1) * tickMicros)
        arm(now: now)
    }

    private func peer(_ user: UnsafeMutableRawPointer?) -> Peer? {
        guard let user else { return nil }
        return peers[user.load(as: UInt64.self)]
    }
}

func streamTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let owner = clws_user_timer_user(sul) else { return }
    Unmanaged<EchoServer>.fromOpaque(owner).takeUnretainedValue().tick()
}

func echoCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                  _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let owner = lws_context_user(lws_get_context(wsi)) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return Unmanaged<EchoServer>.fromOpaque(owner).takeUnretainedValue().handle(wsi, reason, user, input, length)
}
