import Synchronization

/// A bounded queue of Pub/Sub messages from the subscriber's thread to the thread that serves them
/// (a server's service thread drains it once per pass).
///
/// Bound: at most `capacity` messages and `byteCapacity` payload bytes. A message that would pass
/// either drops the oldest messages until it fits (a newer frame of a share supersedes an older one),
/// and each dropped message's channel is reported by the next `drain` in `gaps`: its receivers lost
/// something and must be sent a complete state (a complete `frames`, or a reload from the snapshot)
/// rather than the next delta. A single message larger than `byteCapacity` is dropped itself and
/// reported the same way. Memory stays below the bounds however long the consumer stalls.
public final class SharedInbox: Sendable {
    /// What `drain` hands out: the messages in arrival order, and the channels that lost messages.
    public struct Drained: Sendable, Equatable {
        /// The messages held, oldest first.
        public var messages: [RedisSubscriber.Message]
        /// The channels whose messages were dropped (or lost while the subscriber was down).
        public var gaps: Set<String>
    }

    private struct Contents {
        var messages: [RedisSubscriber.Message] = []
        var head = 0
        var bytes = 0
        var gaps: Set<String> = []
    }

    /// Most messages held at once.
    public let capacity: Int
    /// Most payload bytes held at once.
    public let byteCapacity: Int
    private let contents = Mutex(Contents())

    /// An empty inbox holding at most `capacity` messages and `byteCapacity` payload bytes.
    public init(capacity: Int = 1024, byteCapacity: Int = 8 << 20) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    /// Adds `message`, dropping the oldest ones when a bound is hit (see the type). Never blocks beyond
    /// the lock. - Complexity: amortised O(1) per message.
    public func put(_ message: RedisSubscriber.Message) {
        contents.withLock { contents in
            guard message.payload.count <= byteCapacity else {
                contents.gaps.insert(message.channel)
                return
            }
            while contents.messages.count - contents.head >= capacity
                    || contents.bytes + message.payload.count > byteCapacity {
                let dropped = contents.messages[contents.head]
                contents.head += 1
                contents.bytes -= dropped.payload.count
                contents.gaps.insert(dropped.channel)
            }
            if contents.head > capacity {
                contents.messages.removeFirst(contents.head)
                contents.head = 0
            }
            contents.messages.append(message)
            contents.bytes += message.payload.count
        }
    }

    /// Reports a gap on every channel at once (the subscriber was down: whatever was published
    /// meanwhile is lost), for the next `drain`.
    public func markGap(_ channels: some Sequence<String>) {
        contents.withLock { $0.gaps.formUnion(channels) }
    }

    /// Takes every message held and the channels that lost messages since the last drain.
    /// - Complexity: O(messages held).
    public func drain() -> Drained {
        contents.withLock { contents in
            defer { contents = Contents() }
            return Drained(messages: Array(contents.messages[contents.head...]), gaps: contents.gaps)
        }
    }

    /// Messages held now.
    public var count: Int { contents.withLock { $0.messages.count - $0.head } }
}
