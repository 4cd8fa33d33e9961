import AutoLayout

/// A scene's constraint ids in document order as the JSON array a `changes` announcement carries in
/// `constraintOrder` (`ChangeAnnouncement`), kept between edits.
///
/// An engine only appends constraints to its order or takes some out (`LayoutEngine.constraints`), and a
/// scene is built by thousands of `add`s, each announcing the whole order: encoding every id again would make
/// an add cost O(constraints) in strings written. Here the ids already encoded are kept with the
/// constraints they came from; an order that starts with those same constraints (compared by identity,
/// a pointer each) only has its new ids encoded. Any other order (one was removed, another scene) is
/// encoded afresh.
struct ConstraintOrderText {
    /// The constraints `body` holds the ids of, in order (held, so none is freed and its address reused).
    private var encoded: [LayoutConstraint] = []
    /// `[` and the encoded ids, comma-separated, without the closing `]`.
    private var body: [UInt8] = [UInt8(ascii: "[")]

    /// The JSON array of the ids of `constraints`, in their order.
    /// - Complexity: O(constraints) pointer comparisons, plus the encoding of the ids not kept.
    mutating func text(of constraints: [LayoutConstraint]) -> JSONFragment {
        let kept = constraints.count >= encoded.count
            && zip(encoded, constraints).allSatisfy { $0 === $1 }
        if !kept {
            encoded = []
            body = [UInt8(ascii: "[")]
        }
        for constraint in constraints[encoded.count...] {
            if body.count > 1 { body.append(UInt8(ascii: ",")) }
            JSONFragment.appendString(constraint.identifier, to: &body)
        }
        encoded = constraints
        return JSONFragment(bytes: body + [UInt8(ascii: "]")])
    }
}
