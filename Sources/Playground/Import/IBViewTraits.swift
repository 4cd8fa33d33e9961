import AutoLayout

/// What Interface Builder's view elements mean for layout: which classes size themselves from their
/// content, their default hugging priorities, and their background colours for drawing.
enum IBViewTraits {
    /// Elements whose intrinsic size comes from their content on both axes (text, controls, and a
    /// picker's 216 pt wheel). With `"textSizes": "document"` it is the frame Xcode saved, which Xcode
    /// measured with Apple's fonts and controls.
    static let contentSized: Set<String> = [
        "label", "button", "textField", "switch", "segmentedControl", "activityIndicatorView", "stepper",
        "pageControl", "datePicker", "pickerView",
    ]
    /// Elements with an intrinsic height only (UIKit answers `noIntrinsicMetric` for their width).
    static let heightOnly: Set<String> = ["slider", "progressView", "searchBar", "navigationBar", "toolbar", "tabBar"]
    /// Elements that are scroll views: constraints from their descendants to their edges bind the
    /// content, not the frame.
    static let scrollViews: Set<String> = ["scrollView", "tableView", "collectionView", "textView"]
    /// Text-drawing elements, whose baselines UIKit derives from their fonts.
    static let textViews: Set<String> = ["label", "button", "textField", "textView"]

    /// The class name people know for an element (`label` → `UILabel`), or its custom class.
    static func className(_ element: IBElement) -> String {
        element["customClass"] ?? IBDocument.uikitClass(of: element.name)
    }

    /// UIKit's default hugging for an element IB omitted it on: 250, except labels and buttons
    /// (251, as Interface Builder gives them).
    static func defaultHugging(_ element: IBElement) -> Double {
        ["label", "button", "imageView"].contains(element.name) ? 251 : 250
    }

    /// The background colour as `#rrggbb` or `#rrggbbaa`, or nil when none or fully transparent.
    static func backgroundColor(_ element: IBElement, named: [String: IBElement]) -> String? {
        guard var color = element.children.first(where: { $0.name == "color" && $0["key"] == "backgroundColor" })
        else { return nil }
        if let name = color["name"], let resource = named[name] { color = resource }
        if let system = color["systemColor"] ?? color["cocoaTouchSystemColor"] {
            return systemColors[system]
        }
        let alpha = color.number("alpha") ?? 1
        guard alpha > 0 else { return nil }
        let rgb: [Double]
        if let white = color.number("white") {
            rgb = [white, white, white]
        } else if let red = color.number("red"), let green = color.number("green"), let blue = color.number("blue") {
            rgb = [red, green, blue]
        } else {
            return nil
        }
        let bytes = (rgb + (alpha < 1 ? [alpha] : [])).map { Int(($0.clamped * 255).rounded()) }
        return "#" + bytes.map { String($0, radix: 16).leftPadded }.joined()
    }

    /// Light-appearance values of the system colours documents use most (Apple, "UI element colors").
    private static let systemColors: [String: String] = [
        "systemBackgroundColor": "#ffffff", "secondarySystemBackgroundColor": "#f2f2f7",
        "tertiarySystemBackgroundColor": "#ffffff", "systemGroupedBackgroundColor": "#f2f2f7",
        "secondarySystemGroupedBackgroundColor": "#ffffff", "systemGray6Color": "#f2f2f7",
        "systemGray5Color": "#e5e5ea", "systemGray4Color": "#d1d1d6", "systemGrayColor": "#8e8e93",
        "systemBlueColor": "#007aff", "systemRedColor": "#ff3b30", "systemGreenColor": "#34c759",
        "whiteColor": "#ffffff", "blackColor": "#000000", "groupTableViewBackgroundColor": "#efeff4",
        "darkTextColor": "#000000", "lightTextColor": "#ffffff99",
    ]
}

private extension Double {
    var clamped: Double { Swift.min(1, Swift.max(0, self)) }
}

private extension String {
    var leftPadded: String { count < 2 ? "0" + self : self }
}
