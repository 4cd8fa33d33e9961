import AutoLayout

/// Step one of building a scene: a document's JSON (`Fields`) read into typed specs, every field's
/// presence, type and spelling checked here (docs/PROTOCOL.md, "Scene documents"). The limits (views,
/// constraints, label length, coordinates) are checked when the specs are built, where the importer's
/// specs meet them too.
extension SceneReader {
    /// Reads a scene document.
    /// - Throws: `ProtocolError` naming the first bad field: `unknown-device`, `missing-field`,
    ///   `invalid-field`, `unknown-attribute`.
    static func sceneSpec(_ document: Fields) throws -> SceneSpec {
        var spec = SceneSpec(name: try document.string("name") ?? "untitled")
        spec.root = try rootSpec(try document.object("root") ?? Fields([:]))
        spec.title = try document.string("title") ?? spec.name
        spec.summary = try document.string("description") ?? ""
        spec.views = try (document.objects("views") ?? []).map(viewSpec)
        spec.guides = try (document.objects("guides") ?? []).map(guideSpec)
        let constraints = try document.objects("constraints") ?? []
        // Every `broken` first, as the document was always read: a wrong one is the first error.
        let broken = try constraints.map { try $0.bool("broken") ?? false }
        spec.constraints = try zip(constraints, broken).map { fields, isBroken in
            var constraint = try constraintSpec(fields)
            constraint.broken = isBroken
            return constraint
        }
        spec.actions = try actions(document)
        spec.keyboardHandlers = try keyboardHandlers(document)
        spec.steps = try SceneStep.steps(in: document)
        // Only a scene with steps is rebuilt from its document; kept without the message's read log,
        // which would otherwise live as long as the scene.
        spec.stepSource = spec.steps.isEmpty ? nil : Fields(document.raw)
        return spec
    }

    /// Reads `root`: a device preset and orientation give the size, safe area and scale that the
    /// document does not.
    /// - Throws: `unknown-device`, `invalid-field` (orientation, a wrong type or count).
    static func rootSpec(_ root: Fields) throws -> SceneRootSpec {
        var spec = SceneRootSpec()
        if let name = try root.string("device") {
            guard let preset = Device.named(name) else {
                throw ProtocolError("unknown-device", "no device named '\(name.prefix(64))'; see hello.devices")
            }
            spec.device = preset
        }
        let orientationName = try root.string("orientation") ?? "portrait"
        guard let orientation = Device.Orientation(rawValue: orientationName) else {
            throw ProtocolError.invalid("root.orientation", "\"portrait\" or \"landscape\"")
        }
        spec.orientation = orientation
        if let size = try root.numbers("size", count: 2) {
            spec.size = Size(width: size[0], height: size[1])
        } else if let device = spec.device {
            spec.size = device.size(in: orientation)
        }
        if let insets = try root.numbers("safeArea", count: 4) {
            spec.safeArea = EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
        } else if let device = spec.device {
            spec.safeArea = device.safeArea(in: orientation)
        }
        spec.layoutMargins = try root.numbers("layoutMargins", count: 4).map {
            EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3])
        }
        spec.insetsLayoutMarginsFromSafeArea = try root.bool("insetsLayoutMarginsFromSafeArea")
        spec.scale = try root.number("scale") ?? spec.device?.scale ?? 2
        spec.screen = try root.bool("screen")
        return spec
    }

    /// Reads one view (`id`, `parent`, `label`, `color`, `alpha`, `intrinsicSize`, `contentHugging`,
    /// `compressionResistance`, `translatesAutoresizingMaskIntoConstraints`, `clipsToBounds`, `frame`,
    /// `transform`, `layoutMargins`, `alignmentRectInsets`, `autoresizingMask`, `ibId`, `outlet`, `control`, the
    /// text fields of `TextFields`, `scroll`, `stack`, `hidden`).
    /// - Throws: `missing-field` (`id`), `invalid-field` for a wrong type, count or name.
    static func viewSpec(_ fields: Fields) throws -> ViewSpec {
        guard let id = try fields.string("id") else { throw ProtocolError.missing("id", in: "view") }
        var view = ViewSpec(id: id, parent: try fields.string("parent") ?? "root", label: try fields.string("label"))
        view.color = try fields.string("color")
        view.alpha = try fields.number("alpha")
        view.intrinsicSize = try fields.numbers("intrinsicSize", count: 2).map { Size(width: $0[0], height: $0[1]) }
        view.contentHugging = try fields.numbers("contentHugging", count: 2)
        view.compressionResistance = try fields.numbers("compressionResistance", count: 2)
        view.translatesAutoresizingMaskIntoConstraints = try fields.bool("translatesAutoresizingMaskIntoConstraints") ?? false
        // The page's drawing flag, kept in shared scenes: checked, no effect on layout (docs/PROTOCOL.md).
        _ = try fields.bool("clipsToBounds")
        view.frame = try fields.numbers("frame", count: 4).flatMap(Rect.init(components:))
        view.transform = try fields.numbers("transform", count: 6).flatMap(AffineTransform.init(components:))
        view.layoutMargins = try fields.numbers("layoutMargins", count: 4).map {
            EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3])
        }
        view.alignmentRectInsets = try fields.numbers("alignmentRectInsets", count: 4).map {
            EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3])
        }
        view.autoresizingMask = try autoresizingMask(fields)
        view.ibId = try fields.string("ibId")
        view.outlet = try fields.string("outlet")
        view.control = try ControlAppearance.read(fields)
        view.text = try TextFields.content(fields, over: nil)
        view.scroll = try ScrollFields.spec(fields, over: nil)
        view.hidden = try fields.bool("hidden")
        view.stack = try StackFields.configuration(fields, over: nil)
        return view
    }

    /// Reads one constraint: `first`, `relation`, `second`, `multiplier`, `constant`, `priority`,
    /// `active`, `id`, `ibId`, or an `equation` with only `id` and `active` beside it. `broken` is
    /// the document's (`sceneSpec(_:)`), not `add`'s.
    /// - Throws: `missing-field` (`first`, `equation`), `invalid-field`, `unknown-attribute`.
    static func constraintSpec(_ fields: Fields) throws -> ConstraintSpec {
        if fields.has("equation") { return try equationSpec(fields) }
        guard let firstName = try fields.string("first") else { throw ProtocolError.missing("first", in: "constraint") }
        let first = try anchorSpec(firstName, field: "first")
        let second = try fields.string("second").map { try anchorSpec($0, field: "second") }
        let relationText = try fields.string("relation") ?? "=="
        guard let relation = LayoutRelation(rawValue: relationText) else {
            throw ProtocolError.invalid("relation", "\"==\", \"<=\" or \">=\"")
        }
        let id = try fields.string("id")
        let ibId = try fields.string("ibId")
        var spec = ConstraintSpec.anchors(first, relation, second, multiplier: try fields.number("multiplier") ?? 1,
                                          constant: try fields.number("constant") ?? 0,
                                          priority: try fields.number("priority") ?? 1000, id: id, ibId: ibId)
        spec.isActive = try fields.bool("active") ?? true
        return spec
    }

    /// Reads a constraint written as an `equation`: no anchor field may come with it.
    /// - Throws: `missing-field`, `invalid-field` (an equation over 1000 characters, an anchor field).
    static func equationSpec(_ fields: Fields) throws -> ConstraintSpec {
        guard let equation = try fields.string("equation") else { throw ProtocolError.missing("equation", in: "constraint") }
        guard equation.count <= 1000 else { throw ProtocolError.invalid("equation", "at most 1000 characters") }
        for field in ["first", "relation", "second", "multiplier", "constant", "priority"] where fields.has(field) {
            throw ProtocolError.invalid(field, "absent when 'equation' is given")
        }
        var spec = ConstraintSpec(form: .equation(equation), id: try fields.string("id"))
        spec.isActive = try fields.bool("active") ?? true
        return spec
    }

    /// Reads a custom layout guide: `id` and `owner` (the root when absent).
    /// - Throws: `missing-field` (`id`), `invalid-field`.
    static func guideSpec(_ fields: Fields) throws -> GuideSpec {
        guard let id = try fields.string("id") else { throw ProtocolError.missing("id", in: "guide") }
        return GuideSpec(id: id, owner: try fields.string("owner") ?? "root")
    }

    /// Splits `"picker.top"` or `"root.safeArea.top"` at its last dot into an item name and an attribute,
    /// reading UIKit's spellings as well (`UIKitSpelling`: `view.safeAreaLayoutGuide.topAnchor`).
    /// - Throws: `invalid-field` for `field` without a dot (or over 200 characters),
    ///   `unknown-attribute` (with a suggestion) for a name that is not a layout attribute.
    static func anchorSpec(_ name: String, field: String) throws -> AnchorSpec {
        // Bytes first: an ASCII name (every name a scene can resolve) is cut at its last dot without
        // walking characters; any other name is read by characters, where a dot may carry a mark.
        let utf8 = name.utf8
        // The bytes in place (a native string's own buffer): walking the UTF-8 view byte by byte
        // cost more than the lookup the name is for.
        let scan = utf8.count > 200 ? nil : utf8.withContiguousStorageIfAvailable { bytes in
            (isASCII: bytes.allSatisfy { $0 < 0x80 }, lastDot: bytes.lastIndex(of: UInt8(ascii: ".")))
        }
        let isASCII = scan?.isASCII ?? false
        let lastDot = isASCII ? scan?.lastDot.map { utf8.index(utf8.startIndex, offsetBy: $0) } : name.lastIndex(of: ".")
        guard let dot = lastDot, isASCII || name.count <= 200 else {
            throw ProtocolError.invalid(field, "\"item.attribute\", like \"picker.top\" or \"root.safeArea.top\"")
        }
        let itemName = UIKitSpelling.itemName(String(name[..<dot]))
        let attributeStart = isASCII ? utf8.index(after: dot) : name.index(after: dot)
        let attributeName = String(name[attributeStart...])
        guard let attribute = UIKitSpelling.attribute(named: attributeName) else {
            throw ProtocolError("unknown-attribute", "'\(attributeName)' is not a layout attribute")
                .suggesting(for: attributeName, in: UIKitSpelling.attributeNames)
        }
        return AnchorSpec(item: itemName, attribute: attribute)
    }

    /// Reads `autoresizingMask`: an array of UIKit option names.
    /// - Throws: `invalid-field` listing the names, for anything else.
    static func autoresizingMask(_ spec: Fields) throws -> AutoresizingMask? {
        guard let raw = spec.any("autoresizingMask") else { return nil }
        let names = AutoresizingMask.named.map(\.0)
        guard let list = raw as? [Any], list.allSatisfy({ $0 is String }) else {
            throw ProtocolError.invalid("autoresizingMask", "an array of option names: \(names.joined(separator: ", "))")
        }
        var mask: AutoresizingMask = []
        for name in list.compactMap({ $0 as? String }) {
            guard let option = AutoresizingMask.named.first(where: { $0.0 == name })?.1 else {
                throw ProtocolError.invalid("autoresizingMask", "an array of option names: \(names.joined(separator: ", "))")
            }
            mask.insert(option)
        }
        return mask
    }

    private static func actions(_ document: Fields) throws -> [SceneAction] {
        try (document.objects("actions") ?? []).map { action in
            guard let name = try action.string("name") else { throw ProtocolError.missing("name", in: "action") }
            let ops = try action.objects("ops") ?? []
            return SceneAction(name: name, title: try action.string("title") ?? name, ops: ops.map { $0.entries() })
        }
    }

    private static func keyboardHandlers(_ document: Fields) throws -> [String: [[String: Any]]] {
        guard let handlers = try document.object("on") else { return [:] }
        var result: [String: [[String: Any]]] = [:]
        for name in ["keyboardWillShow", "keyboardWillHide", "keyboardWillChangeFrame"] {
            if let ops = try handlers.objects(name) { result[name] = ops.map { $0.entries() } }
        }
        return result
    }
}
