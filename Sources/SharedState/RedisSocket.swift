import CHiredis
import Glibc

/// One TCP connection to Redis through a non-blocking hiredis context, owned by one thread.
///
/// hiredis's blocking calls would stall that thread for as long as Redis does, so the context is made
/// with `redisConnectNonBlock` and the owner polls `descriptor` itself: `append` only formats into
/// hiredis's output buffer, `flush` writes what the socket takes now (`redisBufferWrite`), `read` reads
/// what arrived (`redisBufferRead`) and returns the whole replies parsed so far (`redisGetReply`, which
/// on a non-blocking context does no I/O). After any error the socket is broken for good: the owner
/// drops it and connects anew (hiredis keeps its error in the context).
final class RedisSocket {
    private let context: UnsafeMutablePointer<redisContext>
    /// Whether hiredis holds bytes the socket has not taken yet (poll for POLLOUT then).
    private(set) var wantsWrite = false

    private init(context: UnsafeMutablePointer<redisContext>) { self.context = context }

    deinit { redisFree(context) }

    /// The socket's descriptor, for poll(2).
    var descriptor: Int32 { context.pointee.fd }

    /// hiredis's description of the error that broke the socket ("" when none).
    var errorText: String {
        withUnsafeBytes(of: context.pointee.errstr) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Connects to `host`:`port`, waiting at most `timeout` seconds for the TCP handshake. Fails with
    /// `.unavailable` when the address cannot be resolved, refuses, or does not answer in time.
    static func connect(host: String, port: Int, timeout: Double) -> Result<RedisSocket, SharedStateError> {
        guard let context = redisConnectNonBlock(host, Int32(port)) else { return .failure(.unavailable) }
        let socket = RedisSocket(context: context)
        guard context.pointee.err == 0 else { return .failure(.unavailable) }
        var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, Int32((timeout * 1000).rounded(.up))) == 1 else { return .failure(.unavailable) }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(context.pointee.fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else {
            return .failure(.unavailable)
        }
        return .success(socket)
    }

    /// Formats `command` into the output buffer; nothing is written yet (`flush`). False when hiredis
    /// could not (out of memory): the socket is broken.
    func append(_ command: RedisCommand) -> Bool {
        wantsWrite = true
        let arguments = command.arguments
        var lengths = arguments.map(\.count)
        return withPointers(to: arguments) { pointers in
            var pointers = pointers
            return redisAppendCommandArgv(context, Int32(arguments.count), &pointers, &lengths) == REDIS_OK
        }
    }

    /// Writes what the socket takes without blocking. False when the write failed: the socket is broken.
    func flush() -> Bool {
        while wantsWrite {
            var done: Int32 = 0
            guard redisBufferWrite(context, &done) == REDIS_OK else { return false }
            if done != 0 { wantsWrite = false } else if errno == EAGAIN || errno == EWOULDBLOCK { return true }
        }
        return true
    }

    /// Reads what arrived and returns every whole reply parsed so far, in order; nil when the read failed
    /// or Redis closed the connection (the socket is broken; replies parsed before that are lost with it).
    /// - Complexity: O(bytes read + size of the replies).
    func read() -> [RedisReply]? {
        guard redisBufferRead(context) == REDIS_OK else { return nil }
        var replies: [RedisReply] = []
        while true {
            var raw: UnsafeMutableRawPointer?
            guard redisGetReply(context, &raw) == REDIS_OK else { return nil }
            guard let raw else { return replies }
            replies.append(RedisReply(raw.assumingMemoryBound(to: redisReply.self)))
            freeReplyObject(raw)
        }
    }

    /// Calls `body` with C pointers to each argument's bytes, valid only during the call: the arguments
    /// are copied into one buffer, so the pointers stay valid together.
    /// - Complexity: O(total bytes).
    private func withPointers<T>(to arguments: [[UInt8]], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, arguments.reduce(0) { $0 + $1.count }),
                                                             alignment: 1)
        defer { storage.deallocate() }
        var pointers: [UnsafePointer<CChar>?] = []
        pointers.reserveCapacity(arguments.count)
        var offset = 0
        for argument in arguments {
            let slice = UnsafeMutableRawBufferPointer(rebasing: storage[offset..<(offset + argument.count)])
            slice.copyBytes(from: argument)
            pointers.append((storage.baseAddress.map { UnsafePointer($0.advanced(by: offset).assumingMemoryBound(to: CChar.self)) }))
            offset += argument.count
        }
        return body(pointers)
    }
}
