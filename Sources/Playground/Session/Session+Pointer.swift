import Foundation

/// `{"type":"pointer","x":…,"y":…,"view":…}`: where a presenter points, shown to followers
/// (docs/PROTOCOL.md, "pointer"; thinning in `PresenterPointer`).
extension Session {
    /// Records the owner's pointer: `x` and `y` in root (window) coordinates, points, both or neither
    /// (neither: the pointer left the canvas); `view` the selected view, if any. A session nobody
    /// follows answers `ok` and keeps nothing.
    /// - Throws: `missing-field` for `x` without `y` or the reverse; `invalid-value` for a coordinate
    ///   of 10⁹ or more in magnitude; `unknown-view` for a view not in the scene.
    func pointer(_ message: Fields) throws {
        let x = try message.number("x")
        let y = try message.number("y")
        let view = try message.string("view")
        if (x == nil) != (y == nil) { throw ProtocolError.missing(x == nil ? "x" : "y", in: "pointer") }
        let location = try SessionLimits.coordinates([x, y].compactMap { $0 }, "x, y")
        if let view, scene.engine.view(view) == nil { throw ProtocolError(.unknownView(view)) }
        guard let sharing else { return }
        let point = location.flatMap { $0.count == 2 ? (x: $0[0], y: $0[1]) : nil }
        sharing.ownerPointed(PresenterPointer(location: point, view: view), now: transportTime,
                             interval: 1 / Double(clock.framesPerSecond))
        // What followers see of the pointer survives a restart; one record write per pass however many moves.
        journalQueue?.shareChanged(sharing)
    }
}
