import Foundation

/// Where a shared session's owner points (`pointer`), and the thinning that sends it to followers no
/// more often than once a display frame (docs/PROTOCOL.md, "pointer").
///
/// A page sends a `pointer` on every mouse move, which can outrun the frame rate; followers need only
/// what a frame would show. So a position that comes within one frame interval of the last one
/// forwarded is held, and the next tick at least a frame later forwards the newest held position:
/// newest wins, as with `frames`, and the last position always arrives.
struct PresenterPointer {
    /// The pointer in root (window) coordinates, points; nil when it is off the canvas.
    var location: (x: Double, y: Double)?
    /// The view the presenter has selected, if any.
    var view: String?

    /// The `pointer` event followers get: `x`, `y` and `view`, null when absent, `re` null.
    var message: [String: Any] {
        ["type": "pointer", "re": NSNull(),
         "x": location.map { $0.x as Any } ?? NSNull(), "y": location.map { $0.y as Any } ?? NSNull(),
         "view": view.map { $0 as Any } ?? NSNull()]
    }
}

/// The thinning clock of `PresenterPointer`: when the newest position was last forwarded and whether
/// a newer one waits for the next frame.
struct PointerThinning {
    /// Transport time of the last forward, seconds.
    private var forwardedAt = -Double.infinity
    /// True while a position is held for the next frame.
    private(set) var isHolding = false

    /// Whether a position arriving at `now` goes out at once, given `interval` seconds per frame; 2 ms
    /// of slack as for ticks (`Session.tick(now:)`), so a 60 Hz mouse is not held every other move.
    /// Records the forward, or the hold.
    mutating func admit(now: Double, interval: Double) -> Bool {
        if now - forwardedAt >= interval - 0.002 {
            forwardedAt = now
            isHolding = false
            return true
        }
        isHolding = true
        return false
    }

    /// Whether the held position goes out at the tick at `now` (a frame after the last forward).
    mutating func release(now: Double, interval: Double) -> Bool {
        guard isHolding else { return false }
        return admit(now: now, interval: interval)
    }
}
