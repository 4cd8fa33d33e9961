import Synchronization

/// What Redis's thread hands the service thread: replies to the journal's writes and lookups, as
/// messages under a lock held only to append or take, each followed by a wake of the service loop
/// (`lws_cancel_service` through `StopHandle.wakeService`). The service thread takes them after each
/// `lws_service` pass, so Redis never runs code on it and a slow Redis never blocks it.
final class RedisEvents: Sendable {
    /// One completed Redis operation.
    enum Event: Sendable {
        /// A write of journal pass `pass` for `token`'s session ended: `failure` nil when Redis confirmed it.
        case written(pass: Int, token: String, failure: String?, critical: Bool)
        /// `token`'s session's lease was taken with `epoch`.
        case leased(token: String, epoch: Int)
        /// A `rejoin`'s look-up numbered `id` ended.
        case lookup(id: Int, RedisLookup.Outcome)
        /// A parked session's lease checked for `rejoin` `id`: true when still this server's, false
        /// when another server took it over, nil when Redis could not answer.
        case reclaimed(id: Int, current: Bool?)
    }

    private let events = Mutex<[Event]>([])
    private let wake: @Sendable () -> Void

    /// Events posted wake the service loop with `wake`.
    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// From any thread: keeps `event` for the next `drain` and wakes the service loop, once for all
    /// the events posted before it drains them (a wake is due only when the list was empty: a
    /// non-empty one has a wake under way that its drain will follow).
    func post(_ event: Event) {
        let first = events.withLock { events in
            defer { events.append(event) }
            return events.isEmpty
        }
        if first { wake() }
    }

    /// The events posted since the last drain, oldest first. - Complexity: O(1) besides the copy.
    func drain() -> [Event] {
        events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}
