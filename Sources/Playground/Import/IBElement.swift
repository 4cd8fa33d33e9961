/// One element of an Interface Builder document: its name, attributes and children, with where it
/// starts in the text (1-based line and column, as libxml2 reports them: just past the start tag's
/// attributes) so errors and warnings can point at it.
///
/// An immutable class rather than a struct: the walks pass elements and their child lists around by
/// the thousand, and a copy of a reference is one retain, where a copy of a struct of four
/// reference-counted fields (name, attributes, children, text) was four retains and four releases.
final class IBElement: Sendable {
    /// One attribute, as written (an ampersand reference decoded).
    struct Attribute: Sendable {
        let name: String
        let value: String
    }

    let name: String
    /// In document order. An element has a handful, so a search through them costs less than building
    /// a dictionary for each of the thousands of elements a document holds.
    let attributes: [Attribute]
    let children: [IBElement]
    let line: Int
    let column: Int
    /// The character data of a `<string>` element (a label's multi-line `<string key="text">`); nil
    /// for every other element, whose text IB never uses.
    let text: String?

    init(name: String, attributes: [Attribute], children: [IBElement], line: Int, column: Int, text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.line = line
        self.column = column
        self.text = text
    }

    /// The attribute `key`, or nil.
    subscript(_ key: String) -> String? {
        // Names of another length are passed over without comparing their bytes; attributes are read
        // in place by index (a `for … in` would copy each, retaining and releasing its two strings).
        let length = key.utf8.count
        var index = 0
        while index < attributes.count {
            if attributes[index].name.utf8.count == length, attributes[index].name == key { return attributes[index].value }
            index += 1
        }
        return nil
    }

    /// The IB object id (`id="…"`), or nil.
    var id: String? { self["id"] }

    /// The first child named `name`, optionally with `key="…"`.
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The children of the first child named `name` (`subviews`, `constraints`, `resources`…).
    func list(_ name: String) -> [IBElement] { child(name)?.children ?? [] }

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

    /// Visits this element and every descendant, depth first, in document order.
    func forEach(_ body: (IBElement) -> Void) {
        body(self)
        // Through the buffer: children are visited in place, not copied one by one.
        children.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { buffer[index].forEach(body) }
        }
    }
}
