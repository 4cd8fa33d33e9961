import AutoLayout

/// The UIKit code of the views that are controls or scroll views, for `SwiftExporter`: which class
/// each is made from and the properties that differ from UIKit's defaults (labels' text, font and
/// lines, buttons' titles and insets, text fields' placeholders and borders, scroll views' insets and
/// offset). Their constraints are the exporter's business, guides included
/// (`contentLayoutGuide`, `frameLayoutGuide`).
enum ControlCode {
    /// The classes the code may name, which a view must not shadow.
    static let classNames: Set<String> = ["UILabel", "UIButton", "UITextField", "UIScrollView", "UIFont"]

    /// `UILabel()`, `UIButton(type: .system)`, `UITextField()` or `UIScrollView()`; nil for other views.
    static func initializer(of view: View) -> String? {
        if let content = view.textContent {
            switch content.kind {
            case .label: return "UILabel()"
            case .button: return "UIButton(type: .system)"
            case .textField: return "UITextField()"
            }
        }
        return view.scrollView == nil ? nil : "UIScrollView()"
    }

    /// Assignments (without indentation) that give the view named `name` its text or scroll
    /// properties; empty for other views. Defaults are left out, as UIKit sets them already.
    static func properties(of view: View, name: String) -> [String] {
        var lines: [String] = []
        if let content = view.textContent { lines += text(content, name: name) }
        if let scroll = view.scrollView { lines += self.scroll(scroll, offset: view.boundsOrigin, name: name) }
        return lines
    }

    private static func text(_ content: TextContent, name: String) -> [String] {
        let literal = SwiftExporter.stringLiteral(content.text)
        let font = fontExpression(content.font)
        switch content.kind {
        case .label:
            var lines = ["\(name).text = \(literal)", "\(name).font = \(font)"]
            if content.numberOfLines != 1 { lines.append("\(name).numberOfLines = \(content.numberOfLines)") }
            if content.lineBreakMode != .byTruncatingTail {
                lines.append("\(name).lineBreakMode = .\(content.lineBreakMode.rawValue)")
            }
            if content.textAlignment != .natural { lines.append("\(name).textAlignment = .\(content.textAlignment.rawValue)") }
            if content.preferredMaxLayoutWidth > 0 {
                lines.append("\(name).preferredMaxLayoutWidth = \(SwiftExporter.number(content.preferredMaxLayoutWidth))")
            }
            return lines
        case .button:
            var lines = ["\(name).setTitle(\(literal), for: .normal)", "\(name).titleLabel?.font = \(font)"]
            if content.contentEdgeInsets != .zero {
                lines.append("\(name).contentEdgeInsets = \(SwiftExporter.edgeInsets(content.contentEdgeInsets))")
            }
            return lines
        case .textField:
            var lines: [String] = []
            if !content.text.isEmpty { lines.append("\(name).text = \(literal)") }
            if !content.placeholder.isEmpty {
                lines.append("\(name).placeholder = \(SwiftExporter.stringLiteral(content.placeholder))")
            }
            lines.append("\(name).font = \(font)")
            if content.borderStyle != .none { lines.append("\(name).borderStyle = .\(content.borderStyle.rawValue)") }
            if content.textAlignment != .natural { lines.append("\(name).textAlignment = .\(content.textAlignment.rawValue)") }
            return lines
        }
    }

    private static func scroll(_ scroll: ScrollView, offset: Point, name: String) -> [String] {
        var lines: [String] = []
        if scroll.contentInset != .zero { lines.append("\(name).contentInset = \(SwiftExporter.edgeInsets(scroll.contentInset))") }
        if scroll.scrollIndicatorInsets != .zero {
            lines.append("\(name).verticalScrollIndicatorInsets = \(SwiftExporter.edgeInsets(scroll.scrollIndicatorInsets))")
            lines.append("\(name).horizontalScrollIndicatorInsets = \(SwiftExporter.edgeInsets(scroll.scrollIndicatorInsets))")
        }
        if scroll.contentInsetAdjustmentBehavior != .automatic {
            lines.append("\(name).contentInsetAdjustmentBehavior = .\(scroll.contentInsetAdjustmentBehavior.rawValue)")
        }
        if offset != .zero {
            lines.append("\(name).contentOffset = CGPoint(x: \(SwiftExporter.number(offset.x)), " +
                         "y: \(SwiftExporter.number(offset.y)))")
        }
        return lines
    }

    /// `.preferredFont(forTextStyle: .body)` or `.systemFont(ofSize: 17, weight: .regular)`.
    static func fontExpression(_ font: Font) -> String {
        if let style = font.textStyle { return "UIFont.preferredFont(forTextStyle: .\(style.rawValue))" }
        return "UIFont.systemFont(ofSize: \(SwiftExporter.number(font.size)), weight: .\(font.weight.rawValue))"
    }
}
