import AutoLayout

/// `"textSizes": "measured"`: labels, buttons and text fields become text views (`TextFields`), so
/// the engine measures their text with the server's fonts instead of taking the frame Xcode saved.
extension IBSceneBuilder {
    /// The elements measured, by the `TextFields` kind they become.
    static let measuredKinds: [String: String] = ["label": "label", "button": "button", "textField": "textField"]

    /// IB's `lineBreakMode` values (`NSLineBreakMode` without its prefix, as Xcode writes them) by
    /// `TextContent.LineBreakMode` name.
    static let lineBreakModes: [String: String] = [
        "wordWrap": "byWordWrapping", "wordWrapping": "byWordWrapping",
        "characterWrap": "byCharWrapping", "characterWrapping": "byCharWrapping",
        "clip": "byClipping", "clipping": "byClipping",
        "headTruncation": "byTruncatingHead", "tailTruncation": "byTruncatingTail",
        "middleTruncation": "byTruncatingMiddle",
    ]

    /// `UICTFontTextStyle…` names (IB's `style`) by `Font.TextStyle` name; `Title0` is the large title.
    static let textStyles: [String: String] = [
        "UICTFontTextStyleTitle0": "largeTitle", "UICTFontTextStyleTitle1": "title1",
        "UICTFontTextStyleTitle2": "title2", "UICTFontTextStyleTitle3": "title3",
        "UICTFontTextStyleHeadline": "headline", "UICTFontTextStyleBody": "body",
        "UICTFontTextStyleCallout": "callout", "UICTFontTextStyleSubhead": "subheadline",
        "UICTFontTextStyleFootnote": "footnote", "UICTFontTextStyleCaption1": "caption1",
        "UICTFontTextStyleCaption2": "caption2",
    ]

    /// The text fields of a label, button or text field to measure, or nil when its size cannot come
    /// from measured text (attributed text, a button with an image or a configuration, a button
    /// without a title): it then keeps the saved frame, with a warning saying why.
    mutating func measuredTextFields(_ element: IBElement) -> [String: Any]? {
        guard let kind = Self.measuredKinds[element.name] else { return nil }
        if element.child("attributedString", key: "attributedText") != nil {
            warn(element, "attributed text is not measured: the saved frame gives the size")
            return nil
        }
        var fields: [String: Any] = ["kind": kind]
        if let font = font(element.child("fontDescription", key: "fontDescription"), of: element) { fields["font"] = font }
        if let alignment = element["textAlignment"],
           ["natural", "left", "center", "right", "justified"].contains(alignment) {
            fields["textAlignment"] = alignment
        }
        switch kind {
        case "label":
            fields["text"] = element["text"] ?? element.child("string", key: "text")?.text ?? ""
            // IB leaves out numberOfLines when it is UILabel's default, 1.
            fields["numberOfLines"] = max(0, min(10_000, element.number("numberOfLines")?.rounded() ?? 1))
            if let mode = element["lineBreakMode"].flatMap({ Self.lineBreakModes[$0] }) { fields["lineBreakMode"] = mode }
            if let width = element.number("preferredMaxLayoutWidth"), width >= 0, width < 1e6 {
                fields["preferredMaxLayoutWidth"] = width
            }
            if element.flag("adjustsFontSizeToFit") {
                warn(element, "adjustsFontSizeToFit is not modelled: the text is measured at its font size")
            }
        case "button":
            let normal = element.child("state", key: "normal")
            guard element.child("buttonConfiguration", key: "configuration") == nil else {
                warn(element, "a button configuration (iOS 15) is not measured: the saved frame gives the size")
                return nil
            }
            guard let title = normal?["title"], !title.isEmpty, normal?["image"] == nil else {
                warn(element, "a button without a title, or with an image, is not measured: the saved frame gives the size")
                return nil
            }
            fields["text"] = title
            if let inset = element.child("inset", key: "contentEdgeInsets") {
                // IB writes the insets as the rectangle's min and max offsets: minY is top, minX left.
                fields["contentEdgeInsets"] = [inset.number("minY") ?? 0, inset.number("minX") ?? 0,
                                               inset.number("maxY") ?? 0, inset.number("maxX") ?? 0]
            }
        default:
            fields["text"] = element["text"] ?? ""
            if let placeholder = element["placeholder"] { fields["placeholder"] = placeholder }
            let style = element["borderStyle"] ?? "none"
            fields["borderStyle"] = ["none", "line", "bezel", "roundedRect"].contains(style) ? style : "none"
        }
        return fields
    }

    /// A `<fontDescription>` as a `TextFields` font: `type="system"` with its `weight` (`boldSystem`
    /// is bold), or a Dynamic Type `style`. Custom and italic fonts are measured as the system font
    /// of their size, with a warning. Nil keeps the control's default font.
    private mutating func font(_ description: IBElement?, of element: IBElement) -> [String: Any]? {
        guard let description else { return nil }
        if let style = description["style"] {
            if let name = Self.textStyles[style] { return ["textStyle": name] }
            warn(element, "text style '\(style.prefix(60))' is not modelled: measured as body")
            return ["textStyle": "body"]
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
        return ["size": size, "weight": weight.rawValue]
    }
}
