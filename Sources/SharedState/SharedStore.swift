import Synchronization

/// The playground's state that spans servers, as typed operations over one `RedisConnection`:
/// entries with expiry (resume tokens and join codes → their home), each session's lease with a
/// fencing epoch, its turns in a capped stream, its snapshot, and the shares' Pub/Sub channels.
///
/// Every operation is asynchronous in the connection's way: it returns at once and its completion gets
/// the value or a `SharedStateError` (on the connection's thread, or on the caller's for an immediate
/// refusal); none blocks on Redis. `awaitResult` turns one into an `async` call.
public final class SharedStore: Sendable {
    /// Seconds a session's turns, snapshot and epoch outlive its last write (refreshed by each write).
    public let retention: Double
    /// The connection every operation goes through.
    public let connection: RedisConnection
    /// Each script's digest as Redis named it, by source ("" while SCRIPT LOAD is under way).
    private let digests = ScriptDigests()

    /// A store over `connection`; a session's keys expire `retention` seconds (default a day) after
    /// its last write.
    public init(connection: RedisConnection, retention: Double = 86_400) {
        self.connection = connection
        self.retention = retention
    }

    // MARK: Entries with expiry

    /// Sets `key` to `value` for `expiry` seconds only if `key` is unset (`SET key value EX s NX`):
    /// true when set, false when another value holds it (the key is left as it was).
    public func claim(_ key: String, value: String, expiry: Int,
                      completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        connection.send(RedisCommand("SET", key, value, "EX", String(max(1, expiry)), "NX")) { result in
            completion(result.flatMap { reply in
                switch reply {
                case .status("OK"): .success(true)
                case .null: .success(false)
                default: .failure(Self.unexpected(reply))
                }
            })
        }
    }

    /// The value of `key`, nil when it is unset or expired.
    public func value(of key: String, completion: @escaping @Sendable (Result<String?, SharedStateError>) -> Void) {
        connection.send(RedisCommand("GET", key)) { result in
            completion(result.flatMap { reply in
                switch reply {
                case .bulk: .success(reply.text)
                case .null: .success(nil)
                default: .failure(Self.unexpected(reply))
                }
            })
        }
    }

    /// Gives `key` `expiry` more seconds from now: false when it is unset (expired already).
    public func refresh(_ key: String, expiry: Int, completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        connection.send(RedisCommand("EXPIRE", key, String(max(1, expiry)))) { result in
            completion(result.flatMap(Self.flag))
        }
    }

    /// Deletes `key` only if it still holds `value` (a server forgets only its own entries): true when deleted.
    public func release(_ key: String, value: String, completion: @escaping @Sendable (Result<Bool, SharedStateError>) -> Void) {
        evaluate(LuaScripts.deleteIfValue, keys: [key], arguments: [Array(value.utf8)]) { result in
            completion(result.flatMap { Self.status(of: $0).map { $0 == 1 } })
        }
    }

    // MARK: Pub/Sub

    /// Publishes `payload` on `channel` (`SharedKeys.shareChannel`): the number of subscribers (servers)
    /// that received it.
    public func publish(_ payload: [UInt8], on channel: String, completion: @escaping @Sendable (Result<Int, SharedStateError>) -> Void) {
        connection.send(RedisCommand(arguments: [Array("PUBLISH".utf8), Array(channel.utf8), payload])) { result in
            completion(result.flatMap { $0.integerValue.map(Result.success) ?? .failure(Self.unexpected($0)) })
        }
    }

    // MARK: Helpers

    /// Runs `script` by its digest (EVALSHA) once Redis named it (`SCRIPT LOAD`, sent before the
    /// script's first run through this store, which goes by EVAL); a Redis that no longer knows it
    /// (NOSCRIPT: restarted, flushed) is sent the source once with EVAL, which also keeps it again.
    func evaluate(_ script: LuaScript, keys: [String], arguments: [[UInt8]],
                  completion: @escaping @Sendable (Result<RedisReply, SharedStateError>) -> Void) {
        let tail = [Array(String(keys.count).utf8)] + keys.map { Array($0.utf8) } + arguments
        let connection = connection
        let eval = RedisCommand(arguments: [Array("EVAL".utf8), Array(script.source.utf8)] + tail)
        guard let digest = digest(of: script) else {
            connection.send(eval) { completion($0.flatMap(Self.checked)) }
            return
        }
        connection.send(RedisCommand(arguments: [Array("EVALSHA".utf8), Array(digest.utf8)] + tail)) { result in
            if case .success(.error(let text)) = result, text.hasPrefix("NOSCRIPT") {
                connection.send(eval) { completion($0.flatMap(Self.checked)) }
            } else {
                completion(result.flatMap(Self.checked))
            }
        }
    }

    /// The digest Redis gave `script`, nil until its SCRIPT LOAD answered; the first call asks for it
    /// (ahead of the caller's own command, so that its reply is kept before the caller's comes).
    private func digest(of script: LuaScript) -> String? {
        let (known, ask) = digests.withLock { digests -> (String?, Bool) in
            if let digest = digests[script.source] { return (digest.isEmpty ? nil : digest, false) }
            digests[script.source] = ""   // asked for: nobody asks again meanwhile
            return (nil, true)
        }
        if ask {
            connection.send(RedisCommand("SCRIPT", "LOAD", script.source)) { [digests] result in
                digests.withLock { digests in
                    if case .success(.bulk(let bytes)) = result {
                        digests[script.source] = String(decoding: bytes, as: UTF8.self)
                    } else {
                        digests[script.source] = nil   // ask again next time
                    }
                }
            }
        }
        return known
    }

    /// An error reply as `.server`, any other reply as it is.
    static func checked(_ reply: RedisReply) -> Result<RedisReply, SharedStateError> {
        if case .error(let text) = reply { return .failure(.server(text)) }
        return .success(reply)
    }

    /// A script's reply `{status, …}`: its status number.
    static func status(of reply: RedisReply) -> Result<Int, SharedStateError> {
        guard case .array(let items) = reply, let status = items.first?.integerValue else { return .failure(unexpected(reply)) }
        return .success(status)
    }

    /// An integer reply 1 or 0 as a Bool.
    static func flag(_ reply: RedisReply) -> Result<Bool, SharedStateError> {
        reply.integerValue.map { .success($0 == 1) } ?? .failure(unexpected(reply))
    }

    static func unexpected(_ reply: RedisReply) -> SharedStateError {
        if case .error(let text) = reply { return .server(text) }
        return .unexpectedReply(String(describing: reply).prefix(200).description)
    }
}

/// The scripts' digests, shared by a store and the completions of its SCRIPT LOADs.
final class ScriptDigests: Sendable {
    private let digests = Mutex<[String: String]>([:])

    func withLock<T>(_ body: (inout [String: String]) -> T) -> T { digests.withLock { body(&$0) } }
}

/// Calls `operation` with a completion and waits (without blocking a thread) for its result.
public func awaitResult<T: Sendable>(
    _ operation: (@escaping @Sendable (Result<T, SharedStateError>) -> Void) -> Void
) async -> Result<T, SharedStateError> {
    await withCheckedContinuation { continuation in operation { continuation.resume(returning: $0) } }
}
