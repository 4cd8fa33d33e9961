import AutoLayout
import Foundation

/// `{"type":"step","index":N}`: the presenter walks a scene's demo script (`Scene.steps`,
/// docs/PROTOCOL.md "step").
///
/// Forward (N after the current step) runs the ops of the steps in between as one ordinary turn, so
/// their animations play. Anything else (back, the same step again, or a first step) rebuilds the
/// scene from the document it was loaded from and runs the ops of steps 0…N with every animation
/// instant, so the presenter lands on step N as it ends. A rebuild replays ops rather than restoring a
/// saved document because a document does not hold the keyboard, and the keyboard scenes' steps move it.
extension Session {
    /// Runs step `index` of the scene's script and answers `step` (index, title, count); followers get
    /// the same message as an event.
    /// - Throws: `missing-field` without `index`; `unknown-step` when the scene has no step `index`
    ///   (a whole number from 0 to steps − 1); a failing op's error, naming the step and the op.
    func step(_ message: Fields, turn: Turn, depth: Int) throws -> [String: Any] {
        guard let requested = try message.number("index") else { throw ProtocolError.missing("index", in: "step") }
        let steps = scene.steps
        guard requested.rounded() == requested, requested >= 0, requested < Double(steps.count) else {
            throw ProtocolError("unknown-step", "scene '\(scene.name)' has \(steps.count) steps, numbered from 0; "
                                + "there is no step \(NumberText.format(requested))")
        }
        let index = Int(requested)
        if let current = scene.stepIndex, index > current {
            try runSteps(current + 1...index, turn: turn, depth: depth)
        } else {
            try rebuildForStep(index, turn: turn, depth: depth)
        }
        scene.stepIndex = index
        var announcement = stepAnnouncement() ?? [:]
        announcement["re"] = NSNull()
        sharing?.forward(.message(announcement, .event))
        announcement["re"] = nil
        return announcement
    }

    /// `{"type":"step","index":…,"title":…,"count":…}` for the scene's current step; nil before the first.
    func stepAnnouncement() -> [String: Any]? {
        guard let index = scene.stepIndex, scene.steps.indices.contains(index) else { return nil }
        return ["type": "step", "index": index, "title": scene.steps[index].title, "count": scene.steps.count]
    }

    /// The scene as loaded, then steps 0…`index` with animations instant.
    private func rebuildForStep(_ index: Int, turn: Turn, depth: Int) throws {
        guard let source = scene.stepSource else {
            throw ProtocolError("unknown-step", "scene '\(scene.name)' cannot be rebuilt for its steps")
        }
        let rebuilt = try SceneReader.scene(from: source, time: scene.engine.time, limits: limits)
        replaceScene(with: rebuilt)
        animatesInstantly = true
        defer { animatesInstantly = false }
        try runSteps(0...index, turn: turn, depth: depth)
    }

    private func runSteps(_ range: ClosedRange<Int>, turn: Turn, depth: Int) throws {
        for index in range {
            do {
                try run(scene.steps[index].ops.map(Fields.init), turn: turn, depth: depth)
            } catch let error as ProtocolError {
                var wrapped = ProtocolError(error.code, "steps[\(index)]: \(error.message)")
                wrapped.position = error.position
                throw wrapped
            }
        }
    }
}
