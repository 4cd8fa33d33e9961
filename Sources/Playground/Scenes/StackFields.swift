import AutoLayout

/// The `stack` and `hidden` fields of a view, shared by scene documents, `add` and `set`:
/// `"stack": {"axis": "vertical", "distribution": "fill", "alignment": "fill", "spacing": 8,
/// "isLayoutMarginsRelativeArrangement": false, "arranged": ["a", "b"]}` and `"hidden": true`.
enum StackFields {
    /// Reads the `stack` object of `spec` over `current` (absent fields keep their current values, or
    /// UIKit's defaults for a new stack); nil when `spec` has no `stack`.
    /// - Throws: `invalid-field` for a wrong type, an unknown axis, distribution or alignment.
    static func configuration(_ spec: Fields, over current: StackView?) throws -> StackView? {
        guard let fields = try spec.object("stack") else { return nil }
        var stack = current ?? StackView()
        if let axis = try fields.string("axis") {
            stack.axis = try value(axis, field: "stack.axis")
        }
        if let distribution = try fields.string("distribution") {
            stack.distribution = try value(distribution, field: "stack.distribution")
        }
        if let alignment = try fields.string("alignment") {
            stack.alignment = try value(alignment, field: "stack.alignment")
        }
        if let spacing = try fields.number("spacing") { stack.spacing = spacing }
        if let relative = try fields.bool("isLayoutMarginsRelativeArrangement") {
            stack.isLayoutMarginsRelativeArrangement = relative
        }
        if fields.has("arranged") {
            guard let ids = fields.raw["arranged"] as? [Any], ids.count <= 500 else {
                throw ProtocolError.invalid("stack.arranged", "an array of view ids")
            }
            stack.arrangedSubviews = try ids.map {
                guard let id = $0 as? String else { throw ProtocolError.invalid("stack.arranged", "an array of view ids") }
                return id
            }
        }
        return stack
    }

    /// Applies `hidden` and `stack` from a `set` message to the view `id`.
    static func apply(_ spec: Fields, to id: String, in scene: Scene) throws {
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        let hidden = try spec.bool("hidden")
        let stack = try configuration(spec, over: engine.stack(of: view))
        try apply(stack: stack, hidden: hidden, to: id, in: scene)
    }

    /// Makes view `id` a stack view with `stack` (nil: no change) and sets its `hidden` (nil: no change).
    /// - Parameter removingOnFailure: true for a view just added: a refused stack removes it again.
    /// - Throws: `unknown-view`, and the engine's codes for the stack.
    static func apply(stack: StackView?, hidden: Bool?, to id: String, in scene: Scene,
                      removingOnFailure: Bool = false) throws {
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        do {
            if let stack { try engine.setStack(stack, of: view) }
        } catch let error as LayoutError {
            if removingOnFailure { SceneReader.forgetView(id, in: scene) }
            throw ProtocolError(error)
        }
        if let hidden { engine.setHidden(hidden, of: view) }
    }

    /// The `stack` object of a stack view for scene documents; nil for an ordinary view.
    static func document(of view: View, in engine: LayoutEngine) -> [String: Any]? {
        guard let stack = engine.stack(of: view) else { return nil }
        return [
            "axis": stack.axis.rawValue,
            "distribution": stack.distribution.rawValue,
            "alignment": stack.alignment.rawValue,
            "spacing": stack.spacing,
            "isLayoutMarginsRelativeArrangement": stack.isLayoutMarginsRelativeArrangement,
            "arranged": stack.arrangedSubviews,
        ]
    }

    /// The case of `T` named `text`.
    /// - Throws: `invalid-field` for `field`, listing the names.
    static func value<T: RawRepresentable & CaseIterable>(_ text: String, field: String) throws -> T
        where T.RawValue == String
    {
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ProtocolError.invalid(field, "one of \(names)")
        }
        return value
    }
}
