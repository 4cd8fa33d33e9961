import AutoLayout

/// `"textSizes": "measured"`: labels, buttons and text fields become text views (`TextFields`), so
/// the engine measures their text with the server's fonts instead of taking the frame Xcode saved.
extension IBSceneBuilder {
    /// The elements measured, by the `TextFields` kind they become.
    static let measuredKinds: [String: TextContent.Kind] = ["label": .label, "button": .button, "textField": .textField]

    /// IB's `lineBreakMode` values (`NSLineBreakMode` without its prefix, as Xcode writes them) by
    /// `TextContent.LineBreakMode` name.
    static let lineBreakModes: [String: TextContent.LineBreakMode] = [
        "wordWrap": .byWordWrapping, "wordWrapping": .byWordWrapping,
        "characterWrap": .byCharWrapping, "characterWrapping": .byCharWrapping,
        "clip": .byClipping, "clipping": .byClipping,
        "headTruncation": .byTruncatingHead, "tailTruncation": .byTruncatingTail,
        "middleTruncation": .byTruncatingMiddle,
    ]

    /// `UICTFontTextStyle…` names (IB's `style`) by `Font.TextStyle` name; `Title0` is the large title.
    static let textStyles: [String: Font.TextStyle] = [
        "UICTFontTextStyleTitle0": .largeTitle, "UICTFontTextStyleTitle1": .title1,
        "UICTFontTextStyleTitle2": .title2, "UICTFontTextStyleTitle3": .title3,
        "UICTFontTextStyleHeadline": .headline, "UICTFontTextStyleBody": .body,
        "UICTFontTextStyleCallout": .callout, "UICTFontTextStyleSubhead": .subheadline,
        "UICTFontTextStyleFootnote": .footnote, "UICTFontTextStyleCaption1": .caption1,
        "UICTFontTextStyleCaption2": .caption2,
    ]

    /// The text content of a label, button or text field to measure, or nil when its size cannot come
    /// from measured text (attributed text, a button with an image or a configuration, a button
    /// without a title): it then keeps the saved frame, with a warning saying why.
    mutating func measuredText(_ element: IBElement) -> TextContent? {
        guard let kind = Self.measuredKinds[element.name] else { return nil }
        if element.child("attributedString", key: "attributedText") != nil {
            warn(element, "attributed text is not measured: the saved frame gives the size")
            return nil
        }
        var content = TextContent(kind: kind)
        if let font = font(element.child("fontDescription", key: "fontDescription"), of: element) { content.font = font }
        if let alignment = element["textAlignment"].flatMap(TextContent.TextAlignment.init(rawValue:)) {
            content.textAlignment = alignment
        }
        switch kind {
        case .label:
            content.text = element["text"] ?? element.child("string", key: "text")?.text ?? ""
            // IB leaves out numberOfLines when it is UILabel's default, 1.
            content.numberOfLines = Int(max(0, min(10_000, element.number("numberOfLines")?.rounded() ?? 1)))
            if let mode = element["lineBreakMode"].flatMap({ Self.lineBreakModes[$0] }) { content.lineBreakMode = mode }
            if let width = element.number("preferredMaxLayoutWidth"), width >= 0, width < 1e6 {
                content.preferredMaxLayoutWidth = width
            }
            if element.flag("adjustsFontSizeToFit") {
                warn(element, "adjustsFontSizeToFit is not modelled: the text is measured at its font size")
            }
        case .button:
            let normal = element.child("state", key: "normal")
            guard element.child("buttonConfiguration", key: "configuration") == nil else {
                warn(element, "a button configuration (iOS 15) is not measured: the saved frame gives the size")
                return nil
            }
            guard let title = normal?["title"], !title.isEmpty, normal?["image"] == nil else {
                warn(element, "a button without a title, or with an image, is not measured: the saved frame gives the size")
                return nil
            }
            content.text = title
            if let inset = element.child("inset", key: "contentEdgeInsets") {
                // IB writes the insets as the rectangle's min and max offsets: minY is top, minX left.
                content.contentEdgeInsets = EdgeInsets(top: inset.number("minY") ?? 0, left: inset.number("minX") ?? 0,
                                                       bottom: inset.number("maxY") ?? 0, right: inset.number("maxX") ?? 0)
            }
        case .textField:
            content.text = element["text"] ?? ""
            if let placeholder = element["placeholder"] { content.placeholder = placeholder }
            content.borderStyle = element["borderStyle"].flatMap(TextContent.BorderStyle.init(rawValue:)) ?? .none
        }
        return content
    }

    /// A `<fontDescription>` as a font: `type="system"` with its `weight` (`boldSystem`
    /// is bold), or a Dynamic Type `style`. Custom and italic fonts are measured as the system font
    /// of their size, with a warning. Nil keeps the control's default font.
    private mutating func font(_ description: IBElement?, of element: IBElement) -> Font? {
        guard let description else { return nil }
        if let style = description["style"] {
            if let textStyle = Self.textStyles[style] { return Font(textStyle: textStyle) }
            warn(element, "text style '\(style.prefix(60))' is not modelled: measured as body")
            return Font(textStyle: .body)
        }
        guard let size = description.number("pointSize"), size > 0, size <= 1000 else { return nil }
        var weight = description["weight"].flatMap { Font.Weight(rawValue: $0) } ?? .regular
        switch description["type"] {
        case "boldSystem": weight = .bold
        case "system", nil: break
        default:
            warn(element, "font type '\(description["type"]?.prefix(40) ?? "")' is measured as the system font")
        }
        if let name = description["name"] {
            warn(element, "font '\(name.prefix(60))' is measured as the system font of its size")
        }
        return try? Font(size: size, weight: weight)
    }
}
