/// One element of an Interface Builder document: its name, attributes and children, with where it
/// starts in the text (1-based line and column, as `XMLParser` reports them) so errors and warnings can
/// point at it. A value type: the importer only reads the tree.
struct IBElement: Sendable {
    let name: String
    let attributes: [String: String]
    var children: [IBElement]
    let line: Int
    let column: Int
    /// The character data of a `<string>` element (a label's multi-line `<string key="text">`); nil
    /// for every other element, whose text IB never uses.
    var text: String? = nil

    /// The attribute `key`, or nil.
    subscript(_ key: String) -> String? { attributes[key] }

    /// The IB object id (`id="…"`), or nil.
    var id: String? { attributes["id"] }

    /// The first child named `name`, optionally with `key="…"`.
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The children of the first child named `name` (`subviews`, `constraints`, `resources`…).
    func list(_ name: String) -> [IBElement] { child(name)?.children ?? [] }

    /// `YES` / `NO` attributes; absent gives `defaultValue`.
    func flag(_ key: String, default defaultValue: Bool = false) -> Bool {
        guard let value = attributes[key] else { return defaultValue }
        return value == "YES"
    }

    /// A numeric attribute, or nil when absent or not a finite number.
    func number(_ key: String) -> Double? {
        guard let text = attributes[key], let value = Double(text), value.isFinite else { return nil }
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
