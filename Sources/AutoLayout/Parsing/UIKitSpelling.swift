/// UIKit's spellings of anchors and layout guides, read as the playground's own names, so a line of
/// UIKit code pasted where an anchor is read names the same thing:
///
///     navView.topAnchor == view.safeAreaLayoutGuide.topAnchor     reads as
///     navView.top == root.safeArea.top                            (with no view named "view")
///
/// Attributes may carry UIKit's `Anchor` suffix (`topAnchor`, `centerXAnchor`, `firstBaselineAnchor`);
/// a guide may be named by its `UIView` property (`safeAreaLayoutGuide`, `layoutMarginsGuide`,
/// `keyboardLayoutGuide`, and a scroll view's `contentLayoutGuide` and `frameLayoutGuide`); `view`, a
/// view controller's root view, is the root when no view of the scene is named `view`
/// (`LayoutEngine.item(spelled:)`). These are the names the Swift export writes.
public enum UIKitSpelling {
    /// The playground's guide name by UIKit's property name.
    public static let guideNames: [String: String] = [
        "safeAreaLayoutGuide": "safeArea", "layoutMarginsGuide": "margins", "keyboardLayoutGuide": "keyboard",
        "contentLayoutGuide": "content", "frameLayoutGuide": "frame",
    ]

    /// UIKit's name of a view controller's root view.
    public static let rootViewName = "view"

    /// The attribute named `name`, with or without UIKit's `Anchor` suffix; nil for any other name.
    public static func attribute(named name: String) -> LayoutAttribute? {
        if let attribute = LayoutAttribute(rawValue: name) { return attribute }
        guard name.utf8.count > 6, name.hasSuffix("Anchor") else { return nil }
        return LayoutAttribute(rawValue: String(name.dropLast(6)))
    }

    /// Every name `attribute(named:)` reads, to suggest the nearest one to a misspelt attribute.
    public static let attributeNames: [String] = LayoutAttribute.allCases.map(\.rawValue)
        + LayoutAttribute.allCases.map { $0.rawValue + "Anchor" }

    /// `item` with a last segment that is a UIKit guide property renamed to the playground's guide:
    /// `view.safeAreaLayoutGuide` gives `view.safeArea`, `card.layoutMarginsGuide` gives `card.margins`;
    /// any other name is returned unchanged.
    public static func itemName(_ item: String) -> String {
        // Every guide property ends in "Guide": other names are returned without a lookup.
        guard item.hasSuffix("Guide"), let dot = item.lastIndex(of: "."),
              let guide = guideNames[String(item[item.index(after: dot)...])] else { return item }
        return item[..<dot] + "." + guide
    }
}

extension LayoutEngine {
    /// The view or layout guide `name` names (`item(named:)`); when none, `view` and `view.GUIDE` name
    /// the root and its guides, as in a view controller (`UIKitSpelling`).
    public func item(spelled name: String) -> LayoutItem? {
        if let item = item(named: name) { return item }
        let root = UIKitSpelling.rootViewName
        guard name.hasPrefix(root) else { return nil }
        let rest = name.dropFirst(root.count)
        guard rest.isEmpty || rest.first == "." else { return nil }
        return item(named: self.root.identifier + rest)
    }
}
