/// Frames are rounded to 1e-6 pt on the wire (docs/PROTOCOL.md, "Conventions"), so that is the
/// default tolerance.
public let defaultTolerance = 1e-6

/// A rectangle (or a value) that differs from the expected one by more than the tolerance. Its
/// description reads like the Python kit's:
/// `navView: expected [0, 0, 375, 62], got [0, -10, 375, 62] (y off by -10; tolerance 1e-06) — constraints: navTop, navHeight`.
public struct FrameMismatch: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Throws `FrameMismatch` unless every component of `actual` is within `tolerance` points of `expected`.
/// The message names `view`, both rectangles, each component that differs and `constraints` (the ids
/// that involve the view), when given.
public func assertRect(_ actual: Rect?, _ expected: Rect, tolerance: Double = defaultTolerance,
                       view: String = "view", constraints: [String] = []) throws {
    let suffix = constraints.isEmpty ? "" : " — constraints: " + constraints.joined(separator: ", ")
    guard let actual else {
        throw FrameMismatch(description: "\(view): expected \(expected), got nothing (never sent)\(suffix)")
    }
    let differences = zip(actual.components, expected.components).compactMap { got, wanted -> String? in
        let delta = got.value - wanted.value
        guard abs(delta) > tolerance else { return nil }
        return "\(got.name) off by \(delta > 0 ? "+" : "")\(Rect.format(delta))"
    }
    if !differences.isEmpty {
        throw FrameMismatch(description: "\(view): expected \(expected), got \(actual) "
                            + "(\(differences.joined(separator: ", ")); tolerance \(tolerance))\(suffix)")
    }
}

/// Throws `FrameMismatch` unless `actual` is within `tolerance` of `expected`; `what` names the value.
public func assertClose(_ actual: Double?, _ expected: Double, tolerance: Double = defaultTolerance,
                        what: String = "value") throws {
    guard let actual, abs(actual - expected) <= tolerance else {
        throw FrameMismatch(description: "\(what): expected \(Rect.format(expected)), got "
                            + "\(actual.map(Rect.format) ?? "nothing") (tolerance \(tolerance))")
    }
}
