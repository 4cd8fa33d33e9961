import Foundation
import Synchronization

/// A connection to one Redis that runs on a thread of its own and talks to callers by messages.
///
/// `send` never blocks on Redis: it queues the command under a lock held only to append, wakes the
/// connection's thread (`WakePipe`) and returns. The thread writes queued commands as one pipeline,
/// reads replies as they arrive and calls each command's completion, in the order the commands were
/// sent. When Redis is down, refused, killed or stalled, every command ends with
/// `SharedStateError.unavailable` within a bound instead of waiting:
///
/// | Redis is… | a command ends… |
/// | --- | --- |
/// | known to be down (between attempts) | at once, on the caller's thread, before `send` returns |
/// | being connected to | with `.unavailable` after at most `connectTimeout` if the attempt fails |
/// | killed or closing the connection | with `.unavailable` as soon as the socket reports it |
/// | stalled (no reply) | with `.unavailable` `commandTimeout` after it was sent, with every command after it |
///
/// After a failure the thread reconnects by itself, waiting `ReconnectBackoff` between attempts.
///
/// Bound: at most `maximumOutstanding` commands (queued plus awaiting replies) at once; a further
/// `send` ends at once with `.overloaded`, so a stalled Redis never grows the queue past it.
/// Completions run on the connection's thread (or the caller's, for the immediate refusals above): they
/// must be short and must not block, typically handing the result to the caller's own queue.
public final class RedisConnection: @unchecked Sendable {
    // @unchecked: the properties below `shared` that are `var` are touched only by the connection's
    // thread; everything other threads see is in `shared`, under its Mutex.

    /// What a command's completion receives: the reply (an error reply is a `.error` value, not a
    /// failure), or why there is none.
    public typealias Completion = @Sendable (Result<RedisReply, SharedStateError>) -> Void

    /// Where and how patiently to talk to Redis.
    public struct Configuration: Sendable {
        /// Redis's host: a name or an address.
        public var host: String
        /// Redis's TCP port.
        public var port: Int
        /// Seconds a TCP connect may take before the attempt counts as failed.
        public var connectTimeout: Double = 0.5
        /// Seconds a sent command may wait for its reply before the connection counts as stalled.
        public var commandTimeout: Double = 1
        /// Commands queued or awaiting replies at most; `send` past it ends with `.overloaded`.
        public var maximumOutstanding = 4096
        /// Delays between reconnect attempts.
        public var backoff = ReconnectBackoff()
        /// The logical database, selected on each connection before any other command (0: Redis's default).
        public var database = 0

        /// A configuration for `host`:`port` with the defaults above.
        public init(host: String = "127.0.0.1", port: Int = 6379) {
            self.host = host
            self.port = port
        }
    }

    /// Whether the connection is usable now, as last seen by its thread.
    public enum State: Sendable, Equatable {
        /// An attempt to connect is under way; commands sent now wait for its outcome.
        case connecting
        /// Connected: commands go out at once.
        case up
        /// The last attempt failed or the connection broke; commands are refused until the next attempt.
        case down
        /// `stop()` was called.
        case stopped
    }

    struct Request {
        var command: RedisCommand
        var completion: Completion
        /// When the reply is overdue (monotonic seconds): set when queued, so time spent queued counts.
        var deadline: Double
    }

    private struct Shared {
        var state = State.connecting
        var queued: [Request] = []
        var outstanding = 0
        var stopping = false
    }

    /// Where and how patiently it talks to Redis.
    public let configuration: Configuration
    private let shared = Mutex(Shared())
    private let wake = WakePipe()
    private let finished = DispatchSemaphore(value: 0)
    private var inFlight = RequestQueue()

    /// Starts the connection's thread, which connects at once and keeps reconnecting until `stop()`.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
        let thread = Thread { [self] in run() }
        thread.name = "SharedState redis"
        thread.start()
    }

    /// The connection's state as its thread last set it.
    public var state: State { shared.withLock { $0.state } }

    /// Sends `command`; `completion` gets its reply or the reason there is none, exactly once (see the
    /// type's table for when, and on which thread). Never blocks on Redis.
    public func send(_ command: RedisCommand, completion: @escaping Completion) {
        let deadline = monotonicSeconds() + configuration.commandTimeout
        // A wake only for the first command queued: the thread takes the whole queue when it wakes.
        let (refusal, first): (SharedStateError?, Bool) = shared.withLock { shared in
            switch shared.state {
            case .down, .stopped: return (.unavailable, false)
            case .connecting, .up: break
            }
            if shared.stopping { return (.unavailable, false) }
            guard shared.outstanding < configuration.maximumOutstanding else { return (.overloaded, false) }
            shared.outstanding += 1
            shared.queued.append(Request(command: command, completion: completion, deadline: deadline))
            return (nil, shared.queued.count == 1)
        }
        if let refusal { completion(.failure(refusal)); return }
        if first { wake.wake() }
    }

    /// Sends `command` and waits (without blocking a thread) for its reply.
    public func reply(_ command: RedisCommand) async -> Result<RedisReply, SharedStateError> {
        await withCheckedContinuation { continuation in send(command) { continuation.resume(returning: $0) } }
    }

    /// Ends the connection: commands not answered yet end with `.unavailable`, later ones are refused,
    /// and the thread exits. Returns once it has (at once when already stopped). Not from a completion.
    public func stop() {
        shared.withLock { $0.stopping = true }
        wake.wake()
        finished.wait()
        finished.signal()   // a second stop() returns at once too
    }

    // MARK: The connection's thread

    private var stopping: Bool { shared.withLock { $0.stopping } }

    private func setState(_ state: State) { shared.withLock { $0.state = state } }

    private func run() {
        var backoff = configuration.backoff
        while !stopping {
            setState(.connecting)
            switch RedisSocket.connect(host: configuration.host, port: configuration.port,
                                       timeout: configuration.connectTimeout) {
            case .success(let socket):
                backoff.reset()
                if configuration.database != 0 { selectDatabase() }
                setState(.up)
                serve(socket)
            case .failure:
                break
            }
            if stopping { break }
            // Down: refuse new commands at once and end every waiting one before sleeping.
            setState(.down)
            failEverything()
            wake.wait(seconds: backoff.next())
        }
        setState(.stopped)
        failEverything()
        finished.signal()
    }

    /// Puts SELECT before whatever is queued: a reconnection starts in database 0.
    private func selectDatabase() {
        let select = Request(command: RedisCommand("SELECT", String(configuration.database)), completion: { _ in },
                             deadline: monotonicSeconds() + configuration.commandTimeout)
        shared.withLock { shared in
            shared.outstanding += 1
            shared.queued.insert(select, at: 0)
        }
    }

    /// Pipelines commands over `socket` until it breaks, a reply is overdue, or `stop()`.
    private func serve(_ socket: RedisSocket) {
        while true {
            let (taken, stop) = shared.withLock { shared in
                defer { shared.queued.removeAll(keepingCapacity: true) }
                return (shared.queued, shared.stopping)
            }
            if stop { return }
            for request in taken {
                inFlight.append(request)
                guard socket.append(request.command) else { return }
            }
            guard socket.flush() else { return }
            var timeout: Int32 = -1
            if let deadline = inFlight.first?.deadline {
                let left = deadline - monotonicSeconds()
                if left <= 0 { return }   // stalled: the caller of serve ends everything with .unavailable
                timeout = Int32((left * 1000).rounded(.up))
            }
            var descriptors = [
                pollfd(fd: socket.descriptor, events: Int16(POLLIN) | (socket.wantsWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&descriptors, 2, timeout) >= 0 || errno == EINTR else { return }
            if descriptors[1].revents != 0 { wake.drain() }
            let events = descriptors[0].revents
            if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                guard let replies = socket.read() else { return }
                for reply in replies {
                    guard let request = inFlight.removeFirst() else { return }   // a reply nobody asked for
                    complete(request, .success(reply))
                }
            }
            if events & Int16(POLLOUT) != 0, !socket.flush() { return }
        }
    }

    /// Frees the request's place first, so a caller that sends again from (or right after) the
    /// completion finds it free.
    private func complete(_ request: Request, _ result: Result<RedisReply, SharedStateError>) {
        shared.withLock { $0.outstanding -= 1 }
        request.completion(result)
    }

    /// Ends every command sent or queued with `.unavailable`.
    private func failEverything() {
        let queued = shared.withLock { shared in
            defer { shared.queued.removeAll() }
            return shared.queued
        }
        while let request = inFlight.removeFirst() { complete(request, .failure(.unavailable)) }
        for request in queued { complete(request, .failure(.unavailable)) }
    }
}

/// The commands sent and awaiting replies, oldest first: Redis answers in order, so each reply is the
/// oldest one's. An array with a moving head, compacted when the head passes half of it.
struct RequestQueue {
    private var items: [RedisConnection.Request] = []
    private var head = 0

    var first: RedisConnection.Request? { head < items.count ? items[head] : nil }

    mutating func append(_ request: RedisConnection.Request) { items.append(request) }

    /// The oldest request, nil when none. - Complexity: amortised O(1).
    mutating func removeFirst() -> RedisConnection.Request? {
        guard head < items.count else { return nil }
        let request = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: items.count <= 4096)
            head = 0
        } else if head > 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return request
    }
}
