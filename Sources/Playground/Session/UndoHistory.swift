/// A session's undo and redo stacks: scene documents (the JSON text `scene` answers) as they were
/// before each edit, newest last.
///
/// Bounded twice: at most `limit` steps to undo (`hello.limits.maxUndoSteps`; the oldest goes first),
/// and at most `maxBytes` of text over both stacks, so a large scene keeps fewer steps rather than
/// more memory.
struct UndoHistory: Sendable {
    private(set) var undoStack: [String] = []
    private(set) var redoStack: [String] = []
    private var bytes = 0
    /// The constraint whose `constant` alone, or the view whose `alpha` alone, the newest step set
    /// (`Session.sliderKey`): a next such `set` of the same one joins that step (`Session.keepingHistory`).
    /// Nil after any other step, undo or redo.
    var lastKey: String?

    init() {}

    /// A history holding `undoStack` and `redoStack` (newest last), as a journal snapshot kept them.
    init(undoStack: [String], redoStack: [String]) {
        self.undoStack = undoStack
        self.redoStack = redoStack
        recount()
    }

    /// Records `before`, the document an edit changed, as the newest step to undo; clears the redo
    /// stack, as any editor does after a new edit.
    mutating func record(_ before: String, limit: Int, maxBytes: Int) {
        guard limit > 0 else { return }
        redoStack.removeAll()
        undoStack.append(before)
        recount()
        while undoStack.count > limit || (bytes > maxBytes && undoStack.count > 1) {
            undoStack.removeFirst()
            recount()
        }
    }

    /// Takes the newest step to undo and keeps `current` to redo; nil when there is nothing to undo.
    mutating func undo(from current: String) -> String? {
        guard let previous = undoStack.popLast() else { return nil }
        lastKey = nil
        redoStack.append(current)
        recount()
        return previous
    }

    /// Takes the newest step to redo and keeps `current` to undo; nil when there is nothing to redo.
    mutating func redo(from current: String) -> String? {
        guard let next = redoStack.popLast() else { return nil }
        lastKey = nil
        undoStack.append(current)
        recount()
        return next
    }

    /// Forgets every step (a new scene was loaded).
    mutating func clear() {
        undoStack.removeAll()
        redoStack.removeAll()
        bytes = 0
        lastKey = nil
    }

    private mutating func recount() {
        bytes = (undoStack + redoStack).reduce(0) { $0 + $1.utf8.count }
    }
}
