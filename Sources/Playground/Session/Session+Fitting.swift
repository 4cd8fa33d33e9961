import AutoLayout

/// `systemLayoutSizeFitting`: a view's fitting size, as docs/PROTOCOL.md describes under "Fitting size".
extension Session {
    /// `{"type":"systemLayoutSizeFitting","view":"cell","targetSize":"compressed"|"expanded"|[w,h],
    /// "horizontalFittingPriority":1000,"verticalFittingPriority":50}` answers
    /// `{"type":"fittingSize","view":"cell","size":[w,h]}` (points) from
    /// `LayoutEngine.systemLayoutSizeFitting`; nothing in the scene changes. The target size defaults
    /// to `compressed`, each priority to `fittingSizeLevel` (50).
    /// - Throws: `unknown-view`, `missing-field` (view), `invalid-field` for a target size that is
    ///   neither a name nor two numbers in 0…1e7, `invalid-priority` outside (0, 1000].
    func systemLayoutSizeFitting(_ message: Fields) throws -> [String: Any] {
        guard let id = try message.string("view") else {
            throw ProtocolError.missing("view", in: "systemLayoutSizeFitting")
        }
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        let target = try Self.targetSize(message)
        let horizontal = try message.number("horizontalFittingPriority") ?? LayoutEngine.fittingSizeLevel
        let vertical = try message.number("verticalFittingPriority") ?? LayoutEngine.fittingSizeLevel
        var size = Size(width: 0, height: 0)
        try layoutCall {
            size = try engine.systemLayoutSizeFitting(target, of: view, horizontalFittingPriority: horizontal,
                                                      verticalFittingPriority: vertical)
        }
        return ["type": "fittingSize", "view": id, "size": MicroPoints.rounded([size.width, size.height])]
    }

    /// Reads `targetSize`: `"compressed"` (`layoutFittingCompressedSize`), `"expanded"`
    /// (`layoutFittingExpandedSize`) or `[width, height]` in points.
    private static func targetSize(_ message: Fields) throws -> Size {
        let expectation = "\"compressed\", \"expanded\" or [width, height] in 0…1e7 points"
        if let raw = message.any("targetSize"), raw is String {
            switch try message.string("targetSize") {
            case "compressed": return LayoutEngine.layoutFittingCompressedSize
            case "expanded": return LayoutEngine.layoutFittingExpandedSize
            default: throw ProtocolError.invalid("targetSize", expectation)
            }
        }
        guard message.has("targetSize") else { return LayoutEngine.layoutFittingCompressedSize }
        guard let values = try? message.numbers("targetSize", count: 2),
              values.allSatisfy({ (0...1e7).contains($0) }) else {
            throw ProtocolError.invalid("targetSize", expectation)
        }
        return Size(width: values[0], height: values[1])
    }
}
