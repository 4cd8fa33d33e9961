import CLibEV
import CLibWebSockets
import Glibc
import Playground

/// A libwebsockets client context holding many connections to one server, all serviced on this thread.
final class LoadClient {
    let host: String
    let port: Int
    let echo: Bool
    private(set) var connections: [LoadConnection] = []
    private var context: OpaquePointer?
    /// The libev loop (epoll) libwebsockets runs the connections on; lws' default poll() loop scans
    /// every socket on every wake-up, which with a thousand connections costs more than the frames.
    private let loop: OpaquePointer?
    private let foreignLoops = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
    private let timer = UnsafeMutablePointer<clibev_timer_t>.allocate(capacity: 1)
    private var protocols: UnsafeMutablePointer<lws_protocols>
    private var extensions: UnsafeMutablePointer<lws_extension>?
    private var strings: [UnsafeMutablePointer<CChar>] = []

    var workload = Workload.idle
    var measuring = false
    /// True while a tweak workload is paused (`pause()`): no tweaks are sent, answers are still read.
    private var paused = false
    /// Frame-to-frame intervals inside animations while measuring (µs).
    var intervals: [Int32] = []
    /// Tweak → frames (or echo round trip) latencies of the tweaks sent while measuring (µs).
    var latencies: [Int32] = []
    var framesTotal = 0
    var connectErrors = 0
    var unexpected: [String] = []

    init(host: String, port: Int, echo: Bool, deflate: Bool) {
        self.host = host
        self.port = port
        loop = ev_loop_new(UInt32(EVBACKEND_EPOLL))
        self.echo = echo
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(keep(Session.protocolName))
        protocols[0].callback = loadClientCallback
        protocols[0].rx_buffer_size = 64 * 1024
        timer.initialize(to: clibev_timer_t(watcher: ev_io(), callback: nil, argument: nil, fd: -1))

        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(protocols)
        info.gid = 0
        info.uid = 0
        info.pt_serv_buf_size = 64 * 1024
        info.options = UInt64(LWS_SERVER_OPTION_LIBEV)
        foreignLoops.pointee = UnsafeMutableRawPointer(loop)
        info.foreign_loops = foreignLoops
        if deflate {
            let exts = UnsafeMutablePointer<lws_extension>.allocate(capacity: 2)
            exts.initialize(repeating: lws_extension(), count: 2)
            exts[0].name = UnsafePointer(keep("permessage-deflate"))
            exts[0].callback = lws_extension_callback_pm_deflate
            exts[0].client_offer = UnsafePointer(keep("permessage-deflate; client_max_window_bits"))
            extensions = exts
            info.extensions = UnsafePointer(exts)
        }
        info.user = Unmanaged.passUnretained(self).toOpaque()
        lws_set_log_level(Int32(LLL_ERR), nil)
        context = lws_create_context(&info)
        if let loop, clibev_timer_init(loop, timer, loadClientTimerFired, Unmanaged.passUnretained(self).toOpaque()) != 0 {
            fail("cannot create the client's timer (timerfd_create: errno \(errno))")
        }
    }

    deinit {
        if let loop { clibev_timer_destroy(loop, timer) }
        if let context { lws_context_destroy(context) }
        if let loop { ev_loop_destroy(loop) }
        foreignLoops.deallocate()
        timer.deallocate()
        protocols.deallocate()
        extensions?.deallocate()
        strings.forEach { free($0) }
    }

    private func keep(_ text: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return copy
    }

    var openCount: Int { connections.count { $0.state == .open || $0.state == .loaded } }
    var loadedCount: Int { connections.count { $0.state == .loaded } }

    /// Opens `count` more connections, `batch` at a time; returns when all are open or failed, or
    /// after `timeout` seconds.
    func connect(count: Int, batch: Int = 50, timeout: Double = 60) {
        guard let context else { return }
        let hostHeader = keep("\(host):\(port)")
        let address = keep(host)
        let path = keep("/")
        let name = keep(Session.protocolName)
        let deadline = monotonicSeconds() + timeout
        let first = connections.count
        var next = first
        while monotonicSeconds() < deadline {
            let pending = connections[first...].count { $0.state == .connecting }
            if pending < batch, next < first + count {
                for _ in 0..<min(batch - pending, first + count - next) {
                    let connection = LoadConnection(index: next)
                    connections.append(connection)
                    var info = lws_client_connect_info()
                    info.context = context
                    info.address = UnsafePointer(address)
                    info.port = Int32(port)
                    info.path = UnsafePointer(path)
                    info.host = UnsafePointer(hostHeader)
                    info.protocol = UnsafePointer(name)
                    info.local_protocol_name = UnsafePointer(name)
                    info.opaque_user_data = UnsafeMutableRawPointer(bitPattern: next + 1)
                    connection.wsi = lws_client_connect_via_info(&info)
                    if connection.wsi == nil, connection.state == .connecting { connection.state = .failed }
                    next += 1
                }
            }
            if next >= first + count, !connections[first...].contains(where: { $0.state == .connecting }) { break }
            service(for: 0.005)
        }
    }

    /// Loads the scene in every open connection (after setting `fps`); waits for every answer.
    func loadScenes(fps: Int, timeout: Double = 60) {
        for connection in connections where connection.state == .open {
            connection.queue(SceneDocument.clock(fps: fps, id: connection.takeID()))
            connection.loadID = connection.takeID()
            connection.queue(SceneDocument.load(id: connection.loadID))
        }
        let deadline = monotonicSeconds() + timeout
        while monotonicSeconds() < deadline, connections.contains(where: { $0.state == .open }) {
            service(for: 0.01)
        }
    }

    /// The join code of the last `shared` answer (`share(_:)`).
    private var sharedCode: String?

    /// Shares the session of `connection` (loaded) and returns its join code; nil when no `shared`
    /// answer came within `timeout` seconds.
    func share(_ connection: LoadConnection, timeout: Double = 10) -> String? {
        sharedCode = nil
        connection.queue(SceneDocument.share(id: connection.takeID()))
        let deadline = monotonicSeconds() + timeout
        while sharedCode == nil, monotonicSeconds() < deadline { service(for: 0.01) }
        return sharedCode
    }

    /// Makes every open connection that has no scene of its own a follower of the shared session
    /// `code`; waits until each has its `scene` answer (it is then `loaded`), or `timeout` seconds.
    func follow(code: String, timeout: Double = 60) {
        for connection in connections where connection.state == .open {
            connection.isFollower = true
            connection.loadID = connection.takeID()
            connection.queue(SceneDocument.follow(code: code, id: connection.loadID))
        }
        let deadline = monotonicSeconds() + timeout
        while monotonicSeconds() < deadline, connections.contains(where: { $0.state == .open }) {
            service(for: 0.01)
        }
    }

    /// Starts the workload on every loaded (or, against the echo server, open) connection; after
    /// `pause()`, starts the tweaks again, spread over the period anew.
    func start(_ workload: Workload) {
        self.workload = workload
        paused = false
        let now = monotonicMicros()
        let ready = connections.filter { $0.state == (echo ? .open : .loaded) }
        for (position, connection) in ready.enumerated() {
            switch workload {
            case .idle:
                break
            case .tweak(let rate):
                // Spread the sessions evenly over one period.
                let period = 1_000_000 / rate
                connection.nextTweakAt = now + Int64(period * Double(position) / Double(max(1, ready.count)))
            case .animate(let duration):
                // A follower's session is the owner's: the owner animates it for every follower.
                if !connection.isFollower { sendAnimate(connection, duration: duration) }
            }
        }
        if !timerArmed { armTimer(in: 1000) }
    }

    /// Opens the measuring window, with the samples of earlier windows dropped, or kept when the
    /// window is one more slice of the same measurement (`keepingSamples`).
    func beginWindow(keepingSamples: Bool = false) {
        measuring = true
        guard !keepingSamples else { return }
        intervals.removeAll(keepingCapacity: true)
        latencies.removeAll(keepingCapacity: true)
        for connection in connections { connection.framesInWindow = 0 }
    }

    /// Closes the window: what arrives from now on is not counted, except the answers to tweaks sent
    /// while it was open (`drain` waits for those).
    func endWindow() { measuring = false }

    /// Stops sending tweaks; `start` resumes them.
    func pause() { paused = true }

    /// Services the connections until every tweak sent in a window has its answer, or `timeout` seconds.
    func drain(timeout: Double = 1) {
        let deadline = monotonicSeconds() + timeout
        while monotonicSeconds() < deadline,
              connections.contains(where: { $0.sentAt.values.contains { $0.measured } }) {
            service(for: 0.001)
        }
    }

    /// Runs the event loop for `seconds`.
    func service(for seconds: Double) {
        guard context != nil, let loop else { return }
        let deadline = monotonicSeconds() + seconds
        if !timerArmed { armTimer(in: 1000) }
        repeat {
            ev_run(loop, Int32(EVRUN_ONCE))
        } while monotonicSeconds() < deadline
    }

    func closeAll() {
        for connection in connections where connection.state == .open || connection.state == .loaded {
            connection.state = .closed
            if let wsi = connection.wsi { lws_callback_on_writable(wsi) }
        }
        service(for: 0.3)
    }

    // MARK: Timer

    /// True while the timer is set. It re-arms itself: while tweaking for the next tweak due (each
    /// session's tweaks go out at their own instants, spread over the period, not in bursts), else every
    /// 10 ms so `service(for:)` returns by its deadline.
    private var timerArmed = false

    private func armTimer(in micros: Int64) {
        timerArmed = true
        clibev_timer_start(timer, micros)
    }

    /// Queues the tweaks that are due and re-arms for the next.
    func timerFired() {
        timerArmed = false
        if case .tweak(let rate) = workload, !paused {
            let now = monotonicMicros()
            let period = Int64(1_000_000 / rate)
            var next = now + period
            for connection in connections where connection.state == (echo ? .open : .loaded) {
                if connection.nextTweakAt <= now {
                    connection.nextTweakAt += period
                    if connection.nextTweakAt <= now { connection.nextTweakAt = now + period }
                    connection.toggle.toggle()
                    let id = connection.takeID()
                    connection.queue(SceneDocument.tweak(id: id, constant: 40 + (id % 200)))
                }
                next = min(next, connection.nextTweakAt)
            }
            armTimer(in: next - monotonicMicros())
        } else {
            armTimer(in: 10_000)
        }
    }

    private func sendAnimate(_ connection: LoadConnection, duration: Double) {
        connection.toggle.toggle()
        connection.intervalStart = 0
        connection.queue(SceneDocument.animate(id: connection.takeID(), constant: connection.toggle ? 340 : 40,
                                               duration: duration))
    }

    // MARK: Events

    func connection(_ wsi: OpaquePointer?) -> LoadConnection? {
        guard let wsi, let raw = lws_get_opaque_user_data(wsi) else { return nil }
        let index = Int(bitPattern: raw) - 1
        return connections.indices.contains(index) ? connections[index] : nil
    }

    func established(_ connection: LoadConnection) {
        connection.state = .open
    }

    func failed(_ connection: LoadConnection, _ reason: String) {
        if connection.state == .connecting {
            connectErrors += 1
            if unexpected.count < 5 { unexpected.append("connect: \(reason)") }
        }
        connection.state = .failed
        connection.wsi = nil
    }

    func closed(_ connection: LoadConnection) {
        if connection.state != .closed, unexpected.count < 5 { unexpected.append("session \(connection.index) closed by the server") }
        connection.state = .closed
        connection.wsi = nil
    }

    func writeable(_ connection: LoadConnection) -> Int32 {
        connection.inFlight?.deallocate()
        connection.inFlight = nil
        if connection.state == .closed { return -1 }
        guard connection.outgoingHead < connection.outgoing.count, let wsi = connection.wsi else { return 0 }
        let text = connection.outgoing[connection.outgoingHead]
        connection.outgoingHead += 1
        if connection.outgoingHead == connection.outgoing.count {
            connection.outgoing.removeAll(keepingCapacity: true)
            connection.outgoingHead = 0
        }
        let pre = Int(CLWS_PRE)
        let count = text.utf8.count
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pre + count, alignment: 16)
        connection.inFlight = buffer
        UnsafeMutableRawBufferPointer(rebasing: buffer[pre...]).copyBytes(from: text.utf8)
        if let id = MessageScan.integer(after: #""id":"#, in: UnsafeRawBufferPointer(rebasing: buffer[pre...])),
           text.hasPrefix(#"{"type":"set""#) {
            connection.sentAt[id] = (monotonicMicros(), measuring)
        }
        let written = lws_write(wsi, (buffer.baseAddress! + pre).assumingMemoryBound(to: UInt8.self), count, LWS_WRITE_TEXT)
        if written < count { return -1 }
        if connection.outgoingHead < connection.outgoing.count { lws_callback_on_writable(wsi) }
        return 0
    }

    func receive(_ connection: LoadConnection, _ chunk: UnsafeRawBufferPointer, first: Bool, final: Bool) {
        if first { connection.rx.removeAll(keepingCapacity: true) }
        if final, connection.rx.isEmpty {
            handle(connection, chunk)
        } else {
            connection.rx.append(contentsOf: chunk)
            if final { connection.rx.withUnsafeBytes { handle(connection, $0) } }
        }
    }

    private static let framesPrefix = Array(#"{"type":"frames""#.utf8)

    private func handle(_ connection: LoadConnection, _ message: UnsafeRawBufferPointer) {
        let now = monotonicMicros()
        if echo, case .tweak = workload {
            if let id = MessageScan.integer(after: #""id":"#, in: message),
               let sent = connection.sentAt.removeValue(forKey: id), sent.measured {
                latencies.append(Int32(clamping: now - sent.micros))
            }
            return
        }
        if message.starts(with: Self.framesPrefix) {
            framesTotal += 1
            connection.lastFrameAt = now
            if measuring {
                connection.framesInWindow += 1
                if connection.intervalStart != 0 { intervals.append(Int32(clamping: now - connection.intervalStart)) }
            }
            connection.intervalStart = now
            return
        }
        let re = MessageScan.integer(after: #""re":"#, in: message)
        if MessageScan.contains(#""type":"ok""#, in: message) {
            if let re, let sent = connection.sentAt.removeValue(forKey: re), sent.measured,
               connection.lastFrameAt >= sent.micros {
                latencies.append(Int32(clamping: connection.lastFrameAt - sent.micros))
            }
        } else if MessageScan.contains(#""type":"scene""#, in: message) {
            if re == connection.loadID { connection.state = .loaded }
        } else if MessageScan.contains(#""type":"animationEnd""#, in: message) {
            if connection.isFollower {
                // The owner's next animation starts a round trip later: not a frame interval.
                connection.intervalStart = 0
            } else if case .animate(let duration) = workload {
                sendAnimate(connection, duration: duration)
            }
        } else if MessageScan.contains(#""type":"shared""#, in: message) {
            sharedCode = MessageScan.string(after: #""code":""#, in: message)
        } else if MessageScan.contains(#""type":"hello""#, in: message)
                    || MessageScan.contains(#""type":"followers""#, in: message) {
        } else {
            connection.errors += 1
            if unexpected.count < 5 { unexpected.append(String(String(decoding: message, as: UTF8.self).prefix(200))) }
        }
    }
}
