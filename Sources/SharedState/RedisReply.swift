import CHiredis

/// One reply of Redis's RESP2 protocol as a value, copied out of hiredis's `redisReply` tree.
public indirect enum RedisReply: Equatable, Sendable {
    /// A simple string (`+OK`).
    case status(String)
    /// An error reply (`-ERR …`), its text.
    case error(String)
    /// An integer reply.
    case integer(Int)
    /// A bulk string: bytes, not necessarily UTF-8.
    case bulk([UInt8])
    /// The null bulk string or null array (`$-1`, `*-1`): a missing key, a refused `SET … NX`.
    case null
    /// An array of replies.
    case array([RedisReply])

    /// Copies `reply` (and its elements, recursively). An unknown type becomes an `.error` naming it.
    /// - Complexity: O(total size of the reply).
    init(_ reply: UnsafePointer<redisReply>) {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_STATUS: self = .status(Self.text(value.str, value.len))
        case REDIS_REPLY_ERROR: self = .error(Self.text(value.str, value.len))
        case REDIS_REPLY_INTEGER: self = .integer(Int(clamping: value.integer))
        case REDIS_REPLY_NIL: self = .null
        case REDIS_REPLY_STRING: self = .bulk(Self.bytes(value.str, value.len))
        case REDIS_REPLY_ARRAY:
            var elements: [RedisReply] = []
            elements.reserveCapacity(value.elements)
            for index in 0..<value.elements {
                if let element = value.element?[index] { elements.append(RedisReply(element)) } else { elements.append(.null) }
            }
            self = .array(elements)
        default: self = .error("unknown reply type \(value.type)")
        }
    }

    /// The bulk string or status as UTF-8 text (invalid bytes repaired), nil for other replies.
    public var text: String? {
        switch self {
        case .bulk(let bytes): String(decoding: bytes, as: UTF8.self)
        case .status(let text): text
        default: nil
        }
    }

    /// An integer reply, or a bulk string of decimal digits (what Lua and HGET hand back), as an Int.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): value
        case .bulk: text.flatMap { Int($0) }
        default: nil
        }
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private static func text(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> String {
        String(decoding: bytes(pointer, count), as: UTF8.self)
    }
}
