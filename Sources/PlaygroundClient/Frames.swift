/// A rectangle in points: origin and size, `[x, y, width, height]` on the wire (docs/PROTOCOL.md,
/// "Conventions": origin top-left, y down, in the superview's space).
public struct Rect: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle from a 4-number JSON array; nil for anything else.
    init?(_ value: JSONValue?) {
        guard let items = value?.array?.compactMap(\.number), items.count == 4 else { return nil }
        self.init(items[0], items[1], items[2], items[3])
    }

    var components: [(name: String, value: Double)] { [("x", x), ("y", y), ("width", width), ("height", height)] }

    /// `[0, -10, 375, 62]`: whole numbers without a fraction, as the failure messages print them.
    public var description: String { "[" + components.map { Rect.format($0.value) }.joined(separator: ", ") + "]" }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// One view's presentation values as merged from every `frames` so far (`rect` nil: never sent).
/// `transform` is `[a, b, c, d, tx, ty]` (CGAffineTransform).
public struct ViewState: Sendable, Equatable {
    public var rect: Rect?
    public var bounds: Rect?
    public var alpha: Double = 1
    public var transform: [Double] = [1, 0, 0, 1, 0, 0]
    public var hidden = false

    public init() {}

    /// This state with the fields of one `frames` entry applied (a `frames` sends only what changed).
    func merged(_ fields: JSONValue) -> ViewState {
        var state = self
        if let rect = Rect(fields["frame"]) { state.rect = rect }
        if let bounds = Rect(fields["bounds"]) { state.bounds = bounds }
        if let alpha = fields["alpha"]?.number { state.alpha = alpha }
        if let transform = fields["transform"]?.array?.compactMap(\.number), transform.count == 6 {
            state.transform = transform
        }
        if let hidden = fields["hidden"]?.bool { state.hidden = hidden }
        return state
    }
}

/// One `frames` message: `seq` (from 1 per session), the session's `time` in seconds, `final` (no
/// animation running) and, per view, only what changed in it.
public struct Frames: Sendable, Equatable {
    public var seq: Int
    public var time: Double
    public var final: Bool
    public var views: [String: ViewState]

    init(_ message: JSONValue) {
        seq = Int(message["seq"]?.number ?? 0)
        time = message["time"]?.number ?? 0
        final = message["final"]?.bool ?? true
        views = (message["views"]?.object ?? [:]).mapValues { ViewState().merged($0) }
    }

    /// The view's `frame` in this message, nil when it did not change here.
    public func rect(_ view: String) -> Rect? { views[view]?.rect }
}

/// The answer to one request and what its turn caused before it, in arrival order.
public struct Answer: Sendable {
    /// The answer itself (`ok`, `scene`, `added`, …; an `error` is thrown instead).
    public var message: JSONValue
    /// The `frames` the turn sent before the answer.
    public var frames: [Frames] = []
    /// The `conflict`s it sent (each with `broken`, `constraints`, `log`).
    public var conflicts: [JSONValue] = []
    /// Anything else before the answer (`animationEnd` of earlier animations, …).
    public var events: [JSONValue] = []

    /// The answer's `type`.
    public var type: String { message["type"]?.string ?? "" }
}
