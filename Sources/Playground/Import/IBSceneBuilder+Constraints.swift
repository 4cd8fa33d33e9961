import AutoLayout

/// Interface Builder's constraints and layout guides as scene constraints and guides.
extension IBSceneBuilder {
    /// Attributes IB writes, by scene attribute name (`baseline` is the last baseline).
    static let attributeNames: [String: LayoutAttribute] = {
        var names: [String: LayoutAttribute] = ["baseline": .lastBaseline]
        for attribute in LayoutAttribute.allCases { names[attribute.rawValue] = attribute }
        return names
    }()

    /// The edges that, between a scroll view and its descendants, bind the content rather than the
    /// frame. Apple's Auto Layout Guide ("Working with Scroll Views"): "Constraints between the edges
    /// or margins of the scroll view and its content attach to the scroll view's content area.
    /// Constraints between the height, width, or centers attach to the scroll view's frame."
    static let contentBoundAttributes: Set<LayoutAttribute> = [.left, .right, .top, .bottom, .leading, .trailing]

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
        let guide = GuideSpec(id: "content", owner: scroll)
        guard !guides.contains(guide) else { return name }
        guides.append(guide)
        for edge in [LayoutAttribute.top, .leading] {
            let id = constraintNaming.unique("\(scroll)-content-\(edge.rawValue)", fallback: "content")
            constraints.append(.anchors(AnchorSpec(item: name, attribute: edge), .equal,
                                        AnchorSpec(item: scroll, attribute: edge), id: id))
        }
        return name
    }

    /// A subview's safe area: its bounds less the part of the root's safe area insets it covers where
    /// the document saved it (a static approximation: it does not follow the view if it moves).
    private mutating func subviewSafeAreaGuide(_ view: String) -> String {
        let name = "\(view).safeAreaGuide"
        guides.append(GuideSpec(id: "safeAreaGuide", owner: view))
        let origin = rootOrigins[view] ?? .zero
        let size = savedFrames[view]?.size ?? .zero
        let top = max(0, min(size.height, safeArea.top - origin.y))
        let left = max(0, min(size.width, safeArea.left - origin.x))
        let bottom = max(0, min(size.height, origin.y + size.height - (rootSize.height - safeArea.bottom)))
        let right = max(0, min(size.width, origin.x + size.width - (rootSize.width - safeArea.right)))
        for (edge, constant) in [(LayoutAttribute.top, top), (.left, left), (.bottom, -bottom), (.right, -right)] {
            let id = constraintNaming.unique("\(view)-safeArea-\(edge.rawValue)", fallback: "safeArea")
            constraints.append(.anchors(AnchorSpec(item: name, attribute: edge), .equal,
                                        AnchorSpec(item: view, attribute: edge), constant: constant, id: id))
        }
        return name
    }

    /// Turns every pending `<constraint>` into a scene constraint, or a warning saying why not.
    mutating func addConstraints() {
        for (element, holder) in pending {
            guard element.name == "constraint" else { continue }
            // Xcode removes a placeholder constraint when it builds the app, but lays its canvas out
            // with it, so the saved frames include it: kept when the goal is those frames.
            if element.flag("placeholder") {
                if textSizes == .measured {
                    warn(element, "placeholder constraint: removed, as at run time (Xcode removes it at build time)")
                    continue
                }
                warn(element, "placeholder constraint: kept, as Xcode lays out its canvas with it (removed at build time; \"textSizes\": \"measured\" removes it)")
            }
            guard traits.isInstalled(element.id) else {
                warn(element, "not installed for this device's size classes (\(traits.widthClass) width, \(traits.heightClass) height)")
                continue
            }
            if let spec = constraint(traits.effective(element), holder: holder) { constraints.append(spec) }
        }
    }

    private mutating func constraint(_ element: IBElement, holder: String) -> ConstraintSpec? {
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
        var second: AnchorSpec?
        if let secondAttributeName {
            guard let anchor = anchor(secondRef, secondAttributeName, holder: holder, other: firstRef,
                                      element: element) else { return nil }
            second = anchor.spec
        } else if secondRef != nil {
            warn(element, "secondItem without secondAttribute")
            return nil
        }
        let relation: LayoutRelation = switch element["relation"] {
        case "greaterThanOrEqual": .greaterThanOrEqual
        case "lessThanOrEqual": .lessThanOrEqual
        default: .equal
        }
        var multiplier = 1.0
        if let text = element["multiplier"] {
            guard let value = Self.multiplier(text) else {
                warn(element, "multiplier '\(text.prefix(40))' is not a number or a ratio")
                return nil
            }
            multiplier = value
        }
        // A symbolic (standard) spacing carries the value IB resolved it to in `constant`; without
        // one it is the standard 8 pt between siblings.
        let constant = element.number("constant") ?? (element.flag("symbolic") ? 8 : 0)
        let priority = element.number("priority").map { min(1000, max(1, $0)) } ?? 1000
        let id = constraintNaming.unique("\(first.view)-\(first.attribute.rawValue)", fallback: "constraint")
        return .anchors(first.spec, relation, second, multiplier: multiplier, constant: constant, priority: priority,
                        id: id, ibId: element.id)
    }

    /// `"1:2"` → 0.5, `"16:9"` → 1.777…, `"2/3"` → 0.666… (Interface Builder writes a ratio typed
    /// with a slash as it was typed), `"0.5"` → 0.5; nil for anything else or a zero denominator.
    static func multiplier(_ text: String) -> Double? {
        let separator: Character = text.contains("/") ? "/" : ":"
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]),
           denominator != 0, numerator.isFinite, denominator.isFinite {
            return numerator / denominator
        }
        guard parts.count == 1, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Resolves an IB item reference and attribute to an anchor, with the scene view and the attribute
    /// the document wrote (the constraint's name is made of them); a missing item is the view holding the constraint. Warns and
    /// answers nil for what cannot be modelled.
    private mutating func anchor(_ reference: String?, _ attributeName: String, holder: String, other: String?,
                                 element: IBElement) -> (spec: AnchorSpec, view: String, attribute: LayoutAttribute)? {
        guard let attribute = Self.attributeNames[attributeName] else {
            warn(element, "attribute '\(attributeName.prefix(40))' is not modelled")
            return nil
        }
        guard let reference else { return (AnchorSpec(item: holder, attribute: attribute), holder, attribute) }
        if !legacyGuides.isEmpty, let type = legacyGuides[reference] {
            // topLayoutGuide.bottom / bottomLayoutGuide.top are the safe area's top and bottom (iOS 11).
            let edge: AnchorSpec? = switch (type, attribute) {
            case ("top", .bottom): AnchorSpec(item: "root.safeArea", attribute: .top)
            case ("top", .top): AnchorSpec(item: "root", attribute: .top)
            case ("bottom", .top): AnchorSpec(item: "root.safeArea", attribute: .bottom)
            case ("bottom", .bottom): AnchorSpec(item: "root", attribute: .bottom)
            default: nil
            }
            guard let edge else {
                warn(element, "\(type)LayoutGuide.\(attribute.rawValue) is not modelled")
                return nil
            }
            return (edge, "root", attribute)
        }
        if let guide = guideItems[reference] {
            return (AnchorSpec(item: guide, attribute: attribute),
                    guide.split(separator: ".").first.map(String.init) ?? guide, attribute)
        }
        guard let view = viewIDs[reference] else {
            warn(element, "refers to '\(reference.prefix(40))', which is not a view of this root")
            return nil
        }
        if attribute == .firstBaseline || attribute == .lastBaseline, IBViewTraits.textViews.contains(kinds[view] ?? "") {
            warn(element, "\(attribute.rawValue) of a text view is modelled as its bottom edge: fonts are not modelled")
        }
        // Only scroll views bind content: other views are passed over without hashing their kind.
        if !scrollViewIDs.isEmpty, scrollViewIDs.contains(view), Self.contentBoundAttributes.contains(attribute),
           let other, let otherView = viewIDs[other], isDescendant(otherView, of: view) {
            return (AnchorSpec(item: contentGuide(of: view), attribute: attribute), view, attribute)
        }
        return (AnchorSpec(item: view, attribute: attribute), view, attribute)
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
