import Foundation
import Playground
import SharedState

/// A server's link to Redis with `--redis`: the connection (its own thread), the journal and the
/// session directory over it, and the server's liveness key, refreshed every `heartbeatInterval`
/// seconds from a timer of its own so a busy or idle service thread never delays it.
final class RedisLink {
    /// Seconds a server counts as alive after its last heartbeat: past it, its sessions' leases can be
    /// taken over by a `rejoin` elsewhere (a SIGKILLed server's sessions move after at most this).
    static let liveness = 0.8
    static let heartbeatInterval = 0.2
    /// Seconds a write or read may wait for Redis's reply before it fails (`RedisConnection`).
    static let commandTimeout = 2.0

    let store: SharedStore
    let journal: RedisJournal
    let directory: RedisSessionDirectory
    /// This process's name in leases: host, process id and random bits, so a restarted server is a new holder.
    let holder: String
    private let heartbeat: DispatchSourceTimer

    /// Connects (in the background) to `url`; `wake` wakes the service loop when Redis answered.
    init(url: RedisURL, wake: @escaping @Sendable () -> Void) {
        var configuration = RedisConnection.Configuration(host: url.host, port: url.port)
        configuration.database = url.database
        configuration.commandTimeout = Self.commandTimeout
        let store = SharedStore(connection: RedisConnection(configuration))
        self.store = store
        var generator = SystemRandomNumberGenerator()
        let holder = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(String(generator.next() as UInt32, radix: 16))"
        self.holder = holder
        journal = RedisJournal(store: store, holder: holder, events: RedisEvents(wake: wake))
        heartbeat = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "redis heartbeat"))
        heartbeat.schedule(deadline: .now(), repeating: Self.heartbeatInterval)
        heartbeat.setEventHandler {
            store.heartbeat(holder, seconds: Self.liveness) { _ in }
        }
        heartbeat.resume()
        directory = RedisSessionDirectory(store: store, wait: Self.commandTimeout)
        ServerLog.info("redis: \(url.host):\(url.port)/\(url.database) as \(holder) (\(store.connection.state))")
    }

    /// Stops the heartbeat and the connection (the server is stopping).
    func finish() {
        heartbeat.cancel()
        store.connection.stop()
    }
}
