import AutoLayout
import Foundation

/// Recovery from a solver fault: a broken invariant the solver found in its own tableau and reported
/// instead of trapping (`Solver.faultDescription`). The session's model (views, constraints, their current
/// values) is intact; only the solver's state is lost. So the session answers the turn with `internal`,
/// rebuilds its scene from its own document as `scene` would write it, and carries on. Other sessions never
/// notice: each owns its solver.
extension Session {
    /// If the scene's solver recorded a fault during this turn or tick: reports it to `faultLog`, replaces
    /// the scene with one rebuilt from its document (running animations end unfinished; the next `frames`
    /// is complete), and returns the `internal` error that answers the turn. Nil when there is no fault.
    /// A document that cannot be rebuilt (it faults again) leaves the empty scene, so the session keeps
    /// answering whatever happens.
    func recoverFromSolverFault() -> [String: Any]? {
        guard let fault = scene.engine.solverFault else { return nil }
        faultLog?("session \(id): solver fault (\(fault)); scene '\(scene.name)' rebuilt from its document")
        let rebuilt = rebuiltScene()
        replaceScene(with: rebuilt ?? Scene.empty())
        scene.engine.layoutIfNeeded()
        outbox.appendFrames()
        let outcome = rebuilt == nil ? "could not be rebuilt and was emptied" : "was rebuilt from its document"
        return ["type": "error", "code": "internal",
                "message": "the layout engine found itself inconsistent; the scene \(outcome): check the last change"]
    }

    /// The current scene read back from its own normalised document (through JSON, as a client would send
    /// it), laid out; nil if reading fails or the new solver faults too.
    private func rebuiltScene() -> Scene? {
        let text = Self.encode(SceneWriter.document(of: scene))
        guard let document = try? Fields.decode(text),
              let rebuilt = try? SceneReader.scene(from: document, time: scene.engine.time, limits: limits)
        else { return nil }
        rebuilt.engine.layoutIfNeeded()
        return rebuilt.engine.solverFault == nil ? rebuilt : nil
    }
}
