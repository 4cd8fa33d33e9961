/// The size classes a document is laid out for, and the `<variation>` elements that apply under them.
///
/// Interface Builder stores per-size-class differences as `<variation key="widthClass=compact">`
/// children: `<mask key="constraints">` / `<mask key="subviews">` with `<exclude reference=…>` and
/// `<include reference=…>` decide what is installed (the `default` variation is the Any × Any base,
/// specific ones override it), and attributes on the variation override the element's own.
struct IBTraits: Sendable {
    let widthClass: String
    let heightClass: String
    /// IB ids of views and constraints not installed under these traits.
    private(set) var excluded: Set<String> = []

    init(widthClass: String, heightClass: String, scanning root: IBElement) {
        self.widthClass = widthClass
        self.heightClass = heightClass
        var base: [(String, Bool)] = []
        var specific: [(String, Bool)] = []
        root.forEach { element in
            for variation in element.children where variation.name == "variation" {
                guard let key = variation["key"] else { continue }
                let isDefault = key == "default"
                guard isDefault || matches(key) else { continue }
                for mask in variation.children where mask.name == "mask" {
                    for entry in mask.children {
                        guard let reference = entry["reference"] else { continue }
                        let change = (reference, entry.name == "include")
                        if isDefault { base.append(change) } else { specific.append(change) }
                    }
                }
            }
        }
        for (reference, include) in base + specific {
            if include { excluded.remove(reference) } else { excluded.insert(reference) }
        }
    }

    /// Whether the variation key (`widthClass=compact`, `heightClass=compact-widthClass=regular`)
    /// applies: every size class it names must be ours.
    func matches(_ key: String) -> Bool {
        guard key != "default" else { return false }
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return false }
            switch pair[0] {
            case "widthClass": if pair[1] != widthClass { return false }
            case "heightClass": if pair[1] != heightClass { return false }
            default: return false
            }
        }
        return true
    }

    func isInstalled(_ id: String?) -> Bool {
        // Most documents exclude nothing: no id is hashed then.
        guard let id, !excluded.isEmpty else { return true }
        return !excluded.contains(id)
    }

    /// `element` with the attributes of its matching variations applied over its own.
    func effective(_ element: IBElement) -> IBElement {
        // Most elements have no variation: they are their own effective element, not a copy.
        guard element.children.contains(where: { $0.name == "variation" }) else { return element }
        var attributes = element.attributes
        for variation in element.children where variation.name == "variation" {
            guard let key = variation["key"], matches(key) else { continue }
            for attribute in variation.attributes where attribute.name != "key" {
                if let index = attributes.firstIndex(where: { $0.name == attribute.name }) {
                    attributes[index] = attribute
                } else {
                    attributes.append(attribute)
                }
            }
        }
        return IBElement(store: element.store, index: element.index, overrides: attributes)
    }
}
