import AutoLayout

/// Interface Builder's constraints and layout guides as scene constraints and guides.
extension IBSceneBuilder {
    /// Attributes IB writes, by scene attribute name (`baseline` is the last baseline).
    static let attributeNames: [String: String] = {
        var names: [String: String] = ["baseline": "lastBaseline"]
        for attribute in ["left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX",
                          "centerY", "firstBaseline", "lastBaseline", "leftMargin", "rightMargin", "topMargin",
                          "bottomMargin", "leadingMargin", "trailingMargin", "centerXWithinMargins",
                          "centerYWithinMargins"] {
            names[attribute] = attribute
        }
        return names
    }()

    /// The edges that, between a scroll view and its descendants, bind the content rather than the
    /// frame. Apple's Auto Layout Guide ("Working with Scroll Views"): "Constraints between the edges
    /// or margins of the scroll view and its content attach to the scroll view's content area.
    /// Constraints between the height, width, or centers attach to the scroll view's frame."
    static let contentBoundAttributes: Set<String> = ["left", "right", "top", "bottom", "leading", "trailing"]

    /// Records the `<viewLayoutGuide>`s of a view: the root's safe area is `root.safeArea`; another
    /// view's safe area becomes a guide inset by the part of the root's safe area the saved frames
    /// put it over; a scroll view's content and frame guides become its content guide and itself.
    mutating func registerGuides(of element: IBElement, sceneID: String) {
        for guide in element.children where guide.name == "viewLayoutGuide" {
            guard let id = guide.id else { continue }
            switch guide["key"] {
            case "safeArea" where sceneID == "root":
                guideItems[id] = "root.safeArea"
            case "safeArea":
                guideItems[id] = subviewSafeAreaGuide(sceneID)
            case "contentLayoutGuide":
                guideItems[id] = contentGuide(of: sceneID)
            case "frameLayoutGuide":
                guideItems[id] = sceneID
            default:
                warn(guide, "layout guide '\(guide["key"]?.prefix(40) ?? "")' is not modelled")
            }
        }
    }

    /// `scroll.content`: the scroll view's content area, at the bounds origin (content offset zero, as
    /// Interface Builder draws it) and as large as the constraints make it.
    mutating func contentGuide(of scroll: String) -> String {
        let name = "\(scroll).content"
        guard !guides.contains(where: { $0["owner"] as? String == scroll && $0["id"] as? String == "content" }) else {
            return name
        }
        guides.append(["id": "content", "owner": scroll])
        for edge in ["top", "leading"] {
            let id = constraintNaming.unique("\(scroll)-content-\(edge)", fallback: "content")
            constraints.append(["id": id, "first": "\(name).\(edge)", "second": "\(scroll).\(edge)"])
        }
        return name
    }

    /// A subview's safe area: its bounds less the part of the root's safe area insets it covers where
    /// the document saved it (a static approximation: it does not follow the view if it moves).
    private mutating func subviewSafeAreaGuide(_ view: String) -> String {
        let name = "\(view).safeAreaGuide"
        guides.append(["id": "safeAreaGuide", "owner": view])
        let origin = rootOrigins[view] ?? .zero
        let size = savedFrames[view]?.size ?? .zero
        let top = max(0, min(size.height, safeArea.top - origin.y))
        let left = max(0, min(size.width, safeArea.left - origin.x))
        let bottom = max(0, min(size.height, origin.y + size.height - (rootSize.height - safeArea.bottom)))
        let right = max(0, min(size.width, origin.x + size.width - (rootSize.width - safeArea.right)))
        for (edge, constant) in [("top", top), ("left", left), ("bottom", -bottom), ("right", -right)] {
            let id = constraintNaming.unique("\(view)-safeArea-\(edge)", fallback: "safeArea")
            constraints.append(["id": id, "first": "\(name).\(edge)", "second": "\(view).\(edge)", "constant": constant])
        }
        return name
    }

    /// Turns every pending `<constraint>` into a scene constraint, or a warning saying why not.
    mutating func addConstraints() {
        for (element, holder) in pending {
            guard element.name == "constraint" else { continue }
            if element.flag("placeholder") {
                warn(element, "placeholder constraint: removed at build time, as Xcode does")
                continue
            }
            guard traits.isInstalled(element.id) else {
                warn(element, "not installed for this device's size classes (\(traits.widthClass) width, \(traits.heightClass) height)")
                continue
            }
            if let spec = constraint(traits.effective(element), holder: holder) { constraints.append(spec) }
        }
    }

    private mutating func constraint(_ element: IBElement, holder: String) -> [String: Any]? {
        guard let firstAttributeName = element["firstAttribute"] else {
            warn(element, "a constraint without firstAttribute")
            return nil
        }
        // A missing first item is the view holding the constraint.
        let firstRef = element["firstItem"] ?? ibIDs[holder]
        let secondRef = element["secondItem"]
        let secondAttributeName = element["secondAttribute"]
        guard let first = anchor(firstRef, firstAttributeName, holder: holder, other: secondRef, element: element) else {
            return nil
        }
        // Room for every field up front: growing a dictionary key by key rehashes it each time (and
        // reserving room after a first key would rehash that one).
        var spec = [String: Any](minimumCapacity: 9)
        spec["first"] = first.name
        if let secondAttributeName {
            guard let second = anchor(secondRef, secondAttributeName, holder: holder, other: firstRef,
                                      element: element) else { return nil }
            spec["second"] = second.name
        } else if secondRef != nil {
            warn(element, "secondItem without secondAttribute")
            return nil
        }
        switch element["relation"] {
        case "greaterThanOrEqual": spec["relation"] = ">="
        case "lessThanOrEqual": spec["relation"] = "<="
        default: spec["relation"] = "=="
        }
        if let text = element["multiplier"] {
            guard let multiplier = Self.multiplier(text) else {
                warn(element, "multiplier '\(text.prefix(40))' is not a number or a ratio")
                return nil
            }
            spec["multiplier"] = multiplier
        }
        // A symbolic (standard) spacing carries the value IB resolved it to in `constant`; without
        // one it is the standard 8 pt between siblings.
        spec["constant"] = element.number("constant") ?? (element.flag("symbolic") ? 8 : 0)
        if let priority = element.number("priority") { spec["priority"] = min(1000, max(1, priority)) }
        if let ibID = element.id { spec["ibId"] = ibID }
        spec["id"] = constraintNaming.unique("\(first.view)-\(first.attribute)", fallback: "constraint")
        return spec
    }

    /// `"1:2"` → 0.5, `"16:9"` → 1.777…, `"0.5"` → 0.5; nil for anything else or a zero denominator.
    static func multiplier(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]),
           denominator != 0, numerator.isFinite, denominator.isFinite {
            return numerator / denominator
        }
        guard parts.count == 1, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Resolves an IB item reference and attribute to `"item.attribute"`; a missing item is the view
    /// holding the constraint. Warns and answers nil for what cannot be modelled.
    private mutating func anchor(_ reference: String?, _ attributeName: String, holder: String, other: String?,
                                 element: IBElement) -> (name: String, view: String, attribute: String)? {
        guard let attribute = Self.attributeNames[attributeName] else {
            warn(element, "attribute '\(attributeName.prefix(40))' is not modelled")
            return nil
        }
        guard let reference else { return ("\(holder).\(attribute)", holder, attribute) }
        if !legacyGuides.isEmpty, let type = legacyGuides[reference] {
            // topLayoutGuide.bottom / bottomLayoutGuide.top are the safe area's top and bottom (iOS 11).
            let edge: String? = switch (type, attribute) {
            case ("top", "bottom"): "root.safeArea.top"
            case ("top", "top"): "root.top"
            case ("bottom", "top"): "root.safeArea.bottom"
            case ("bottom", "bottom"): "root.bottom"
            default: nil
            }
            guard let edge else {
                warn(element, "\(type)LayoutGuide.\(attribute) is not modelled")
                return nil
            }
            return (edge, "root", attribute)
        }
        if let guide = guideItems[reference] {
            return ("\(guide).\(attribute)", guide.split(separator: ".").first.map(String.init) ?? guide, attribute)
        }
        guard let view = viewIDs[reference] else {
            warn(element, "refers to '\(reference.prefix(40))', which is not a view of this root")
            return nil
        }
        if attribute.hasSuffix("Baseline"), IBViewTraits.textViews.contains(kinds[view] ?? "") {
            warn(element, "\(attribute) of a text view is modelled as its bottom edge: fonts are not modelled")
        }
        // Only scroll views bind content: other views are passed over without hashing their kind.
        if !scrollViewIDs.isEmpty, scrollViewIDs.contains(view), Self.contentBoundAttributes.contains(attribute),
           let other, let otherView = viewIDs[other], isDescendant(otherView, of: view) {
            return ("\(contentGuide(of: view)).\(attribute)", view, attribute)
        }
        return ("\(view).\(attribute)", view, attribute)
    }

    private func isDescendant(_ view: String, of ancestor: String) -> Bool {
        var current = parents[view]
        while let id = current {
            if id == ancestor { return true }
            current = parents[id]
        }
        return false
    }
}
