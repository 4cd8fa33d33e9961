/// What a UIKit control shows, for drawing only (the layout engine never reads it): a button's
/// title, a text field's text or placeholder, a switch's state, a segmented control's segments, an
/// image view's image name. A scene document's view carries it as `control` (docs/PROTOCOL.md,
/// "Scene documents"); the Interface Builder importer fills it from the document's element.
struct ControlAppearance: Sendable, Equatable {
    /// The control's kind, named as Interface Builder's element (`<button>`, `<textField>`, …).
    enum Kind: String, Sendable, CaseIterable {
        case button, textField, `switch`, segmentedControl, imageView, slider
    }

    /// At most this many characters in each text field (as a view's label).
    static let maxText = 200
    /// At most this many segments.
    static let maxSegments = 32

    var kind: Kind
    /// A button's title or a text field's text.
    var title: String?
    /// A text field's placeholder, shown while it has no text.
    var placeholder: String?
    /// A switch's state.
    var isOn: Bool?
    /// A segmented control's segment titles, in order.
    var segments: [String] = []
    /// The selected segment's index, if one is.
    var selectedSegment: Int?
    /// An image view's image name.
    var image: String?

    /// The `control` object of a scene document.
    var document: [String: Any] {
        var result: [String: Any] = ["kind": kind.rawValue]
        if let title { result["title"] = title }
        if let placeholder { result["placeholder"] = placeholder }
        if let isOn { result["on"] = isOn }
        if !segments.isEmpty { result["segments"] = segments }
        if let selectedSegment { result["selectedSegment"] = selectedSegment }
        if let image { result["image"] = image }
        return result
    }

    /// Reads a view's `control` object: `kind` (required), `title`, `placeholder`, `on`, `segments`
    /// (strings), `selectedSegment` (an index into them), `image`; nil without one.
    /// - Throws: `missing-field` (`control.kind`), `invalid-field` for a wrong type, an unknown kind,
    ///   a text over 200 characters, over 32 segments or a selected index outside them.
    static func read(_ view: Fields) throws -> ControlAppearance? {
        guard let fields = try view.object("control") else { return nil }
        guard let kindName = try fields.string("kind") else { throw ProtocolError.missing("kind", in: "control") }
        guard let kind = Kind(rawValue: kindName) else {
            throw ProtocolError.invalid("control.kind", Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        func text(_ key: String) throws -> String? {
            guard let value = try fields.string(key) else { return nil }
            guard value.count <= maxText else { throw ProtocolError.invalid("control.\(key)", "at most \(maxText) characters") }
            return value
        }
        var control = ControlAppearance(kind: kind, title: try text("title"), placeholder: try text("placeholder"),
                                        isOn: try fields.bool("on"), image: try text("image"))
        if let segments = try fields.strings("segments") {
            guard segments.count <= maxSegments, segments.allSatisfy({ $0.count <= maxText }) else {
                throw ProtocolError.invalid("control.segments", "at most \(maxSegments) strings of at most \(maxText) characters")
            }
            control.segments = segments
        }
        if let index = try fields.number("selectedSegment") {
            guard index == index.rounded(), index >= 0, Int(index) < control.segments.count else {
                throw ProtocolError.invalid("control.selectedSegment", "the index of one of the segments")
            }
            control.selectedSegment = Int(index)
        }
        return control
    }
}
