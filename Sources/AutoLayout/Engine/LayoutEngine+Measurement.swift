/// What `playground-load --session-memory` releases, one part at a time, to measure what each part of an
/// engine holds (the heap freed by each call). Each leaves the engine unusable: for measuring only.
extension LayoutEngine {
    /// Drops the presentation snapshot and the animator's running and ended animations.
    package func releasePresentationForMeasurement() {
        presentationSnapshot = PresentationSnapshot()
        animator = Animator()
    }

    /// Drops the solver's tableau: rows, symbols, objective, edit variables (`Solver.reset()`).
    package func releaseSolverForMeasurement() {
        solver.reset()
    }

    /// Drops the engine's tables and with them its views, guides and constraints (with the solver
    /// constraints each keeps).
    package func releaseTablesForMeasurement() {
        viewsByID = [:]
        constraintsByID = [:]
        orderedConstraints = []
        owners = ConstraintOwners()
        engineConstraints = EngineConstraintTable()
        exerciseStays = [:]
        conflicts = []
        root.subviews = []
        viewTreeChanged(appending: nil)
        root.layoutGuides = [:]
        keyboard.layoutGuides = [:]
    }
}
