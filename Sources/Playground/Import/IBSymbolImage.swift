import AutoLayout

/// The size an SF Symbol (`<imageView image=… catalog="system">`) is drawn at, from its
/// `<preferredSymbolConfiguration>`: the point size (`configurationType="pointSize"`), or the font's
/// (`configurationType="font"` with a `<fontDescription>`: a Dynamic Type style at the Large size, or
/// a point size), else UIKit's default 17 pt; and the scale (`scale="small"`, `"medium"`, `"large"`).
///
/// The symbols' own metrics are not available here, so the size is a rule: the symbol's longer side
/// is 1.1 × the point size × the scale's factor (small 0.8, medium 1, large 1.3), and the other side
/// follows the aspect ratio of the symbol's `<resources>` entry, which Xcode writes with the longer
/// side at 128 (a square without one). Apple's chevron.compact.down at 64 pt (light, medium) is
/// 70.33 × 25.67 pt (Apple Developer Forums, thread 716773), where the rule gives 70.4 wide; symbols
/// of other shapes differ from it by a few percent, and the weight (which moves a symbol's width
/// by about as much) is not modelled.
enum IBSymbolImage {
    /// The longer side of a medium symbol, per point of its configuration's size.
    static let sidePerPoint = 1.1

    /// `UIImage.SymbolScale`'s factors relative to medium.
    static let scales: [String: Double] = ["small": 0.8, "medium": 1, "large": 1.3]

    /// The symbol's size in points, `resource` being its `<resources>` entry's size (any positive size).
    static func size(of element: IBElement, resource: Size?) -> Size {
        let configuration = element.child("preferredSymbolConfiguration", key: "preferredSymbolConfiguration")
        var points = Font(textStyle: .body).size
        if let configuration {
            switch configuration["configurationType"] {
            case "pointSize":
                if let size = configuration.number("pointSize"), size > 0, size <= 1000 { points = size }
            case "font":
                let font = configuration.child("fontDescription", key: "fontDescription")
                if let style = font?["style"], let textStyle = IBSceneBuilder.textStyles[style] {
                    points = textStyle.size
                } else if let size = font?.number("pointSize"), size > 0, size <= 1000 {
                    points = size
                }
            default: break
            }
        }
        let scale = configuration?["scale"].flatMap { scales[$0] } ?? 1
        let side = sidePerPoint * points * scale
        guard let resource, resource.width > 0, resource.height > 0 else { return Size(width: side, height: side) }
        return resource.width >= resource.height
            ? Size(width: side, height: side * resource.height / resource.width)
            : Size(width: side * resource.width / resource.height, height: side)
    }
}
