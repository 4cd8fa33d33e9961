/// A session's home as a lease: one holder (a server) at a time, each new holder with a higher epoch.
///
/// Fencing: the epoch is a counter that only grows (INCR when a lease is granted to a new holder), and
/// every write of the session's turns or snapshot carries the writer's epoch and is refused unless it is
/// the current one. A server that was killed, stalled or cut off past its lease's expiry may still
/// believe it holds the session; once another server acquired it (a higher epoch), the old one's
/// writes end with `.staleEpoch` and its renewals with false, so two servers never both advance one session.
public struct Lease: Sendable, Equatable {
    /// The fencing epoch: 1 for the session's first holder, one more for each holder after.
    public var epoch: Int
    /// Who holds it (a server's unique name; unique per process, so a restarted server is a new holder).
    public var holder: String

    /// A lease of `epoch` held by `holder`.
    public init(epoch: Int, holder: String) {
        self.epoch = epoch
        self.holder = holder
    }

    var encoded: [UInt8] { Array("\(epoch):\(holder)".utf8) }
}

/// What `acquireLease` found.
public enum LeaseOutcome: Sendable, Equatable {
    /// The caller holds the session now (a new lease with a new epoch, or its own lease renewed).
    case granted(Lease)
    /// Another server holds it: its lease.
    case held(Lease)
}

extension SharedStore {
    /// Takes `session`'s lease for `holder` for `seconds`, if nobody else holds it.
    public func acquireLease(_ session: String, holder: String, seconds: Double,
                             completion: @escaping @Sendable (Result<LeaseOutcome, SharedStateError>) -> Void) {
        let arguments = [Array(holder.utf8), Self.milliseconds(seconds), Self.milliseconds(retention)]
        evaluate(LuaScripts.acquire, keys: [SharedKeys.lease(session), SharedKeys.epoch(session)], arguments: arguments) { result in
            completion(result.flatMap { reply in
                guard case .array(let items) = reply, items.count == 3, let granted = items[0].integerValue,
                      let epoch = items[1].integerValue, let holder = items[2].text else {
                    return .failure(Self.unexpected(reply))
                }
                let lease = Lease(epoch: epoch, holder: holder)
                return .success(granted == 1 ? .granted(lease) : .held(lease))
            })
        }
    }

    /// Extends `lease` by `seconds` from now if it is still the session's: false when it expired or
    /// another holder has the session (stop serving it).
    public func renewLease(_ session: String, _ lease: Lease, seconds: Double,
                           completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        evaluate(LuaScripts.renew, keys: [SharedKeys.lease(session), SharedKeys.epoch(session)],
                 arguments: [lease.encoded, Self.milliseconds(seconds), Self.milliseconds(retention)]) { result in
            completion(result.flatMap { Self.status(of: $0).map { $0 == 1 } })
        }
    }

    /// Gives `lease` up (a session moving home on purpose) if it is still the session's: true when released.
    public func releaseLease(_ session: String, _ lease: Lease,
                             completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        evaluate(LuaScripts.deleteIfValue, keys: [SharedKeys.lease(session)], arguments: [lease.encoded]) { result in
            completion(result.flatMap { Self.status(of: $0).map { $0 == 1 } })
        }
    }

    /// `seconds` as whole milliseconds (at least 1), in decimal digits.
    static func milliseconds(_ seconds: Double) -> [UInt8] {
        Array(String(max(1, Int((seconds * 1000).rounded()))).utf8)
    }
}
