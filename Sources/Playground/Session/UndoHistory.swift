import Foundation
import Synchronization

/// One step of the undo history: what to set back to take an edit back (or, on the redo stack, to
/// make it again).
enum UndoStep: Sendable, Equatable {
    /// The entries of the scene document the edit changed, as they were (`SceneChange`): an edit whose
    /// handlers name what they change (`Session.isRecordedByChange`).
    case change(SceneChange)
    /// The whole scene document (its JSON text) as it was: any other edit.
    case document(String)

    /// UTF-8 bytes of text held, what the budgets count.
    var bytes: Int {
        switch self {
        case .change(let change): change.bytes
        case .document(let text): text.utf8.count
        }
    }

    /// The form a journal snapshot keeps: a document's text, or a change's `journalForm`.
    var journalForm: Any {
        switch self {
        case .change(let change): change.journalForm
        case .document(let text): text
        }
    }

    /// The step `journalForm` wrote; nil for anything else.
    init?(journalForm value: Any) {
        if let text = value as? String {
            self = .document(text)
        } else if let object = value as? [String: Any], let change = SceneChange(journalForm: object) {
            self = .change(change)
        } else {
            return nil
        }
    }
}

/// The bytes every session's undo history holds in this process, against one budget
/// (`SessionLimits.maxUndoBytesPerProcess`): what 1,000 sessions' histories may take together.
final class UndoBudget: Sendable {
    /// The process's budget, shared by every session.
    static let process = UndoBudget()

    private let held = Mutex(0)

    /// Bytes held now by every history.
    var bytes: Int { held.withLock { $0 } }

    /// Counts `delta` bytes more (less when negative) and returns the total.
    @discardableResult
    func add(_ delta: Int) -> Int { held.withLock { $0 += delta; return $0 } }
}

/// A session's undo and redo stacks (`UndoStep`), newest last.
///
/// Bounded three times: at most `limit` steps to undo (`hello.limits.maxUndoSteps`; the oldest goes
/// first), at most `maxBytes` over both stacks (`hello.limits.maxUndoBytes`), and, with a process
/// budget, at most that many bytes over every session's stacks (`hello.limits.maxUndoBytesPerProcess`):
/// a session recording past it forgets its own oldest steps, and keeps no step at all rather than go
/// over it.
struct UndoHistory {
    private(set) var undoStack: [UndoStep] = []
    private(set) var redoStack: [UndoStep] = []
    /// Bytes held by both stacks (`UndoStep.bytes`), counted in `budget` too.
    private(set) var bytes = 0
    private let budget: UndoBudget
    /// The constraint whose `constant` alone, or the view whose `alpha` alone, the newest step set
    /// (`Session.sliderKey`): a next such `set` of the same one joins that step (`Session.keepingHistory`).
    /// Nil after any other step, undo or redo.
    var lastKey: String?

    init(budget: UndoBudget = .process) {
        self.budget = budget
    }

    /// Records `step`, taking back an edit just made, as the newest step to undo; clears the redo
    /// stack, as any editor does after a new edit.
    mutating func record(_ step: UndoStep, limits: SessionLimits) {
        guard limits.maxUndoSteps > 0 else { return }
        count(-redoStack.reduce(0) { $0 + $1.bytes })
        redoStack = []
        undoStack.append(step)
        count(step.bytes)
        trim(limits)
    }

    /// Adds to the newest step what a next position of a slider drag changed that the step does not
    /// name yet (`SceneChange.merge`).
    mutating func extendNewest(with change: SceneChange, limits: SessionLimits) {
        guard case .change(var newest)? = undoStack.last else { return }
        let before = newest.bytes
        newest.merge(change)
        undoStack[undoStack.count - 1] = .change(newest)
        count(newest.bytes - before)
        trim(limits)
    }

    /// Takes the newest step to undo, nil when there is none.
    mutating func popUndo() -> UndoStep? {
        guard let step = undoStack.popLast() else { return nil }
        lastKey = nil
        count(-step.bytes)
        return step
    }

    /// Takes the newest step to redo, nil when there is none.
    mutating func popRedo() -> UndoStep? {
        guard let step = redoStack.popLast() else { return nil }
        lastKey = nil
        count(-step.bytes)
        return step
    }

    /// Keeps `step` (the way back from an undo) as the newest step to redo.
    mutating func pushRedo(_ step: UndoStep, limits: SessionLimits) {
        redoStack.append(step)
        count(step.bytes)
        trim(limits)
    }

    /// Keeps `step` (the way back from a redo) as the newest step to undo, the redo stack left as it is.
    mutating func pushUndo(_ step: UndoStep, limits: SessionLimits) {
        undoStack.append(step)
        count(step.bytes)
        trim(limits)
    }

    /// Forgets every step (a new scene was loaded, or the session ended).
    mutating func clear() {
        setStacks(undo: [], redo: [])
        lastKey = nil
    }

    /// Puts `undo` and `redo` (newest last) in place of the stacks, as a journal snapshot kept them.
    mutating func restore(undo: [UndoStep], redo: [UndoStep], limits: SessionLimits) {
        setStacks(undo: undo, redo: redo)
        trim(limits)
    }

    private mutating func setStacks(undo: [UndoStep], redo: [UndoStep]) {
        func size(_ steps: [UndoStep]) -> Int { steps.reduce(0) { $0 + $1.bytes } }
        count(size(undo) + size(redo) - size(undoStack) - size(redoStack))
        undoStack = undo
        redoStack = redo
    }

    private mutating func count(_ delta: Int) {
        bytes += delta
        budget.add(delta)
    }

    /// Forgets the oldest steps, undo first, until every bound holds.
    private mutating func trim(_ limits: SessionLimits) {
        func over() -> Bool {
            undoStack.count > limits.maxUndoSteps || bytes > limits.maxUndoBytes
                || limits.maxUndoBytesPerProcess.map { budget.bytes > $0 } == true
        }
        while over(), !(undoStack.isEmpty && redoStack.isEmpty) {
            let step = !undoStack.isEmpty ? undoStack.removeFirst() : redoStack.removeFirst()
            count(-step.bytes)
        }
    }
}
