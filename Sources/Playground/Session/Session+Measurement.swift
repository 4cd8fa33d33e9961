import AutoLayout

/// The parts of a session `playground-load --session-memory` measures, in the order it releases them:
/// the heap each release frees is what that part held.
package enum SessionPart: String, CaseIterable, Sendable {
    case documents = "scene document cache"
    case history = "undo and redo steps"
    case outbox = "outbox, frame stream and message buffer"
    case presentation = "presentation snapshot and animations"
    case solver = "solver tableau: rows, symbols, objective"
    case engine = "engine tables, views, guides, constraints"
    case scene = "scene spec: appearance, actions, steps"
}

extension Session {
    /// Releases `part` for a memory measurement. The session is unusable afterwards.
    package func releaseForMeasurement(_ part: SessionPart) {
        switch part {
        case .documents: documents = SceneDocuments()
        case .history: history.clear()
        case .outbox:
            outbox = Outbox()
            frameStream = FrameStream()
            textBuffer = nil
            animationRequests = [:]
            journalPending = []
            sessionsToWake = []
            turnChanges = nil
        case .presentation: scene.engine.releasePresentationForMeasurement()
        case .solver: scene.engine.releaseSolverForMeasurement()
        case .engine: scene.engine.releaseTablesForMeasurement()
        case .scene:
            scene.appearance = [:]
            scene.constraintIBIds = [:]
            scene.actions = []
            scene.keyboardHandlers = [:]
            scene.steps = []
            scene.stepSource = nil
        }
    }
}
