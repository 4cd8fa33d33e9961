import Foundation
import Synchronization

/// One Pub/Sub subscription to Redis per server, on a thread of its own: it holds the set of channels
/// the server wants, keeps them subscribed across reconnects, and hands every message to `deliver`.
///
/// `subscribe` and `unsubscribe` only change the wanted set under a lock and wake the thread, which
/// sends SUBSCRIBE/UNSUBSCRIBE for the difference; they never block on Redis. After a connection
/// breaks, the thread reconnects with `ReconnectBackoff` and subscribes to the whole wanted set again.
/// Messages published while it was away are lost (Redis Pub/Sub keeps nothing): `onState` reports each
/// `.down` and `.up`, and a receiver recovers what it missed from the session's stream or snapshot
/// (`SharedStore.turns`, `SharedStore.snapshot`).
///
/// Silence is checked: after `pingInterval` seconds without data the thread sends PING, and no answer
/// within `commandTimeout` breaks the connection (a stalled Redis is noticed within
/// `pingInterval + commandTimeout`).
///
/// Bounds: `deliver` runs on the subscriber's thread, one message at a time; while it runs nothing more
/// is read. It must hand the message on without blocking, to a bounded queue such as `SharedInbox`.
/// Redis bounds what it holds for a subscriber that reads too slowly (`client-output-buffer-limit
/// pubsub`, 32 MB, or 8 MB for 60 s, by default) by closing its connection; the subscriber then
/// reconnects and reports `.down`/`.up` like any other break.
public final class RedisSubscriber: @unchecked Sendable {
    // @unchecked: `var`s below `shared` are touched only by the subscriber's thread.

    /// A message as Redis delivered it: its channel and its payload's bytes.
    public struct Message: Sendable, Equatable {
        /// The channel it was published on (`SharedKeys.shareChannel`).
        public var channel: String
        /// The published bytes, as given to PUBLISH.
        public var payload: [UInt8]

        /// A message of `channel` carrying `payload`.
        public init(channel: String, payload: [UInt8]) {
            self.channel = channel
            self.payload = payload
        }
    }

    private struct Shared {
        var wanted: Set<String> = []
        var state = RedisConnection.State.connecting
        var stopping = false
    }

    /// Where and how patiently it talks to Redis (the connection's configuration).
    public let configuration: RedisConnection.Configuration
    /// Seconds without data before the thread checks the connection with PING.
    public let pingInterval: Double
    private let deliver: @Sendable (Message) -> Void
    private let onState: @Sendable (RedisConnection.State) -> Void
    private let shared = Mutex(Shared())
    private let wake = WakePipe()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the subscriber's thread. `deliver` gets each message, `onState` each change of state
    /// (`.up` after every successful (re)subscription, `.down` after every failure), both on that thread.
    public init(_ configuration: RedisConnection.Configuration, pingInterval: Double = 1,
                onState: @escaping @Sendable (RedisConnection.State) -> Void = { _ in },
                deliver: @escaping @Sendable (Message) -> Void) {
        self.configuration = configuration
        self.pingInterval = pingInterval
        self.deliver = deliver
        self.onState = onState
        let thread = Thread { [self] in run() }
        thread.name = "SharedState redis subscriber"
        thread.start()
    }

    /// The subscriber's state as its thread last set it.
    public var state: RedisConnection.State { shared.withLock { $0.state } }

    /// Adds `channel` to the wanted set; it is subscribed as soon as the connection is up.
    public func subscribe(_ channel: String) {
        shared.withLock { _ = $0.wanted.insert(channel) }
        wake.wake()
    }

    /// Removes `channel` from the wanted set; no message of it is delivered after the thread sees that.
    public func unsubscribe(_ channel: String) {
        shared.withLock { _ = $0.wanted.remove(channel) }
        wake.wake()
    }

    /// Ends the subscription and the thread; returns once it has exited (at once when already stopped).
    /// Not from `deliver`.
    public func stop() {
        shared.withLock { $0.stopping = true }
        wake.wake()
        finished.wait()
        finished.signal()   // a second stop() returns at once too
    }

    // MARK: The subscriber's thread

    private var stopping: Bool { shared.withLock { $0.stopping } }

    private func setState(_ state: RedisConnection.State) {
        let changed = shared.withLock { shared in
            defer { shared.state = state }
            return shared.state != state
        }
        if changed { onState(state) }
    }

    private func run() {
        var backoff = configuration.backoff
        while !stopping {
            if case .success(let socket) = RedisSocket.connect(host: configuration.host, port: configuration.port,
                                                               timeout: configuration.connectTimeout) {
                backoff.reset()
                serve(socket)
            }
            if stopping { break }
            setState(.down)
            wake.wait(seconds: backoff.next())
        }
        setState(.stopped)
        finished.signal()
    }

    private func serve(_ socket: RedisSocket) {
        var subscribed: Set<String> = []
        var lastData = monotonicSeconds()
        var pingDeadline: Double?
        var confirmed = false
        var firstPing = true
        while true {
            let (wanted, stop) = shared.withLock { ($0.wanted, $0.stopping) }
            if stop { return }
            let added = wanted.subtracting(subscribed), removed = subscribed.subtracting(wanted)
            if !added.isEmpty, !socket.append(RedisCommand(arguments: [Array("SUBSCRIBE".utf8)] + added.sorted().map { Array($0.utf8) })) { return }
            if !removed.isEmpty, !socket.append(RedisCommand(arguments: [Array("UNSUBSCRIBE".utf8)] + removed.sorted().map { Array($0.utf8) })) { return }
            subscribed = wanted
            if firstPing {
                // After the first SUBSCRIBE: its answer says the connection is live and subscribed.
                firstPing = false
                guard socket.append(RedisCommand("PING")) else { return }
                pingDeadline = lastData + configuration.commandTimeout
            }
            guard socket.flush() else { return }
            let now = monotonicSeconds()
            if let deadline = pingDeadline, now >= deadline { return }
            if pingDeadline == nil, now - lastData >= pingInterval {
                guard socket.append(RedisCommand("PING")), socket.flush() else { return }
                pingDeadline = now + configuration.commandTimeout
            }
            let until = pingDeadline ?? (lastData + pingInterval)
            var descriptors = [
                pollfd(fd: socket.descriptor, events: Int16(POLLIN) | (socket.wantsWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&descriptors, 2, Int32(max(0, (until - now) * 1000).rounded(.up))) >= 0 || errno == EINTR else { return }
            if descriptors[1].revents != 0 { wake.drain() }
            if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                guard let replies = socket.read() else { return }
                lastData = monotonicSeconds()
                for reply in replies {
                    switch Self.kind(of: reply) {
                    case .message(let message):
                        // Only channels still wanted: an UNSUBSCRIBE in flight may still let some through.
                        if shared.withLock({ $0.wanted.contains(message.channel) }) { deliver(message) }
                    case .pong:
                        pingDeadline = nil
                        if !confirmed { confirmed = true; setState(.up) }
                    case .other:
                        break
                    }
                }
            }
            if descriptors[0].revents & Int16(POLLOUT) != 0, !socket.flush() { return }
        }
    }

    private enum Kind { case message(Message), pong, other }

    /// A reply read in subscribed mode: `message` arrays, PING's answer (`pong` array, or `PONG` before
    /// the first SUBSCRIBE), or a (un)subscribe confirmation.
    private static func kind(of reply: RedisReply) -> Kind {
        switch reply {
        case .status("PONG"): return .pong
        case .array(let items):
            guard let kind = items.first?.text else { return .other }
            if kind == "pong" { return .pong }
            if kind == "message", items.count == 3, let channel = items[1].text, case .bulk(let payload) = items[2] {
                return .message(Message(channel: channel, payload: payload))
            }
            return .other
        default: return .other
        }
    }
}
