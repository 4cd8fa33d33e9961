/// The coordinate bound: the `bounds`, `center` and `transform` a message sets are checked against it
/// before they reach the layout engine, so the solver and the frame encoder get values they can
/// represent.
extension SessionLimits {
    /// The largest magnitude a length, position or transform component may have (points). Beyond it
    /// the solver loses all precision and frames can no longer be rounded for the wire.
    static let maxCoordinate = 1e9

    /// `values` when every component is within ±`maxCoordinate`; else `invalid-value`.
    static func coordinates(_ values: [Double]?, _ field: String) throws -> [Double]? {
        guard let values else { return nil }
        guard values.allSatisfy({ abs($0) < maxCoordinate }) else {
            throw ProtocolError("invalid-value", "'\(field)' components must be under 1e9 in magnitude")
        }
        return values
    }
}
