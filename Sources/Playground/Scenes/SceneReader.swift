import Foundation
import AutoLayout

/// Builds scenes and their parts from protocol JSON (docs/PROTOCOL.md, "Scene documents"), validating
/// every field. Shared by `load` and by `add`, so a view or constraint means the same in both.
enum SceneReader {
    /// Per-session caps, announced in `hello.limits`.
    typealias Limits = SessionLimits

    /// Builds a scene from a scene document.
    /// - Throws: `ProtocolError` naming the first bad field; nothing is built then.
    static func scene(from document: Fields, time: Double, limits: Limits) throws -> Scene {
        let name = try document.string("name") ?? "untitled"
        let root = try document.object("root") ?? Fields([:])
        var device: Device?
        if let name = try root.string("device") {
            guard let preset = Device.named(name) else {
                throw ProtocolError("unknown-device", "no device named '\(name.prefix(64))'; see hello.devices")
            }
            device = preset
        }
        let orientationName = try root.string("orientation") ?? "portrait"
        guard let orientation = Device.Orientation(rawValue: orientationName) else {
            throw ProtocolError.invalid("root.orientation", "\"portrait\" or \"landscape\"")
        }
        let deviceSize = device.map { [$0.size(in: orientation).width, $0.size(in: orientation).height] }
        let deviceInsets = device.map { $0.safeArea(in: orientation).components }
        let size = try root.numbers("size", count: 2) ?? deviceSize ?? [375, 667]
        guard size.allSatisfy({ $0 > 0 && $0 <= 10_000 }) else {
            throw ProtocolError.invalid("root.size", "two sizes in (0, 10000] points")
        }
        let insets = try root.numbers("safeArea", count: 4) ?? deviceInsets ?? [0, 0, 0, 0]
        guard insets.allSatisfy({ $0 >= 0 && $0 <= 10_000 }) else {
            throw ProtocolError.invalid("root.safeArea", "four insets ≥ 0 as [top, left, bottom, right]")
        }
        // The root's own margins (inside its safe area unless insetsLayoutMarginsFromSafeArea is false),
        // written by `scene` so that they survive a reload.
        let rootMargins = try root.numbers("layoutMargins", count: 4)
        let rootInsetsMargins = try root.bool("insetsLayoutMarginsFromSafeArea")
        let scale = try root.number("scale") ?? device?.scale ?? 2
        guard [1, 2, 3].contains(scale) else { throw ProtocolError.invalid("root.scale", "1, 2 or 3") }
        let engine = LayoutEngine(
            size: Size(width: size[0], height: size[1]),
            safeArea: EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]),
            scale: scale, time: time)
        let scene = Scene(name: name, title: try document.string("title") ?? name,
                          summary: try document.string("description") ?? "", engine: engine)
        if let rootMargins {
            do {
                try engine.setLayoutMargins(EdgeInsets(top: rootMargins[0], left: rootMargins[1],
                                                       bottom: rootMargins[2], right: rootMargins[3]), of: engine.root)
            } catch let error as LayoutError {
                throw ProtocolError(error)
            }
        }
        if let rootInsetsMargins { engine.setInsetsLayoutMarginsFromSafeArea(rootInsetsMargins, of: engine.root) }
        scene.device = device?.name
        scene.orientation = orientation
        let viewSpecs = try document.objects("views") ?? []
        for view in viewSpecs {
            try addView(view, to: scene, limits: limits, applyingStack: false)
        }
        for view in viewSpecs where view.has("stack") || view.has("hidden") {
            try StackFields.apply(view, to: try view.string("id") ?? "", in: scene)
        }
        for guide in try document.objects("guides") ?? [] {
            try addGuide(guide, to: scene)
        }
        // Constraints saved as broken go in last, so the same ones break again: a reloaded or shared
        // scene keeps its state (the newest change is what breaks).
        let constraints = try document.objects("constraints") ?? []
        let broken = try constraints.map { try $0.bool("broken") ?? false }
        // Nothing is removed while the document's constraints go in, so the search for a free `cN`
        // goes on from where the last one stopped.
        var unnamedFrom = 1
        for (constraint, isBroken) in zip(constraints, broken) where !isBroken {
            try addConstraint(constraint, to: scene, limits: limits, unnamedFrom: &unnamedFrom)
        }
        for (constraint, isBroken) in zip(constraints, broken) where isBroken {
            try addConstraint(constraint, to: scene, limits: limits, unnamedFrom: &unnamedFrom)
        }
        scene.actions = try actions(document)
        scene.keyboardHandlers = try keyboardHandlers(document)
        scene.steps = try SceneStep.steps(in: document)
        scene.stepSource = document
        engine.layoutIfNeeded()
        return scene
    }

    /// Adds one view described by `spec` (`id`, `parent`, `label`, `color`, `alpha`, `intrinsicSize`,
    /// `contentHugging`, `compressionResistance`, `translatesAutoresizingMaskIntoConstraints`, `frame`,
    /// `transform`, `hidden`, `stack`, and the text fields of `TextFields`). A scene document applies `stack` once all its views exist.
    static func addView(_ spec: Fields, to scene: Scene, limits: Limits, applyingStack: Bool = true) throws {
        let engine = scene.engine
        guard engine.viewCount < limits.maxViews else {
            throw ProtocolError("too-many-views", "a scene holds at most \(limits.maxViews) views")
        }
        guard let id = try spec.string("id") else { throw ProtocolError.missing("id", in: "view") }
        let parent = try spec.string("parent") ?? "root"
        let label = try spec.string("label") ?? id
        let color = try spec.string("color") ?? Scene.palette[engine.viewCount % Scene.palette.count]
        // Byte counts first: a character is at least one byte, so within the byte limit is within
        // the character limit without counting characters.
        guard label.utf8.count <= 200 || label.count <= 200, color.utf8.count <= 64 || color.count <= 64 else {
            throw ProtocolError.invalid("label", "at most 200 characters (color at most 64)")
        }
        let alpha = try spec.number("alpha")
        let intrinsic = try spec.numbers("intrinsicSize", count: 2)
        let hugging = try spec.numbers("contentHugging", count: 2)
        let resistance = try spec.numbers("compressionResistance", count: 2)
        let translates = try spec.bool("translatesAutoresizingMaskIntoConstraints") ?? false
        // The page's drawing flag, kept in shared scenes: checked, no effect on layout (docs/PROTOCOL.md).
        _ = try spec.bool("clipsToBounds")
        let frame = try SessionLimits.coordinates(spec.numbers("frame", count: 4), "frame")
        let transform = try SessionLimits.coordinates(spec.numbers("transform", count: 6), "transform")
        let margins = try spec.numbers("layoutMargins", count: 4)
        let alignmentInsets = try SessionLimits.coordinates(spec.numbers("alignmentRectInsets", count: 4),
                                                            "alignmentRectInsets")
        let mask = try autoresizingMask(spec)
        let ibId = try self.ibId(spec)
        let outlet = try spec.string("outlet")
        guard (outlet?.count ?? 0) <= 64 else { throw ProtocolError.invalid("outlet", "a string of at most 64 characters") }
        let view: View
        do {
            view = try engine.addView(id, parent: parent)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
        do {
            if let alpha { try engine.setAlpha(alpha, of: view) }
            // Priorities before the size: the content size constraints are then installed once.
            if let hugging { try engine.setContentHugging(hugging, of: view) }
            if let resistance { try engine.setCompressionResistance(resistance, of: view) }
            if let intrinsic {
                try engine.setIntrinsicContentSize(Size(width: intrinsic[0], height: intrinsic[1]), of: view)
            }
            if let frame, let rect = Rect(components: frame) {
                try engine.setBounds(Rect(origin: .zero, size: rect.size), of: view)
                try engine.setCenter(Point(x: rect.midX, y: rect.midY), of: view)
            }
            if let transform, let value = AffineTransform(components: transform) {
                try engine.setTransform(value, of: view)
            }
            if let mask { engine.setAutoresizingMask(mask, of: view) }
            engine.setTranslatesAutoresizingMaskIntoConstraints(translates, of: view)
            if let margins {
                try engine.setLayoutMargins(EdgeInsets(top: margins[0], left: margins[1], bottom: margins[2],
                                                       right: margins[3]), of: view)
            }
            if let alignmentInsets {
                try engine.setAlignmentRectInsets(EdgeInsets(top: alignmentInsets[0], left: alignmentInsets[1],
                                                             bottom: alignmentInsets[2], right: alignmentInsets[3]),
                                                  of: view)
            }
        } catch let error as LayoutError {
            try? engine.removeView(id)
            throw ProtocolError(error)
        }
        scene.appearance[id] = ViewAppearance(label: label, color: color, ibId: ibId, outlet: outlet)
        try TextFields.apply(spec, to: id, in: scene, removingOnFailure: true)
        try ScrollFields.apply(spec, to: id, in: scene, removingOnFailure: true)
        if applyingStack { try StackFields.apply(spec, to: id, in: scene, removingOnFailure: true) }
    }

    /// Takes view `id` out of the scene again, with its appearance: a view just added whose other
    /// fields (text, scroll, stack) were then refused.
    static func forgetView(_ id: String, in scene: Scene) {
        try? scene.engine.removeView(id)
        scene.appearance[id] = nil
    }

    /// Adds one constraint described by `spec` (`id`, `first`, `relation`, `second`, `multiplier`,
    /// `constant`, `priority`, `active`). Without an `id` one is made (`c1`, `c2`, …).
    @discardableResult
    static func addConstraint(_ spec: Fields, to scene: Scene, limits: Limits) throws -> LayoutConstraint {
        var unnamedFrom = 1
        return try addConstraint(spec, to: scene, limits: limits, unnamedFrom: &unnamedFrom)
    }

    /// `addConstraint(_:to:limits:)` for one of a run of constraints added with nothing removed
    /// between them (a scene document's): a made id is searched for from `c<unnamedFrom>` on
    /// (`uniqueID(in:from:)`), every id below it being taken.
    @discardableResult
    static func addConstraint(_ spec: Fields, to scene: Scene, limits: Limits,
                              unnamedFrom: inout Int) throws -> LayoutConstraint {
        if spec.has("equation") {
            return try addEquationConstraint(spec, to: scene, limits: limits, unnamedFrom: &unnamedFrom)
        }
        let engine = scene.engine
        guard engine.constraints.count < limits.maxConstraints else {
            throw ProtocolError("too-many-constraints", "a scene holds at most \(limits.maxConstraints) constraints")
        }
        guard let firstName = try spec.string("first") else { throw ProtocolError.missing("first", in: "constraint") }
        let (firstItem, firstAttribute) = try anchor(firstName, field: "first", in: engine)
        var second: (LayoutItem, LayoutAttribute)?
        if let secondName = try spec.string("second") {
            second = try anchor(secondName, field: "second", in: engine)
        }
        let relationText = try spec.string("relation") ?? "=="
        guard let relation = LayoutRelation(rawValue: relationText) else {
            throw ProtocolError.invalid("relation", "\"==\", \"<=\" or \">=\"")
        }
        let id = try spec.string("id") ?? uniqueID(in: engine, from: &unnamedFrom)
        let ibId = try self.ibId(spec)
        let constraint = LayoutConstraint(
            identifier: id, item: firstItem, attribute: firstAttribute, relatedBy: relation,
            toItem: second?.0, attribute: second?.1, multiplier: try spec.number("multiplier") ?? 1,
            constant: try spec.number("constant") ?? 0, priority: try spec.number("priority") ?? 1000,
            isActive: try spec.bool("active") ?? true)
        do {
            try engine.add(constraint)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
        scene.constraintIBIds[id] = ibId
        return constraint
    }

    /// Adds a custom layout guide: `{"id": "spacer", "owner": "root"}`, addressed as `"root.spacer"`.
    static func addGuide(_ spec: Fields, to scene: Scene) throws {
        guard let id = try spec.string("id") else { throw ProtocolError.missing("id", in: "guide") }
        let ownerID = try spec.string("owner") ?? "root"
        guard let owner = scene.engine.view(ownerID) else { throw ProtocolError(.unknownView(ownerID)) }
        do {
            try scene.engine.addLayoutGuide(id, to: owner)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
    }

    /// Removes a custom layout guide named `"owner.id"`.
    static func removeGuide(_ name: String, from scene: Scene) throws {
        let parts = name.split(separator: ".").map(String.init)
        guard parts.count == 2, let owner = scene.engine.view(parts[0]) else {
            throw ProtocolError(.unknownItem(name))
        }
        do {
            try scene.engine.removeLayoutGuide(parts[1], from: owner)
        } catch let error as LayoutError {
            throw ProtocolError(error)
        }
    }

    /// Reads `ibId`, the Interface Builder object id an imported view or constraint came from: at
    /// most 64 characters.
    static func ibId(_ spec: Fields) throws -> String? {
        guard let ibId = try spec.string("ibId") else { return nil }
        guard ibId.utf8.count <= 64 || ibId.count <= 64 else { throw ProtocolError.invalid("ibId", "a string of at most 64 characters") }
        return ibId
    }

    /// Reads `autoresizingMask`: an array of UIKit option names.
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

    /// Parses `"picker.top"` or `"root.safeArea.top"` into an item and an attribute.
    static func anchor(_ name: String, field: String, in engine: LayoutEngine) throws -> (LayoutItem, LayoutAttribute) {
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
        let itemName = String(name[..<dot])
        let attributeStart = isASCII ? utf8.index(after: dot) : name.index(after: dot)
        let attributeName = String(name[attributeStart...])
        guard let attribute = LayoutAttribute(rawValue: attributeName) else {
            throw ProtocolError("unknown-attribute", "'\(attributeName)' is not a layout attribute")
                .suggesting(for: attributeName, in: LayoutAttribute.allCases.map(\.rawValue))
        }
        guard let item = engine.item(named: itemName) else {
            throw ProtocolError(.unknownItem(itemName))
        }
        return (item, attribute)
    }

    /// The first free id of the form `c1`, `c2`, ….
    static func uniqueID(in engine: LayoutEngine) -> String {
        var start = 1
        return uniqueID(in: engine, from: &start)
    }

    /// The first free id of the form `c1`, `c2`, … when every id below `c<start>` is known to be
    /// taken; `start` is left at the id made, where the next search of the same run begins. Counting
    /// from `c1` for each of a document's n unnamed constraints cost n²/2 lookups (900 of them: 400 M
    /// instructions).
    static func uniqueID(in engine: LayoutEngine, from start: inout Int) -> String {
        while engine.constraint("c\(start)") != nil { start += 1 }
        return "c\(start)"
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
