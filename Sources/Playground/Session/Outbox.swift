/// The messages a session has for its client, in order.
///
/// Replies and events are kept as text and never dropped. A `frames` is kept as a placeholder rendered
/// only when the transport takes it, so it always carries the newest state; a new placeholder behind
/// an unsent one merges into it. A slow client therefore holds at most one pending frame per run of
/// events, never a growing queue of stale ones.
struct Outbox {
    enum Item {
        case text(String)
        case frames
    }

    private var items: [Item] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ text: String) { items.append(.text(text)) }

    mutating func appendFrames() {
        if head < items.count, case .frames = items[items.count - 1] { return }
        items.append(.frames)
    }

    mutating func popFirst() -> Item? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }
}
