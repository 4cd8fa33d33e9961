import AutoLayout
import Foundation

/// Dispatch of client messages (docs/PROTOCOL.md lists them all).
extension Session {
    /// Runs one message by its row in `MessageType.all`. Returns the answer for a top-level message
    /// (`scene`) or nil for `ok`.
    /// - Parameter nested: true inside `batch`, `animate`, `action` and keyboard handlers, where only
    ///   rows of `MessageType.Nesting.anywhere` are allowed.
    @discardableResult
    func handle(_ message: Fields, turn: Turn, nested: Bool, depth: Int = 0) throws -> [String: Any]? {
        guard depth <= limits.maxDepth else {
            throw ProtocolError("too-deep", "ops may nest at most \(limits.maxDepth) levels")
        }
        // The limit counts ops inside a message, not the message itself.
        if nested { try turn.count() }
        guard let type = try message.string("type") else { throw ProtocolError.missing("type", in: "message") }
        let row = MessageType.named[type]
        try turn.count(work: workCost(of: row, message), op: false)
        if nested, row?.nesting == .topLevel {
            throw ProtocolError("invalid-op", "'\(type)' cannot run inside ops")
        }
        let call = MessageType.Call(message: message, turn: turn, depth: depth)
        if let handled = try handleSharing(row, type, call, nested: nested) { return handled.answer }
        if !nested, row?.journaled ?? true { recordJournalTurn() }
        // A top-level edit applies whole or not at all (`Session+Transaction.swift`).
        let run: () throws -> [String: Any]? = { [self] in
            guard let row else { throw MessageType.unknown(type) }
            let rehearsed = try !nested && row.rehearsed.holds(for: message)
            // An `animate` is rehearsed exactly when it is not one change, which its handler asks
            // again before its block opens: it reads this answer instead.
            if !nested, type == "animate" { turn.isSingleChangeAnimate = !rehearsed }
            guard rehearsed else { return try row.handler(self, call) }
            return try allOrNothing(turn: turn) {
                try row.handler(self, MessageType.Call(message: message, turn: $0, depth: depth))
            }
        }
        if !nested, let row, let effect = row.history {
            return try keepingHistory(effect, row, message, run)
        }
        // Edits keep the model's generation in `keepingHistory`; any other message but a question may
        // change the model too (`SceneDocuments`).
        defer { if !nested, row?.changesModel ?? true { modelChangedOutsideHistory() } }
        return try run()
    }

    /// Runs `ops` in order in the current turn; the first failure stops them and names its index.
    func run(_ ops: [Fields], turn: Turn, depth: Int) throws {
        // Refuse an oversized list before any of it runs.
        try turn.reserve(ops.count)
        for (index, op) in ops.enumerated() {
            do {
                try handle(op, turn: turn, nested: true, depth: depth + 1)
            } catch let error as ProtocolError {
                var wrapped = ProtocolError(error.code, "ops[\(index)]: \(error.message)")
                wrapped.position = error.position
                throw wrapped
            }
        }
    }

    // MARK: Scenes

    func load(_ message: Fields) throws -> [String: Any] {
        let document: Fields
        if let name = try message.string("name") {
            guard let builtIn = library.document(named: name) else {
                throw ProtocolError("unknown-scene", "no built-in scene named '\(name.prefix(64))'")
            }
            document = builtIn
        } else if let inline = try message.object("scene") {
            document = inline
        } else {
            throw ProtocolError.missing("name' or 'scene", in: "load")
        }
        let loaded = try SceneReader.scene(from: document, time: scene.engine.time, limits: limits)
        try checkFieldsRead()
        replaceScene(with: loaded)
        return ["type": "scene", "scene": SceneWriter.document(of: loaded)]
    }

    /// Makes `loaded` the session's scene: every running animation block ends unfinished (its
    /// `animationEnd` goes out), and the next `frames` is complete.
    func replaceScene(with loaded: Scene) {
        var interrupted: [ObjectIdentifier: Turn] = [:]
        for turn in animationRequests.values { interrupted[ObjectIdentifier(turn)] = turn }
        for turn in interrupted.values.sorted(by: { $0.serial < $1.serial }) {
            _ = turn.animationEnded(finished: false)
            sendAnimationEnd(for: turn)
        }
        animationRequests.removeAll()
        scene = loaded
        documents.modelChanged()
        // The old scene's constraints and ids are not kept for orders that cannot be extended.
        constraintOrderText = ConstraintOrderText()
        viewOrderText = ViewOrderText()
        loaded.engine.keepsTimeline = clock.isStopped
        frameStream.sendsEverything = true
        if let sharing {
            sharing.ownerReplacedScene()
            sharing.forward(.message(["type": "scene", "scene": SceneWriter.document(of: loaded), "re": NSNull()], .event))
        }
    }

    func action(_ message: Fields, turn: Turn, depth: Int) throws {
        guard let name = try message.string("name") else { throw ProtocolError.missing("name", in: "action") }
        guard let action = scene.actions.first(where: { $0.name == name }) else {
            throw ProtocolError("unknown-action", "scene '\(scene.name)' has no action '\(name.prefix(64))'")
        }
        try run(action.ops.map(Fields.init), turn: turn, depth: depth)
    }

    // MARK: Editing

    func set(_ message: Fields) throws {
        if let id = try message.string("constraint") {
            try setConstraint(id, message)
        } else if let id = try message.string("view") {
            willChange(view: id)
            // Not rehearsed when it sets one field: a field nobody reads is refused before the one change.
            if try Self.isSingleChangeSet(message) { try checkFieldsRead(of: message) }
            try setView(id, message)
            try setStackFields(id, message)
            try setTextFields(id, message)
            try ScrollFields.apply(message, to: id, in: scene)
        } else {
            throw ProtocolError.missing("constraint' or 'view", in: "set")
        }
    }

    private func setConstraint(_ id: String, _ message: Fields) throws {
        let engine = scene.engine
        guard engine.constraint(id) != nil else { throw ProtocolError(.unknownConstraint(id)) }
        let constant = try message.number("constant")
        let priority = try message.number("priority")
        let active = try message.bool("active")
        guard constant != nil || priority != nil || active != nil else {
            throw ProtocolError.missing("constant', 'priority' or 'active", in: "set")
        }
        // Checked before the engine is touched, so a refused set changes nothing.
        try checkFieldsRead(of: message)
        willChange(constraint: id)
        try layoutCall {
            if let priority { try engine.setPriority(priority, of: id) }
            if let constant { try engine.setConstant(constant, of: id) }
            if let active { try engine.setActive(active, of: id) }
        }
    }

    private func setView(_ id: String, _ message: Fields) throws {
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        let bounds = try SessionLimits.coordinates(message.numbers("bounds", count: 4), "bounds")
        let center = try SessionLimits.coordinates(message.numbers("center", count: 2), "center")
        let transform = try SessionLimits.coordinates(message.numbers("transform", count: 6), "transform")
        let alpha = try message.number("alpha")
        let intrinsic = try message.numbers("intrinsicSize", count: 2)
        let hugging = try message.numbers("contentHugging", count: 2)
        let resistance = try message.numbers("compressionResistance", count: 2)
        let translates = try message.bool("translatesAutoresizingMaskIntoConstraints")
        let safeArea = try message.numbers("safeArea", count: 4)
        let margins = try message.numbers("layoutMargins", count: 4)
        let mask = try SceneReader.autoresizingMask(message)
        if safeArea != nil, view !== engine.root {
            throw ProtocolError.invalid("safeArea", "set on the root view only")
        }
        try layoutCall {
            if let bounds, let rect = Rect(components: bounds) { try engine.setBounds(rect, of: view) }
            if let center { try engine.setCenter(Point(x: center[0], y: center[1]), of: view) }
            if let transform, let value = AffineTransform(components: transform) {
                try engine.setTransform(value, of: view)
            }
            if let alpha { try engine.setAlpha(alpha, of: view) }
            if let intrinsic {
                try engine.setIntrinsicContentSize(Size(width: intrinsic[0], height: intrinsic[1]), of: view)
            }
            if let hugging { try engine.setContentHugging(hugging, of: view) }
            if let resistance { try engine.setCompressionResistance(resistance, of: view) }
            if let mask { engine.setAutoresizingMask(mask, of: view) }
            if let translates { engine.setTranslatesAutoresizingMaskIntoConstraints(translates, of: view) }
            if let margins {
                try engine.setLayoutMargins(EdgeInsets(top: margins[0], left: margins[1], bottom: margins[2],
                                                       right: margins[3]), of: view)
            }
            if let safeArea {
                try engine.setSafeArea(EdgeInsets(top: safeArea[0], left: safeArea[1], bottom: safeArea[2],
                                                  right: safeArea[3]))
            }
        }
    }

    func add(_ message: Fields) throws -> [String: Any]? {
        structureChanged = true
        if Self.isFormatOrEquationAdd(message) { return try addFormatOrEquation(message) }
        if let guide = try message.object("guide") {
            willChangeGuides()
            try SceneReader.addGuide(guide, to: scene)
        } else if let view = try message.object("view") {
            if let id = try view.string("id") { willChange(view: id) }
            try SceneReader.addView(view, to: scene, limits: limits)
        } else if let constraint = try message.object("constraint") {
            // One constraint is not rehearsed (building a scene by thousands of `add`s stays linear): a
            // field nobody read takes it out again before the error goes back.
            let added = try SceneReader.addConstraint(constraint, to: scene, limits: limits)
            self.added(constraint: added.identifier)
            do {
                try checkFieldsRead(of: message)
            } catch {
                try layoutCall { try scene.engine.removeConstraint(added.identifier) }
                throw error
            }
        } else if message.has("equation") {
            // The first guess of someone who read that `add` takes equations.
            var error = ProtocolError("unknown-field", "unknown field 'equation': an equation is added as 'constraint', "
                                      + "a string or an object with 'equation'")
            error.field = "equation"
            error.suggestion = "constraint"
            throw error
        } else {
            throw ProtocolError.missing("view', 'constraint', 'guide' or 'format", in: "add")
        }
        return nil
    }

    func remove(_ message: Fields) throws {
        structureChanged = true
        let engine = scene.engine
        if let id = try message.string("view") {
            try layoutCall { try engine.removeView(id) }
            scene.appearance[id] = nil
        } else if let id = try message.string("constraint") {
            willChange(constraint: id, removing: true)
            try layoutCall { try engine.removeConstraint(id) }
        } else if let name = try message.string("guide") {
            try SceneReader.removeGuide(name, from: scene)
        } else {
            throw ProtocolError.missing("view', 'constraint' or 'guide", in: "remove")
        }
    }

    func setNeedsLayout(_ message: Fields) throws {
        let id = try message.string("view") ?? "root"
        guard scene.engine.view(id) != nil else { throw ProtocolError(.unknownView(id)) }
        scene.engine.setNeedsLayout()
    }

    func layoutIfNeeded(_ message: Fields) throws {
        scene.engine.layoutIfNeeded(try layoutTarget(message))
    }

    /// The view a `layoutIfNeeded` op lays out: its `view`, the root without one.
    /// - Throws: `unknown-view`.
    func layoutTarget(_ message: Fields) throws -> View {
        let id = try message.string("view") ?? "root"
        guard let view = scene.engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        return view
    }

    /// Runs engine calls, turning `LayoutError` into protocol errors.
    func layoutCall(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
    }
}
