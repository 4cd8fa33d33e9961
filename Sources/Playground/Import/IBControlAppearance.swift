/// What an Interface Builder control shows, for the page to draw (`ControlAppearance`): a button's
/// normal-state title, a text field's text and placeholder, a switch's state, a segmented control's
/// segment titles and selection, an image view's image name.
enum IBControlAppearance {
    /// The appearance of `element` (its size classes applied), nil for an element that is no control.
    static func of(_ element: IBElement) -> ControlAppearance? {
        guard let kind = ControlAppearance.Kind(rawValue: element.name) else { return nil }
        let clip = { (text: String?) in text.map { String($0.prefix(ControlAppearance.maxText)) } }
        var control = ControlAppearance(kind: kind)
        switch kind {
        case .button:
            control.title = clip(element.child("state", key: "normal")?["title"])
        case .textField:
            control.title = clip(element["text"])
            control.placeholder = clip(element["placeholder"])
        case .switch:
            control.isOn = element["on"] == "YES"
        case .segmentedControl:
            control.segments = element.list("segments").prefix(ControlAppearance.maxSegments).map { clip($0["title"]) ?? "" }
            if let index = element.number("selectedSegmentIndex"), index >= 0, Int(index) < control.segments.count {
                control.selectedSegment = Int(index)
            }
        case .imageView:
            control.image = clip(element["image"])
        case .slider:
            break
        }
        return control
    }
}
