/// The messages a session has for its client, in order, kept as values and written to bytes only when
/// the transport takes them (`Session.writeNext(into:)`), straight into the transport's buffer.
///
/// Replies, events and errors are never dropped. A `frames` is kept as a placeholder rendered only when
/// the transport takes it, so it always carries the newest state; a new placeholder behind an unsent one
/// merges into it. A slow client therefore holds at most one pending frame per run of events, never a
/// growing queue of stale ones.
struct Outbox {
    enum Item {
        /// The newest state as a `frames`, if anything changed.
        case frames
        /// A reply, event or error.
        case message(OutgoingMessage)
        /// The newest position of the followed presenter's pointer (`SharedSession.pointer`).
        case pointer
    }

    private var items: [Item] = []
    private var head = 0
    /// True while a `.pointer` waits: a newer position merges into it, whatever was queued after it.
    private var holdsPointer = false

    var isEmpty: Bool { head == items.count }

    mutating func append(_ message: OutgoingMessage) { items.append(.message(message)) }

    mutating func appendFrames() {
        if head < items.count, case .frames = items[items.count - 1] { return }
        items.append(.frames)
    }

    /// Queues the followed presenter's newest pointer position unless one already waits.
    mutating func appendPointer() {
        guard !holdsPointer else { return }
        holdsPointer = true
        items.append(.pointer)
    }

    mutating func popFirst() -> Item? {
        guard head < items.count else { return nil }
        let item = items[head]
        if case .pointer = item { holdsPointer = false }
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }
}
