/// One element of an Interface Builder document: its name, attributes and children, with where it
/// starts in the text (1-based line and column, as libxml2 reports them: just past the start tag's
/// attributes) so errors and warnings can point at it.
///
/// A handle: the element's place in the document's `IBElementStore`, where every element of the
/// document lives in one array. Passing an element around is one retain of the store; reading the
/// document builds no object per element, and freeing it frees a few arrays instead of one object
/// (and its attribute and child arrays) per element.
struct IBElement: Sendable {
    /// One attribute, as written (an ampersand reference decoded).
    struct Attribute: Sendable {
        let name: String
        let value: String
    }

    /// The children of an element, in document order: a range of the store's child list.
    struct Children: RandomAccessCollection, Sendable {
        let store: IBElementStore
        /// Where the range starts in `store.childIndices`.
        let base: Int
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(position: Int) -> IBElement {
            IBElement(store: store, index: Int(store.childIndices[base + position]))
        }
    }

    let store: IBElementStore
    /// The element's place in `store.nodes` (document order: an element's descendants follow it).
    let index: Int
    /// The attributes in force when they differ from the ones written (size-class variations applied,
    /// see `IBTraits.effective`); nil for the element as written.
    let overrides: [Attribute]?

    init(store: IBElementStore, index: Int, overrides: [Attribute]? = nil) {
        self.store = store
        self.index = index
        self.overrides = overrides
    }

    private var node: IBElementStore.Node { store.nodes[index] }

    var name: String { store.names[Int(node.name)] }
    var line: Int { Int(node.line) }
    var column: Int { Int(node.column) }

    /// In document order. An element has a handful, so a search through them costs less than building
    /// a dictionary for each of the thousands of elements a document holds.
    var attributes: [Attribute] {
        if let overrides { return overrides }
        let node = node
        return Array(store.attributes[Int(node.attributeStart)..<Int(node.attributeStart + node.attributeCount)])
    }

    var children: Children {
        let node = node
        return Children(store: store, base: Int(node.childStart), count: Int(node.childCount))
    }

    /// The character data of a `<string>` element (a label's multi-line `<string key="text">`); nil
    /// for every other element, whose text IB never uses.
    var text: String? {
        let text = node.text
        return text < 0 ? nil : store.texts[Int(text)]
    }

    /// The attribute `key`, or nil.
    subscript(_ key: String) -> String? {
        // Names of another length are passed over without comparing their bytes.
        let length = key.utf8.count
        if let overrides {
            for attribute in overrides where attribute.name.utf8.count == length && attribute.name == key {
                return attribute.value
            }
            return nil
        }
        let node = node
        let start = Int(node.attributeStart)
        let end = start + Int(node.attributeCount)
        // In place through the buffer: an attribute is compared where it lies, not copied out first.
        return store.attributes.withUnsafeBufferPointer { attributes in
            for position in start..<end
            where attributes[position].name.utf8.count == length && attributes[position].name == key {
                return attributes[position].value
            }
            return nil
        }
    }

    /// The IB object id (`id="…"`), or nil.
    var id: String? { self["id"] }

    /// The first child named `name`, optionally with `key="…"`.
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The children of the first child named `name` (`subviews`, `constraints`, `resources`…); empty
    /// when there is no such child.
    func list(_ name: String) -> Children {
        child(name)?.children ?? Children(store: store, base: 0, count: 0)
    }

    /// `YES` / `NO` attributes; absent gives `defaultValue`.
    func flag(_ key: String, default defaultValue: Bool = false) -> Bool {
        guard let value = self[key] else { return defaultValue }
        return value == "YES"
    }

    /// A numeric attribute, or nil when absent or not a finite number.
    func number(_ key: String) -> Double? {
        guard let text = self[key], let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Visits this element and every descendant, depth first, in document order: the store holds them
    /// in that order, one after the other, so this is a walk along the array.
    func forEach(_ body: (IBElement) -> Void) {
        body(self)
        var position = index + 1
        let end = Int(node.end)
        while position < end {
            body(IBElement(store: store, index: position))
            position += 1
        }
    }
}

/// Every element of one document, in document order, in one array of small records, with the
/// attributes of all of them in a second array and the child lists in a third. Built once by
/// `IBXMLReader`, never changed after.
final class IBElementStore: Sendable {
    /// One element. Ranges are into the store's arrays; 32-bit fields keep the record small (a
    /// document is limited to far fewer elements than that).
    struct Node: Sendable {
        /// Index into `names`.
        var name: Int32
        var line: Int32
        var column: Int32
        /// The element's attributes: `attributes[attributeStart ..< attributeStart + attributeCount]`.
        var attributeStart: Int32
        var attributeCount: Int32
        /// The element's children: `childIndices[childStart ..< childStart + childCount]`.
        var childStart: Int32
        var childCount: Int32
        /// One past the element's last descendant in `nodes`.
        var end: Int32
        /// Index into `texts`, or -1 when the element has no text.
        var text: Int32
    }

    let nodes: [Node]
    let attributes: [IBElement.Attribute]
    /// Indices into `nodes`: each element's children, one contiguous run per element.
    let childIndices: [Int32]
    /// Element names: each distinct name once (names the reader could not intern may repeat).
    let names: [String]
    let texts: [String]

    init(nodes: [Node], attributes: [IBElement.Attribute], childIndices: [Int32], names: [String], texts: [String]) {
        self.nodes = nodes
        self.attributes = attributes
        self.childIndices = childIndices
        self.names = names
        self.texts = texts
    }
}
