import AutoLayout

/// A scene's view ids in document order as the JSON array a `changes` announcement carries in
/// `viewOrder` (`ChangeAnnouncement`), kept between edits.
///
/// A scene built by `add`s announces the whole order after each view added: walking the tree and
/// encoding every id again would make an add cost O(views). The engine's `viewTreeVersion` says whether
/// the tree changed since the order was encoded, and `lastAppendedView` whether that change only added
/// a view at the end of the order: then only its id is encoded. Any other change is encoded afresh.
struct ViewOrderText {
    /// The engine's `viewTreeVersion` when `body` was encoded; nil before the first.
    private var version: UInt64?
    /// `[` and the encoded ids, comma-separated, without the closing `]`.
    private var body: [UInt8] = [UInt8(ascii: "[")]

    /// The JSON array of the ids of `engine`'s views (not the root), in document order.
    /// - Complexity: O(1) plus one id encoded after a view added at the end, else O(views); and a copy
    ///   of the bytes.
    mutating func text(of engine: LayoutEngine) -> JSONFragment {
        if version != engine.viewTreeVersion {
            if let appended = engine.lastAppendedView, version == appended.after {
                append(appended.view.identifier)
            } else {
                body = [UInt8(ascii: "[")]
                engine.root.forEachDescendant { append($0.identifier) }
            }
            version = engine.viewTreeVersion
        }
        return JSONFragment(bytes: body + [UInt8(ascii: "]")])
    }

    private mutating func append(_ identifier: String) {
        if body.count > 1 { body.append(UInt8(ascii: ",")) }
        JSONFragment.appendString(identifier, to: &body)
    }
}
