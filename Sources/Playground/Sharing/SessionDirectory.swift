import Synchronization

/// Where the sessions of a process are found by what a client holds: unique session ids, and, per
/// resume token, the home (the worker, one service thread) that holds the session, connected or parked.
///
/// A session is addressed by its id and token only: whatever is not the session itself asks the
/// directory where it lives and sends it messages there. `LocalSessionDirectory` is the in-process one;
/// the protocol is the seam where a directory shared between processes (Redis, say) goes. Called from
/// any worker, so implementations are `Sendable`; it is consulted when sessions open, close, park and
/// rejoin, never on the frame path.
public protocol SessionDirectory: AnyObject, Sendable {
    /// A session id no other session of the process, nor of the journal it continues, has: `s` and a
    /// number, counting on from the highest the directory was started with.
    func newSessionID() -> String
    /// Records that the session with resume token `token` lives on worker `home`.
    func setHome(_ home: Int, token: String)
    /// The worker holding the session with resume token `token`, nil when no worker holds it.
    func home(token: String) -> Int?
    /// Forgets `token`'s session: it ended.
    func removeHome(token: String)
    /// Sessions with a home now.
    var count: Int { get }
}

/// The in-process `SessionDirectory`: a counter and a dictionary under one mutex.
public final class LocalSessionDirectory: SessionDirectory {
    private struct State {
        var lastNumber: UInt64
        var homes: [String: Int] = [:]
    }

    private let state: Mutex<State>

    /// - Parameter lastSessionNumber: the highest session number given out before (a journal's
    ///   `lastSessionNumber()`, 0 for none): new ids count on from it.
    public init(lastSessionNumber: UInt64 = 0) {
        state = Mutex(State(lastNumber: lastSessionNumber))
    }

    public func newSessionID() -> String {
        let number = state.withLock { $0.lastNumber += 1; return $0.lastNumber }
        return "s\(number)"
    }

    public func setHome(_ home: Int, token: String) { state.withLock { $0.homes[token] = home } }

    public func home(token: String) -> Int? { state.withLock { $0.homes[token] } }

    public func removeHome(token: String) { _ = state.withLock { $0.homes.removeValue(forKey: token) } }

    public var count: Int { state.withLock { $0.homes.count } }
}
