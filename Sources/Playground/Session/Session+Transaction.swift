import AutoLayout
import Foundation

/// All or nothing: a message that edits the scene is refused whole or applied whole.
///
/// A multi-part edit (`batch`, `animate`, `action`, `keyboard`, `device`, `add`, a `set` of several
/// fields) used to apply its first parts before a later one failed, and every edit was checked for
/// unknown fields only after it ran. Now such a message first runs as a rehearsal on a scratch copy of
/// the scene, rebuilt from its document as `undo` rebuilds one (`Session+Undo.swift`): the rehearsal
/// reads every field the real run will read, so an unknown field, a bad value or a failing op is found
/// there and the live scene, its solver and the frames stream are not touched. Only a message the
/// rehearsal ran to the end runs on the live scene.
///
/// The single-step edits a pointer sends dozens of times a second (`set` of one of a constraint's
/// `constant`, `priority` or `active`, as the page's sliders send them; `drag`) skip the rehearsal: they
/// check their fields before their one engine call, which changes nothing when it throws. An `add` of
/// one constraint is not rehearsed either (a scene is built by thousands of them): refused after it
/// was added, it is removed again.
///
/// Cost: rebuilding the scratch scene costs what `undo` costs (`SessionLimits.workCost`, 2n² + 1 units
/// for n views and constraints; measured about 34 million instructions for 100 views and 400
/// constraints, 3.7 million for 10 and 40), charged to the per-second work bucket but not to the
/// message's own limit, so every edit that fitted one message still does.
///
/// What the document does not hold (running animations, a drag in progress, positions left by
/// `exerciseAmbiguity`) is not in the scratch copy. Should the live run still fail after the rehearsal
/// passed, the scene is rebuilt from the document taken before it, as `undo` would restore it.
extension Session {
    /// Whether a top-level message of `type` is rehearsed before it runs (see the type's comment).
    static func isRehearsed(_ type: String, _ message: Fields) throws -> Bool {
        switch type {
        case "set": try !isSingleChangeSet(message)
        // An `add` of one constraint takes it out again when refused (`Session+Messages.swift`).
        case "add": !(message.has("constraint") && !isFormatOrEquationAdd(message))
        case "animate": try !isSingleChangeAnimate(message)
        case "remove", "batch", "action", "keyboard", "device": true
        default: false
        }
    }

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
        let document = sceneDocument()
        let items = scene.engine.viewCount + scene.engine.constraints.count
        turn.rehearsalWork += SessionLimits.rehearsalCost(items: items)
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
