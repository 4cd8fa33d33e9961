import AutoLayout
import Foundation

/// All or nothing: a message that edits the scene is refused whole or applied whole.
///
/// A multi-part edit (`batch`, `animate`, `action`, `keyboard`, `device`, `add`, `remove`, a `set` of
/// several fields) could apply its first parts before a later one fails, and every edit is checked for
/// unknown fields only after it ran. Two ways keep such a message whole:
///
/// - An edit whose undo step records what it changes (`MessageType.recordedByChange`: sets, adds, removing
///   a constraint, and the batches and animates of those), begun while nothing animates, runs on the
///   live scene. Should it fail, or
///   leave a field unread, the entries it changed are put back (`rollBack`): the scene is rebuilt from
///   the current document with the recorder's entries in it, as `undo` rebuilds one. So it costs what it
///   changed, and a rebuild only when it is refused.
/// - Any other (`action`, `keyboard`, `device`, removing a view or guide, a `set` of stack, scroll or
///   text fields, and any edit begun while an animation runs, which a rebuilt scene would end) first runs as a rehearsal on a scratch copy of the scene, rebuilt from its document:
///   the rehearsal reads every field the real run will read, so an unknown field, a bad value or a
///   failing op is found there and the live scene, its solver and the frames stream are not touched.
///   Only a message the rehearsal ran to the end runs on the live scene. (The keyboard is not in a
///   document, so what moves it cannot be put back from one.)
///
/// The single-step edits a pointer sends dozens of times a second (`set` of one of a constraint's
/// `constant`, `priority` or `active`, as the page's sliders send them; `drag`) need neither: they
/// check their fields before their one engine call, which changes nothing when it throws. An `add` of
/// one constraint neither: refused after it was added, it is removed again.
///
/// Cost: rebuilding a scene (the rehearsal's scratch copy, or a rollback) is charged from its size,
/// `SessionLimits.rehearsalCost`, to the per-second work bucket but not to the message's own limit,
/// so every edit that fitted one message still does.
///
/// What the document does not hold (running animations, a drag in progress, positions left by
/// `exerciseAmbiguity`) is not in the scratch copy or a rolled-back scene. Should the live run of a
/// rehearsed message still fail, the scene is rebuilt from the document taken before it.
extension Session {
    /// True for an `animate` whose ops are one single-change `set` (`isSingleChangeSet`) followed by
    /// nothing but `layoutIfNeeded`s: UIKit's animated edit (change a constant inside the block, then lay
    /// out), which the page sends for every animated slider step. It is not rehearsed: the block's own
    /// fields, the ops' room in the message's limits and the views the `layoutIfNeeded`s name are all
    /// checked before the block opens (`Session.checkBeforeChanging(_:ops:turn:)`), and the set checks its
    /// fields before its one engine call, so a refused one changes nothing. Rehearsing it cost a rebuild
    /// of the scene per animation: on a 750-item scene about two animated edits a second fitted the work budget.
    static func isSingleChangeAnimate(_ message: Fields) throws -> Bool {
        guard let ops = try message.objects("ops"), let first = ops.first,
              try first.string("type") == "set", try isSingleChangeSet(first) else { return false }
        for op in ops.dropFirst() where try op.string("type") != "layoutIfNeeded" { return false }
        return true
    }

    /// True for a `set` of one engine call that changes nothing when it throws: a constraint's
    /// `constant`, `priority` or `active` alone, or one of `singleCallViewFields` of a view alone.
    static func isSingleChangeSet(_ message: Fields) throws -> Bool {
        if try message.string("constraint") != nil {
            return ["constant", "priority", "active"].filter(message.has).count == 1
        }
        guard try message.string("view") != nil else { return false }
        return singleCallViewFields.filter(message.has).count == 1
            && !otherViewFields.contains(where: message.has)
    }

    /// The fields of a view `set` whose engine call checks its value before it changes anything, and
    /// changes nothing when it throws (`LayoutEngine.setAlpha`, `setCenter`, `setTransform`,
    /// `setIntrinsicContentSize`, `setContentHugging`, `setCompressionResistance`, `setLayoutMargins`,
    /// `setSafeArea`), or cannot throw (`setHidden`, `setAutoresizingMask`,
    /// `setTranslatesAutoresizingMaskIntoConstraints`). `bounds` is not one: the root's bounds move
    /// its bounds origin before `setRootSize` runs, which can throw.
    static let singleCallViewFields = [
        "alpha", "center", "transform", "intrinsicSize", "contentHugging", "compressionResistance",
        "layoutMargins", "safeArea", "hidden", "autoresizingMask", "translatesAutoresizingMaskIntoConstraints",
    ]

    /// The other fields a view `set` reads: with any of them the message is rehearsed.
    static let otherViewFields = ["bounds", "stack", "scroll"] + TextFields.names

    /// Runs `body` (the message's dispatch) all or nothing: first against a scratch copy of the scene
    /// (`rehearse`), then, if that ran to the end and every field was read, against the live scene.
    /// - Throws: the rehearsal's error (the live scene untouched), `unknown-field` for a field the
    ///   rehearsal did not read, or the live run's error after the scene was rebuilt as it was.
    /// - Parameter body: runs the message in the turn it is given (the rehearsal gets a copy of `turn`,
    ///   so the ops and work it counts are not counted twice).
    func allOrNothing(turn: Turn, _ body: (Turn) throws -> [String: Any]?) throws -> [String: Any]? {
        if let recorder = changeRecorder, recorder.scene === scene, !recorder.wasAnimating {
            do {
                let answer = try body(turn)
                try checkFieldsRead()
                return answer
            } catch {
                if try rollBack(recorder, turn: turn) { turn.rehearsalWork += SessionLimits.rehearsalCost(items: scene.itemCount) }
                throw error
            }
        }
        let document = sceneDocument()
        turn.rehearsalWork += SessionLimits.rehearsalCost(items: scene.itemCount)
        guard let scratch = try? SceneReader.scene(from: Fields(document), time: scene.engine.time, limits: limits) else {
            // A scene whose document does not read back (which `undo` would refuse too) cannot be
            // rehearsed: the message runs as it did before edits were rehearsed.
            return try body(turn)
        }
        // The rehearsal runs the message's ops once more: what they were charged there is charged too.
        let rehearsal = turn.rehearsal()
        do {
            defer { turn.rehearsalWork += rehearsal.work - turn.work }
            try rehearse(on: scratch) { try body(rehearsal) }
        }
        try checkFieldsRead()
        do {
            return try body(turn)
        } catch {
            // State the document does not hold made the live run fail: put the scene back as it was.
            let restored = try SceneReader.scene(from: Fields(document), time: scene.engine.time, limits: limits)
            replaceScene(with: restored)
            throw error
        }
    }

    /// Puts back what the edit `recorder` followed changed (its `SceneChange`, applied to the current
    /// document), for an edit refused part way; returns whether anything had changed. The scene (which
    /// was not animating when the edit began) is swapped for the rebuilt one quietly: the client saw its
    /// frames as they are again, so no `frames` or `conflict` goes out, and the animations the edit started end
    /// without an `animationEnd` (the request is answered with its error).
    /// - Throws: `SceneReader`'s errors when the document does not read back (as `undo` would refuse it).
    private func rollBack(_ recorder: ChangeRecorder, turn: Turn) throws -> Bool {
        scene.engine.layoutIfNeeded()
        guard let change = recorder.finish() else { return false }
        let restored = try SceneReader.scene(from: Fields(change.applied(to: sceneDocument())),
                                             time: scene.engine.time, limits: limits)
        // The constraints the rebuild breaks were broken, and reported, before the edit began.
        _ = restored.engine.takeConflicts()
        restored.stepSource = scene.stepSource
        restored.stepIndex = scene.stepIndex
        for (group, started) in animationRequests where started === turn { animationRequests[group] = nil }
        restored.engine.keepsTimeline = scene.engine.keepsTimeline
        scene = restored
        documents.modelChanged()
        frameStream.markSent(restored.engine)
        return true
    }

    /// Runs `body` with `scene` swapped for `scratch` (a copy built from the scene's document), and puts
    /// back everything a handler may change on the session (the scene, the outbox, the frames stream,
    /// the animation blocks being tracked) whether it succeeds or throws.
    private func rehearse(on scratch: Scene, _ body: () throws -> [String: Any]?) throws {
        let live = scene
        let outboxBefore = outbox
        let framesBefore = frameStream
        let requestsBefore = animationRequests
        scratch.engine.keepsTimeline = live.engine.keepsTimeline
        scene = scratch
        defer {
            scene = live
            outbox = outboxBefore
            frameStream = framesBefore
            animationRequests = requestsBefore
        }
        _ = try body()
    }
}
