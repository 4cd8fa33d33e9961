import AutoLayout

/// Labels, buttons and text fields as UIKit controls: UIKit then measures their text itself, so the
/// exported code carries the text and the properties that size it, not the playground's measurement.
extension SwiftExporter {
    /// The initialiser of the control a text view is (`UILabel()`, `UIButton(type: .system)`, `UITextField()`).
    static func textControl(_ kind: TextContent.Kind) -> String {
        switch kind {
        case .label: "UILabel()"
        case .button: "UIButton(type: .system)"
        case .textField: "UITextField()"
        }
    }

    /// The statements that give control `name` its text, font and wrapping, each only where it is not
    /// UIKit's default for the control (`TextContent(kind:)` holds those defaults).
    static func textLines(_ content: TextContent, name: String) -> [String] {
        let defaults = TextContent(kind: content.kind)
        var lines: [String] = []
        let font = content.font == defaults.font ? nil : fontExpression(content.font)
        switch content.kind {
        case .label:
            lines.append("\(name).text = \(stringLiteral(content.text))")
            if let font { lines.append("\(name).font = \(font)") }
            if content.numberOfLines != 1 { lines.append("\(name).numberOfLines = \(content.numberOfLines)") }
            if content.lineBreakMode != defaults.lineBreakMode {
                lines.append("\(name).lineBreakMode = .\(content.lineBreakMode.rawValue)")
            }
            if content.preferredMaxLayoutWidth != 0 {
                lines.append("\(name).preferredMaxLayoutWidth = \(number(content.preferredMaxLayoutWidth))")
            }
        case .button:
            lines.append("\(name).setTitle(\(stringLiteral(content.text)), for: .normal)")
            if let font { lines.append("\(name).titleLabel?.font = \(font)") }
            if content.lineBreakMode != defaults.lineBreakMode {
                lines.append("\(name).titleLabel?.lineBreakMode = .\(content.lineBreakMode.rawValue)")
            }
            if content.contentEdgeInsets != .zero {
                lines.append("\(name).contentEdgeInsets = \(edgeInsets(content.contentEdgeInsets))")
            }
        case .textField:
            if !content.text.isEmpty { lines.append("\(name).text = \(stringLiteral(content.text))") }
            if !content.placeholder.isEmpty { lines.append("\(name).placeholder = \(stringLiteral(content.placeholder))") }
            if content.borderStyle != defaults.borderStyle {
                lines.append("\(name).borderStyle = .\(content.borderStyle.rawValue)")
            }
            if let font { lines.append("\(name).font = \(font)") }
        }
        if content.textAlignment != .natural, content.kind != .button {
            lines.append("\(name).textAlignment = .\(content.textAlignment.rawValue)")
        }
        return lines
    }

    /// `UIFont.preferredFont(forTextStyle:)` for a text style, else `UIFont.systemFont(ofSize:weight:)`:
    /// `Font.TextStyle` and `Font.Weight` use UIKit's case names.
    static func fontExpression(_ font: Font) -> String {
        if let style = font.textStyle { return "UIFont.preferredFont(forTextStyle: .\(style.rawValue))" }
        return "UIFont.systemFont(ofSize: \(number(font.size)), weight: .\(font.weight.rawValue))"
    }
}
