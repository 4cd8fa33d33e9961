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
    /// Every view's two non-negative size constraints, by slot: `slot * 2 + kind` (each view has them).
    private var sizes: [LayoutConstraint?] = []
    /// The other kinds, which only some views have (an intrinsic size, a translated mask), by
    /// `slot * kinds + kind`: a dense table of them held 80 empty bytes per view.
    private var sparse: [Int: LayoutConstraint] = [:]
    private var byName: [String: LayoutConstraint] = [:]

    private static let kinds = ViewConstraintKind.allCases.count

    /// The constraint under `key`, if any.
    subscript(key: EngineConstraintKey) -> LayoutConstraint? {
        switch key {
        case .name(let name):
            return byName[name]
        case .view(let slot, let kind):
            guard slot >= 0 else { return nil }
            if let index = Self.sizeIndex(slot, kind) { return index < sizes.count ? sizes[index] : nil }
            return sparse[slot * Self.kinds + kind.rawValue]
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
            guard let index = Self.sizeIndex(slot, kind) else {
                return sparse.updateValue(constraint, forKey: slot * Self.kinds + kind.rawValue)
            }
            if index >= sizes.count {
                // Room for the whole slot at once: a view's first constraint makes room for the other.
                sizes.append(contentsOf: repeatElement(nil, count: (slot + 1) * 2 - sizes.count))
            }
            defer { sizes[index] = constraint }
            return sizes[index]
        }
    }

    /// Takes out and returns the constraint under `key`, if any.
    @discardableResult
    mutating func removeValue(forKey key: EngineConstraintKey) -> LayoutConstraint? {
        switch key {
        case .name(let name):
            return byName.removeValue(forKey: name)
        case .view(let slot, let kind):
            guard slot >= 0 else { return nil }
            guard let index = Self.sizeIndex(slot, kind) else {
                return sparse.removeValue(forKey: slot * Self.kinds + kind.rawValue)
            }
            guard index < sizes.count else { return nil }
            defer { sizes[index] = nil }
            return sizes[index]
        }
    }

    /// Where `kind` of `slot` sits in `sizes`; nil for the kinds kept in `sparse`.
    private static func sizeIndex(_ slot: Int, _ kind: ViewConstraintKind) -> Int? {
        switch kind {
        case .nonNegativeWidth: slot * 2
        case .nonNegativeHeight: slot * 2 + 1
        default: nil
        }
    }

    /// Every constraint of the table: the views' by slot and kind, then the named ones (in no
    /// meaningful order, as a dictionary's values).
    /// - Complexity: O(n log n) in the views' constraints (sorted into slot and kind order).
    var all: [LayoutConstraint] {
        var keyed = sparse.map { (key: $0.key, constraint: $0.value) }
        keyed.reserveCapacity(sparse.count + sizes.count)
        for (index, constraint) in sizes.enumerated() {
            guard let constraint else { continue }
            // Kind 0 or 1 of slot index / 2, in the key space of `sparse`.
            keyed.append((index / 2 * Self.kinds + index % 2, constraint))
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.constraint) + Array(byName.values)
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
