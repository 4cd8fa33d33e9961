import AutoLayout

/// The scroll view fields of a view, shared by scene documents, `add` and `set` (docs/PROTOCOL.md,
/// "Scroll views"): `"kind": "scroll"` or `"scroll": {"contentInset": [t, l, b, r],
/// "contentInsetAdjustmentBehavior": "automatic", "contentOffset": [x, y], "scrollIndicatorInsets": [t, l, b, r]}`.
enum ScrollFields {
    /// Whether `spec` has scroll view fields.
    static func present(in spec: Fields) -> Bool {
        spec.has("scroll") || (try? spec.string("kind")) == "scroll"
    }

    /// Reads the scroll fields of `spec` over `current` (absent fields keep their values; a new scroll
    /// view starts from UIKit's defaults); nil without scroll fields.
    /// - Throws: `invalid-field` for a wrong shape or an unknown behavior, `invalid-value` for a
    ///   coordinate of 1e9 or more.
    static func spec(_ spec: Fields, over current: ScrollView?) throws -> ScrollSpec? {
        guard present(in: spec) else { return nil }
        let fields = try spec.object("scroll") ?? Fields([:])
        var configuration = current ?? ScrollView()
        if let inset = try SessionLimits.coordinates(fields.numbers("contentInset", count: 4), "scroll.contentInset") {
            configuration.contentInset = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3])
        }
        if let inset = try SessionLimits.coordinates(fields.numbers("scrollIndicatorInsets", count: 4),
                                                     "scroll.scrollIndicatorInsets") {
            configuration.scrollIndicatorInsets = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2],
                                                             right: inset[3])
        }
        if let behavior = try fields.string("contentInsetAdjustmentBehavior") {
            configuration.contentInsetAdjustmentBehavior = try StackFields.value(
                behavior, field: "scroll.contentInsetAdjustmentBehavior")
        }
        let offset = try SessionLimits.coordinates(fields.numbers("contentOffset", count: 2), "scroll.contentOffset")
        return ScrollSpec(configuration: configuration, contentOffset: offset.map { Point(x: $0[0], y: $0[1]) })
    }

    /// Applies the scroll fields of a `set` message to view `id`; nothing without them.
    /// - Throws: `spec(_:over:)`'s codes, `invalid-value` for offsets or insets the engine refuses.
    static func apply(_ fields: Fields, to id: String, in scene: Scene) throws {
        guard present(in: fields) else { return }
        guard let view = scene.engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        guard let spec = try spec(fields, over: view.scrollView) else { return }
        try apply(spec, to: id, in: scene)
    }

    /// Makes view `id` a scroll view with `spec`'s configuration and content offset.
    /// - Parameter removingOnFailure: true for a view just added: a refused field removes it again.
    /// - Throws: `invalid-value` for offsets or insets the engine refuses.
    static func apply(_ spec: ScrollSpec, to id: String, in scene: Scene, removingOnFailure: Bool = false) throws {
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        do {
            try engine.setScrollView(spec.configuration, of: view)
            if let offset = spec.contentOffset { try engine.setContentOffset(offset, of: view) }
        } catch let error as LayoutError {
            if removingOnFailure { SceneReader.forgetView(id, in: scene) }
            throw ProtocolError(error)
        }
    }

    /// The `scroll` object of a scroll view for scene documents, with the read-only `contentSize` and
    /// `adjustedContentInset`; nil for other views.
    static func document(of view: View, in engine: LayoutEngine) -> [String: Any]? {
        guard let configuration = view.scrollView else { return nil }
        let size = engine.contentSize(of: view) ?? Size(width: 0, height: 0)
        return [
            "contentInset": configuration.contentInset.components,
            "contentInsetAdjustmentBehavior": configuration.contentInsetAdjustmentBehavior.rawValue,
            "scrollIndicatorInsets": configuration.scrollIndicatorInsets.components,
            "contentOffset": [view.boundsOrigin.x, view.boundsOrigin.y],
            "contentSize": [size.width, size.height],
            "adjustedContentInset": (engine.adjustedContentInset(of: view) ?? configuration.contentInset).components,
        ]
    }
}
