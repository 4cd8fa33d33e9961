/// What one of the engine's own per-view constraints does: every view of a document gets several
/// (two keeping its size non-negative, four for an intrinsic size), so they are known by their view's
/// slot and this kind, and their UIKit name is made only when someone reads it
/// (`LayoutConstraint.identifier`: conflicts, explanations, the page).
enum ViewConstraintKind: Int, CaseIterable, Sendable {
    /// `NonNegativeSize-<view>-width` and `…-height` (`width >= 0`, `height >= 0`).
    case nonNegativeWidth, nonNegativeHeight
    /// `NSContentSizeLayoutConstraint-<view>-width-hugging` (`width <= intrinsic`) and
    /// `…-width-compression` (`width >= intrinsic`), and the same for the height.
    case huggingWidth, compressionWidth, huggingHeight, compressionHeight
    /// `NSAutoresizingMaskLayoutConstraint-<view>-minX`, `…-width`, `…-minY`, `…-height`.
    case autoresizingMinX, autoresizingWidth, autoresizingMinY, autoresizingHeight

    /// The hugging and compression resistance kinds of one axis.
    static func contentSize(horizontal: Bool) -> (hugging: ViewConstraintKind, compression: ViewConstraintKind) {
        horizontal ? (.huggingWidth, .compressionWidth) : (.huggingHeight, .compressionHeight)
    }

    /// Whether this is one of the four content size kinds.
    var isContentSize: Bool {
        switch self {
        case .huggingWidth, .compressionWidth, .huggingHeight, .compressionHeight: true
        default: false
        }
    }

    /// UIKit's name of this constraint of the view named `view`, as its logs show it.
    func name(of view: String) -> String {
        switch self {
        case .nonNegativeWidth: "NonNegativeSize-" + view + "-width"
        case .nonNegativeHeight: "NonNegativeSize-" + view + "-height"
        case .huggingWidth: "NSContentSizeLayoutConstraint-" + view + "-width-hugging"
        case .compressionWidth: "NSContentSizeLayoutConstraint-" + view + "-width-compression"
        case .huggingHeight: "NSContentSizeLayoutConstraint-" + view + "-height-hugging"
        case .compressionHeight: "NSContentSizeLayoutConstraint-" + view + "-height-compression"
        case .autoresizingMinX: "NSAutoresizingMaskLayoutConstraint-" + view + "-minX"
        case .autoresizingWidth: "NSAutoresizingMaskLayoutConstraint-" + view + "-width"
        case .autoresizingMinY: "NSAutoresizingMaskLayoutConstraint-" + view + "-minY"
        case .autoresizingHeight: "NSAutoresizingMaskLayoutConstraint-" + view + "-height"
        }
    }
}

/// How the engine finds one of its own constraints: a view's by the view's slot and the kind, any
/// other (the root's size, the built-in guides, margins guides, stack and scroll views) by name.
/// A string literal or interpolation is a name.
enum EngineConstraintKey: ExpressibleByStringInterpolation {
    case name(String)
    /// `slot` is the view's `View.slot` in this engine.
    case view(slot: Int, ViewConstraintKind)

    init(stringLiteral value: String) { self = .name(value) }

    init(stringInterpolation: DefaultStringInterpolation) { self = .name(String(stringInterpolation: stringInterpolation)) }
}

/// The engine's own constraints (`LayoutConstraint.isInternal`), at most one per key.
///
/// A view's constraints sit in one flat array at `slot × kinds + kind`: installing one costs an
/// array store instead of building a name of 30 to 60 bytes, hashing it into a dictionary and
/// freeing it with the engine. A slot's entries are emptied when its view leaves the tree (every
/// constraint of a removed view is forgotten), so a slot handed to a new view starts empty.
struct EngineConstraintTable {
    private var byView: [LayoutConstraint?] = []
    private var byName: [String: LayoutConstraint] = [:]

    private static let kinds = ViewConstraintKind.allCases.count

    /// The constraint under `key`, if any.
    subscript(key: EngineConstraintKey) -> LayoutConstraint? {
        switch key {
        case .name(let name):
            return byName[name]
        case .view(let slot, let kind):
            let index = slot * Self.kinds + kind.rawValue
            return slot >= 0 && index < byView.count ? byView[index] : nil
        }
    }

    /// Puts `constraint` under `key` and returns the one it replaces.
    mutating func updateValue(_ constraint: LayoutConstraint, forKey key: EngineConstraintKey) -> LayoutConstraint? {
        switch key {
        case .name(let name):
            return byName.updateValue(constraint, forKey: name)
        case .view(let slot, let kind):
            // Callers check the slot (`pinInternal`): a view outside the tree has none.
            guard slot >= 0 else { return nil }
            let index = slot * Self.kinds + kind.rawValue
            if index >= byView.count {
                // Room for the whole slot at once: a view's first constraint makes room for the rest.
                byView.append(contentsOf: repeatElement(nil, count: (slot + 1) * Self.kinds - byView.count))
            }
            defer { byView[index] = constraint }
            return byView[index]
        }
    }

    /// Takes out and returns the constraint under `key`, if any.
    @discardableResult
    mutating func removeValue(forKey key: EngineConstraintKey) -> LayoutConstraint? {
        switch key {
        case .name(let name):
            return byName.removeValue(forKey: name)
        case .view(let slot, let kind):
            let index = slot * Self.kinds + kind.rawValue
            guard slot >= 0, index < byView.count else { return nil }
            defer { byView[index] = nil }
            return byView[index]
        }
    }

    /// Every constraint of the table: the views' by slot and kind, then the named ones (in no
    /// meaningful order, as a dictionary's values).
    var all: [LayoutConstraint] {
        byView.compactMap { $0 } + Array(byName.values)
    }
}

extension LayoutConstraint {
    /// Where the engine keeps this constraint of its own: by view slot and kind, or by name.
    /// Only for engine constraints (`isInternal`) of a view in the engine's tree.
    var engineKey: EngineConstraintKey {
        if let kind = viewConstraintKind, let view = firstItem as? View { return .view(slot: view.slot, kind) }
        return .name(identifier)
    }
}

extension LayoutEngine {
    /// Every engine constraint by its name, made on each call: for tests and inspection, not for the
    /// engine's own lookups (`engineConstraints`).
    var internalConstraints: [String: LayoutConstraint] {
        Dictionary(engineConstraints.all.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
