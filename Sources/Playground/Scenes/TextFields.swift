import AutoLayout

/// The text fields of a view, shared by scene documents, `add` and `set` (docs/PROTOCOL.md, "Text"):
/// `kind` (`"label"`, `"button"`, `"textField"`), `text` (a button's `title` is the same field),
/// `font` (`{"size": 17, "weight": "semibold"}` or `{"textStyle": "headline"}`), `numberOfLines`,
/// `lineBreakMode`, `textAlignment`, `preferredMaxLayoutWidth`, `contentEdgeInsets`, `placeholder`,
/// `borderStyle`.
enum TextFields {
    /// Every field name this reader understands.
    static let names = ["kind", "text", "title", "font", "numberOfLines", "lineBreakMode", "textAlignment",
                        "preferredMaxLayoutWidth", "contentEdgeInsets", "placeholder", "borderStyle"]

    /// Reads the text fields of `spec` over `current` (absent fields keep their values; a new control
    /// starts from UIKit's defaults for its kind). Nil when `spec` has no text field and there is no
    /// current text. `kind: null` is not a thing: a view loses its text only by being removed.
    /// - Throws: `missing-field` (`kind`) for text fields on a view without text, `invalid-field` for a
    ///   wrong type, an unknown name or an out-of-range number.
    static func content(_ spec: Fields, over current: TextContent?) throws -> TextContent? {
        guard names.contains(where: spec.has), (try? spec.string("kind")) != "scroll" || spec.has("text") else {
            return current
        }
        var content: TextContent
        if let kindName = try spec.string("kind") {
            let kind: TextContent.Kind = try StackFields.value(kindName, field: "kind")
            content = current?.kind == kind ? current ?? TextContent(kind: kind) : TextContent(kind: kind)
            if let current, current.kind != kind { content.text = current.text }
        } else {
            guard let current else { throw ProtocolError.missing("kind", in: "text view") }
            content = current
        }
        if let text = try spec.string("text") ?? spec.string("title") { content.text = text }
        if let font = try spec.object("font") { content.font = try self.font(font, over: content.font) }
        if let lines = try spec.number("numberOfLines") {
            guard lines == lines.rounded(), (0...10_000).contains(lines) else {
                throw ProtocolError.invalid("numberOfLines", "a whole number in 0…10000 (0: unlimited)")
            }
            content.numberOfLines = Int(lines)
        }
        if let mode = try spec.string("lineBreakMode") { content.lineBreakMode = try StackFields.value(mode, field: "lineBreakMode") }
        if let alignment = try spec.string("textAlignment") {
            content.textAlignment = try StackFields.value(alignment, field: "textAlignment")
        }
        if let width = try spec.number("preferredMaxLayoutWidth") {
            guard width >= 0, width < 1e6 else {
                throw ProtocolError.invalid("preferredMaxLayoutWidth", "a width in [0, 1000000) points (0: automatic)")
            }
            content.preferredMaxLayoutWidth = width
        }
        if let insets = try SessionLimits.coordinates(spec.numbers("contentEdgeInsets", count: 4), "contentEdgeInsets") {
            content.contentEdgeInsets = EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
        }
        if let placeholder = try spec.string("placeholder") { content.placeholder = placeholder }
        if let style = try spec.string("borderStyle") { content.borderStyle = try StackFields.value(style, field: "borderStyle") }
        try checkLimits(content)
        return content
    }

    /// The limits every text content meets, however it was made (a document's fields, the importer):
    /// content edge insets under 1e9, text and placeholder at most 10000 characters.
    /// - Throws: `invalid-value` (`contentEdgeInsets`), `invalid-field` (`text`).
    static func checkLimits(_ content: TextContent) throws {
        _ = try SessionLimits.coordinates(content.contentEdgeInsets.components, "contentEdgeInsets")
        guard content.text.count <= 10_000, content.placeholder.count <= 10_000 else {
            throw ProtocolError.invalid("text", "at most 10000 characters (placeholder too)")
        }
    }

    /// Applies the text fields of a `set` message to the view `id`.
    static func apply(_ spec: Fields, to id: String, in scene: Scene) throws {
        guard let view = scene.engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        try apply(try content(spec, over: view.textContent), to: id, in: scene)
    }

    /// Sets the text content of view `id`; nothing for nil or the content it has.
    /// - Parameter removingOnFailure: true for a view just added: a refused content removes it again.
    static func apply(_ content: TextContent?, to id: String, in scene: Scene, removingOnFailure: Bool = false) throws {
        let engine = scene.engine
        guard let view = engine.view(id) else { throw ProtocolError(.unknownView(id)) }
        guard let content, content != view.textContent else { return }
        do {
            try engine.setTextContent(content, of: view)
        } catch let error as LayoutError {
            if removingOnFailure { SceneReader.forgetView(id, in: scene) }
            throw ProtocolError(error)
        }
    }

    /// The text fields of a view for scene documents, with the lines its text takes at its laid-out
    /// width (`lines`, read-only); empty for a view without text.
    static func document(of view: View) -> [String: Any] {
        guard let content = view.textContent else { return [:] }
        var font: [String: Any] = ["size": content.font.size, "weight": content.font.weight.rawValue]
        if let style = content.font.textStyle { font = ["textStyle": style.rawValue] }
        var result: [String: Any] = [
            "kind": content.kind.rawValue,
            "text": content.text,
            "font": font,
            "numberOfLines": content.numberOfLines,
            "lineBreakMode": content.lineBreakMode.rawValue,
            "textAlignment": content.textAlignment.rawValue,
            "preferredMaxLayoutWidth": content.preferredMaxLayoutWidth,
            "lines": view.textLayout?.lines.map(\.text) ?? [],
        ]
        switch content.kind {
        case .label: break
        case .button: result["contentEdgeInsets"] = content.contentEdgeInsets.components
        case .textField:
            result["placeholder"] = content.placeholder
            result["borderStyle"] = content.borderStyle.rawValue
        }
        if let metrics = view.textLayout?.metrics {
            result["fontMetrics"] = ["ascender": metrics.ascender, "descender": metrics.descender,
                                     "lineHeight": metrics.lineHeight]
        }
        return result
    }

    private static func font(_ fields: Fields, over current: Font) throws -> Font {
        if let styleName = try fields.string("textStyle") {
            guard !fields.has("size"), !fields.has("weight") else {
                throw ProtocolError.invalid("font", "either a textStyle or a size and weight, not both")
            }
            return Font(textStyle: try StackFields.value(styleName, field: "font.textStyle"))
        }
        let size = try fields.number("size") ?? current.size
        let weight: Font.Weight = try fields.string("weight").map { try StackFields.value($0, field: "font.weight") }
            ?? current.weight
        do {
            return try Font(size: size, weight: weight)
        } catch {
            throw ProtocolError.invalid("font.size", "a size in (0, 1000] points")
        }
    }
}
