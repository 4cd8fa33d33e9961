import AutoLayout
import Foundation

/// `add` with a Visual Format Language string or a constraint equation (docs/PROTOCOL.md, "add: formats
/// and equations"):
///
///     {"type":"add","format":"H:|-[a]-[b(==a)]-|","metrics":{"gap":12},"options":"alignAllTop",
///      "views":{"a":"avatar"},"idPrefix":"row"}
///     {"type":"add","constraint":"picker.top == root.safeArea.top + 400 @750"}
///     {"type":"add","constraint":{"id":"pickerTop","equation":"picker.top == root.top + 400 @750"}}
///
/// Each answers `{"type":"added","constraints":[ids]}` (sent even without an `id`, like `scene`, so a
/// client learns generated ids). A format is all or nothing.
extension Session {
    /// True when `message` is an `add` of a `format`, of a `constraint` string, or of a `constraint`
    /// object with an `equation`.
    static func isFormatOrEquationAdd(_ message: Fields) -> Bool {
        if message.has("format") || message.any("constraint") is String { return true }
        return (message.any("constraint") as? [String: Any])?["equation"] != nil
    }

    /// Adds the constraints of a format or an equation and answers `added` with their ids.
    /// - Throws: `ProtocolError`: `vfl-syntax` / `equation-syntax` with `position`, `unknown-view`,
    ///   `unknown-metric`, `unknown-item`, `unknown-attribute`, `invalid-options` (with `position`),
    ///   `invalid-field`, `too-many-constraints`, and the engine's codes (`invalid-pairing`, …).
    func addFormatOrEquation(_ message: Fields) throws -> [String: Any] {
        let ids: [String]
        if let format = try message.string("format") {
            ids = try addFormat(format, message)
        } else if let equation = message.any("constraint") as? String {
            let constraint = try SceneReader.addEquationConstraint(Fields(["equation": equation]), to: scene,
                                                                    limits: limits)
            ids = [constraint.identifier]
        } else {
            let spec = try message.object("constraint") ?? Fields([:])
            ids = [try SceneReader.addConstraint(spec, to: scene, limits: limits).identifier]
        }
        for id in ids { added(constraint: id) }
        return ["type": "added", "constraints": ids]
    }

    private func addFormat(_ format: String, _ message: Fields) throws -> [String] {
        guard format.count <= 10_000 else { throw ProtocolError.invalid("format", "at most 10000 characters") }
        for field in ["view", "constraint", "guide"] where message.has(field) {
            throw ProtocolError.invalid(field, "absent when 'format' is given")
        }
        var metrics: [String: Double] = [:]
        if let object = try message.object("metrics") {
            for (name, value) in object.entries() {
                guard let number = Fields.number(value) else {
                    throw ProtocolError.invalid("metrics", "an object of finite numbers")
                }
                metrics[name] = number
            }
        }
        var views: [String: String]?
        if let object = try message.object("views") {
            views = try object.entries().mapValues {
                guard let name = $0 as? String else { throw ProtocolError.invalid("views", "an object of item names") }
                return name
            }
        }
        let options = try Self.formatOptions(message)
        let prefix = try message.string("idPrefix")
        let engine = scene.engine
        // Count first, so a format over the limit adds nothing.
        let count = try Self.reportingParseErrors { try VisualFormatParser.parse(format) }.constraintCount(options: options)
        guard engine.constraints.count + count <= limits.maxConstraints else {
            throw ProtocolError("too-many-constraints", "a scene holds at most \(limits.maxConstraints) constraints")
        }
        let added = try Self.reportingParseErrors {
            try layoutResult {
                try engine.addVisualFormat(format, metrics: metrics, views: views, options: options, idPrefix: prefix)
            }
        }
        return added.map(\.identifier)
    }

    /// `options`: one name or an array of names of `VisualFormatOptions.named`.
    static func formatOptions(_ message: Fields) throws -> VisualFormatOptions {
        let expectation = "an option name or an array of them: \(VisualFormatOptions.named.keys.sorted().joined(separator: ", "))"
        let names: [String]
        switch message.any("options") {
        case nil, is NSNull: names = []
        case let name as String: names = [name]
        case let array as [Any]:
            names = try array.map {
                guard let name = $0 as? String else { throw ProtocolError.invalid("options", expectation) }
                return name
            }
        default: throw ProtocolError.invalid("options", expectation)
        }
        guard let options = VisualFormatOptions(names: names) else {
            throw ProtocolError.invalid("options", expectation)
        }
        return options
    }

    /// Runs a parser, turning `ConstraintParseError` into a protocol error with its `position`.
    static func reportingParseErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ConstraintParseError {
            throw ProtocolError(error)
        }
    }

    private func layoutResult<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
    }
}

extension SceneReader {
    /// Adds a constraint given as `{"id":…,"equation":"a.top == b.top + 8 @750","active":…}` (the scene
    /// document's equation form). Without an `id` one is made (`c1`, `c2`, …).
    /// - Throws: `ProtocolError`: `invalid-field` when `first`, `relation`, `second`, `multiplier`,
    ///   `constant` or `priority` come with it; `equation-syntax`, `unknown-attribute` and `unknown-item`
    ///   with `position`; `too-many-constraints`; the engine's codes.
    @discardableResult
    static func addEquationConstraint(_ spec: Fields, to scene: Scene, limits: Limits) throws -> LayoutConstraint {
        try addConstraint(try equationSpec(spec), to: scene, limits: limits)
    }

    /// Builds a constraint of the equation form (`addConstraint(_:to:limits:unnamedFrom:)`, once the
    /// constraint limit is checked); a made id is searched for from `c<unnamedFrom>` on.
    static func addEquationConstraint(_ spec: ConstraintSpec, to scene: Scene,
                                      unnamedFrom: inout Int) throws -> LayoutConstraint {
        guard case let .equation(equation) = spec.form else {
            throw ProtocolError.missing("equation", in: "constraint")
        }
        let engine = scene.engine
        let id = spec.id ?? SceneReader.uniqueID(in: engine, from: &unnamedFrom)
        do {
            return try Session.reportingParseErrors {
                try engine.addEquation(equation, identifier: id, isActive: spec.isActive)
            }
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
    }
}
