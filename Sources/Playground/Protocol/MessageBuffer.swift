/// A writable block of bytes that a transport lends to a session for its outgoing messages.
///
/// The session writes each message after `headroom` bytes that stay the transport's: libwebsockets, for
/// one, writes its frame header there (`LWS_PRE`) and sends header and message in place, with no copy.
/// A message stays in the block, unchanged, until the next one is written into it, so a transport may
/// keep writing it after the call that produced it returned (permessage-deflate reads it late), and one
/// rendering can go out to several connections.
///
/// Single-threaded, like the session that writes it. Empty until the first message, so an idle
/// connection holds no message bytes.
public final class MessageBuffer {
    /// Bytes kept free and writable in front of every message, for the transport.
    public let headroom: Int
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes allocated (headroom included).
    private(set) var capacity: Int
    /// Offset of the end of the last message (it starts at `headroom`).
    private var end: Int

    /// An empty block that leaves `headroom` bytes (at least 0) in front of each message.
    public init(headroom: Int = 0) {
        self.headroom = max(0, headroom)
        base = .allocate(capacity: 0)
        capacity = 0
        end = self.headroom
    }

    deinit { base.deallocate() }

    /// The last message written, as UTF-8 JSON text. The `headroom` bytes in front of it are writable
    /// by the caller. Valid and unchanged until the next message is written or `release()` is called.
    public var message: UnsafeMutableRawBufferPointer {
        guard capacity > 0 else { return UnsafeMutableRawBufferPointer(start: nil, count: 0) }
        return UnsafeMutableRawBufferPointer(start: base + headroom, count: end - headroom)
    }

    /// The last message as a `String` (a copy).
    public var text: String { String(decoding: UnsafeRawBufferPointer(message), as: UTF8.self) }

    /// Frees the block, forgetting the last message; the next message allocates again.
    public func release() {
        base.deallocate()
        base = .allocate(capacity: 0)
        capacity = 0
        end = headroom
    }

    // MARK: Writing (the session's side)

    /// Starts a new message, dropping the previous one, and returns the offset to write it at. A block
    /// grown by a large message (a `scene` reply) is released when the previous message was small, so
    /// a connection that streams small ones afterwards does not keep it.
    func begin() -> Int {
        if capacity > 4096, capacity > 4 * end { release() }
        end = headroom
        return headroom
    }

    /// The block, holding at least `size` bytes (the first ones kept when it grows).
    @inline(__always)
    func reserve(_ size: Int) -> UnsafeMutablePointer<UInt8> {
        if size > capacity { grow(to: size) }
        return base
    }

    /// Ends the message at offset `end` (as returned by a cursor over `reserve`'s block).
    @inline(__always)
    func commit(end: Int) { self.end = end }

    /// Replaces the message with a copy of `other`'s.
    func copy(_ other: MessageBuffer) {
        let bytes = other.message
        let start = begin()
        let block = reserve(start + bytes.count)
        if let source = bytes.baseAddress { (block + start).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        commit(end: start + bytes.count)
    }

    private func grow(to size: Int) {
        let newCapacity = Swift.max(size, capacity * 2, 1024)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: capacity)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
