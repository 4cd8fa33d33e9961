import Foundation

/// The messages a session has for its client, in order, kept as values and written to bytes only when
/// the transport takes them (`Session.writeNext(into:)`), straight into the transport's buffer.
///
/// Replies, events and errors are never dropped. A `frames` is kept as a placeholder rendered only when
/// the transport takes it, so it always carries the newest state; a new placeholder behind an unsent one
/// merges into it. A slow client therefore holds at most one pending frame per run of events, never a
/// growing queue of stale ones.
///
/// Replies, events and errors do not merge: what bounds them is `bytes`, their size as JSON, which the
/// transport reads (`Session.unsentBytes`) to stop reading a client that does not take its answers
/// (docs/SECURITY.md, "Slow, idle and dead clients").
struct Outbox {
    enum Item {
        /// The newest state as a `frames`, if anything changed.
        case frames
        /// A reply, event or error.
        case message(OutgoingMessage)
        /// The newest position of the followed presenter's pointer (`SharedSession.pointer`).
        case pointer
    }

    /// The queue and, with each item, its `bytes` share.
    private var items: [(item: Item, bytes: Int)] = []
    private var head = 0
    /// True while a `.pointer` waits: a newer position merges into it, whatever was queued after it.
    private var holdsPointer = false
    /// The JSON size of the queued replies, events and errors (`Outbox.estimatedBytes`); placeholders
    /// count nothing, since each merges into one message rendered from the newest state.
    private(set) var bytes = 0

    var isEmpty: Bool { head == items.count }

    /// - Complexity: O(n) in the values of `message` (its size is estimated).
    mutating func append(_ message: OutgoingMessage) {
        let size = Self.estimatedBytes(of: message)
        bytes += size
        items.append((.message(message), size))
    }

    mutating func appendFrames() {
        if head < items.count, case .frames = items[items.count - 1].item { return }
        items.append((.frames, 0))
    }

    /// Queues the followed presenter's newest pointer position unless one already waits.
    mutating func appendPointer() {
        guard !holdsPointer else { return }
        holdsPointer = true
        items.append((.pointer, 0))
    }

    mutating func popFirst() -> Item? {
        guard head < items.count else { return nil }
        let (item, size) = items[head]
        if case .pointer = item { holdsPointer = false }
        bytes -= size
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: items.count <= 64)
            head = 0
        }
        return item
    }

    // MARK: Size

    /// About the bytes `message.write(into:)` writes: exact for keys, strings without escapes,
    /// booleans, null and whole numbers; 12 bytes for a number with a fraction (its shortest round-trip
    /// form takes 3 to 24). Cheaper than writing it: no key is sorted and no number formatted.
    static func estimatedBytes(of message: OutgoingMessage) -> Int {
        switch message {
        case .ok(let id): 20 + estimatedBytes(of: id)
        case .animationEnd(let id, _): 45 + (id.map(estimatedBytes(of:)) ?? 4)
        case .message(let object, _): estimatedBytes(of: object as Any)
        }
    }

    /// The JSON size of one value, as `estimatedBytes(of:)` counts it.
    /// - Complexity: O(n) in the values it holds.
    private static func estimatedBytes(of value: Any) -> Int {
        // The common types by their metatype, before any cast (a failed `as` costs a runtime search);
        // lists of ids and of entries as the type they are, not copied into `[Any]`.
        let valueType = type(of: value)
        if valueType == String.self, let string = value as? String { return string.utf8.count + 2 }
        if valueType == [String: Any].self, let object = value as? [String: Any] {
            return object.reduce(1 + max(object.count, 1)) { $0 + $1.key.utf8.count + 3 + estimatedBytes(of: $1.value) }
        }
        if valueType == Int.self, let int = value as? Int { return digits(int) }
        if valueType == JSONFragment.self, let fragment = value as? JSONFragment { return fragment.bytes.count }
        if valueType == [String].self, let strings = value as? [String] {
            return strings.reduce(1 + max(strings.count, 1)) { $0 + $1.utf8.count + 2 }
        }
        if valueType == [[String: Any]].self, let objects = value as? [[String: Any]] {
            return objects.reduce(1 + max(objects.count, 1)) { $0 + estimatedBytes(of: $1 as Any) }
        }
        switch value {
        case let string as String: return string.utf8.count + 2
        case let object as [String: Any]:
            return object.reduce(1 + max(object.count, 1)) { $0 + $1.key.utf8.count + 3 + estimatedBytes(of: $1.value) }
        case let array as [Any]:
            return array.reduce(1 + max(array.count, 1)) { $0 + estimatedBytes(of: $1) }
        case let int as Int: return digits(int)
        case let double as Double:
            return double.rounded(.towardZero) == double && abs(double) < 1e15 ? digits(Int(double)) : 12
        case let bool as Bool: return bool ? 4 : 5
        case is NSNull: return 4
        default: return 12
        }
    }

    /// Characters of `value` in decimal, its sign included.
    private static func digits(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}

extension Session {
    /// The JSON size of the replies, events and errors queued and not yet taken, in bytes, those the
    /// journal holds included; a pending `frames` counts nothing (it is rendered when taken, from the
    /// newest state). The transport stops reading a client while this is over its budget.
    public var unsentBytes: Int { outbox.bytes }
}
