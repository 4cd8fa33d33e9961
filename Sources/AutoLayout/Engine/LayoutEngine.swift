import Cassowary
import Synchronization

/// The last `LayoutEngine.viewTreeVersion` handed out, across engines.
private let viewTreeVersions = Atomic<UInt64>(0)

/// A `viewTreeVersion` no engine has had.
private func nextViewTreeVersion() -> UInt64 {
    viewTreeVersions.wrappingAdd(1, ordering: .relaxed).newValue
}

/// One window's worth of Auto Layout: a root view and its subtree, the constraints among them, the
/// Cassowary solver they feed, the layout cycle and the running animations.
///
/// Changes to constraints, bounds sizes or intrinsic sizes go to the solver at once but reach `frame`
/// only at the next layout pass: `layoutIfNeeded(_:)`, which the host calls at the end of every run-loop
/// turn as UIKit does. Model values jump; `presentation(of:)` gives what is on screen at `time`.
/// Not thread-safe: one owner drives it.
public final class LayoutEngine {
    public let root: View
    /// Pixels per point; model frames are rounded to 1/scale.
    public internal(set) var scale: Double
    /// The root's safe area insets (points).
    public internal(set) var safeAreaInsets: EdgeInsets
    /// The engine's clock (seconds); animations start at the time their block runs.
    public internal(set) var time: Double
    /// True when a constraint or size change has not reached the frames yet (`setNeedsLayout`).
    /// Unchecked, as the engine's tables below: every view and constraint added reads and writes
    /// them, the runtime's exclusivity check cost a call per access, and the engine has one owner.
    @exclusivity(unchecked) public internal(set) var needsLayout = true
    /// The keyboard's frame in root space: below the bottom edge while hidden.
    public let keyboard: View
    /// Keyboard height (points) while shown; 0 while hidden.
    public internal(set) var keyboardHeight: Double = 0

    let solver = Solver()
    /// The fault the solver found in its own state instead of trapping (`Solver.faultDescription`), if
    /// any. The engine's views and constraints stay as they were; its frames stop following changes.
    /// The owner rebuilds the engine from its scene.
    public var solverFault: String? { solver.faultDescription }

    /// Makes the solver's next call fail as a solver defect would (`Solver.plantFault()`), for testing
    /// how owners recover.
    public func plantSolverFault() {
        solver.plantFault()
    }
    /// Unchecked like the views' shown values: read on every frame and layout pass, by the engine's one owner.
    @exclusivity(unchecked) var animator = Animator()
    @exclusivity(unchecked) var viewsByID: [String: View] = [:]
    @exclusivity(unchecked) var constraintsByID: [String: LayoutConstraint] = [:]
    /// Active-or-not user constraints in the order they were added.
    @exclusivity(unchecked) var orderedConstraints: [LayoutConstraint] = []
    /// The change clock `LayoutConstraint.lastChange` reads; moves on every constraint change.
    @exclusivity(unchecked) var changeClock: UInt64 = 0
    /// False only while no constraint is broken (set wherever one breaks, recomputed by healing).
    @exclusivity(unchecked) var mayHaveBrokenConstraints = false
    /// The ids of every view that translates its autoresizing mask, is a scroll view or has text
    /// (`holdsLayoutResults`), and of some that no longer do: added by the three setters, pruned when
    /// `forEachViewHoldingLayoutResults` reads them, so an edit need not walk every view to find them.
    @exclusivity(unchecked) var layoutResultCandidates: Set<String> = []
    /// The `LayoutConstraint` behind each solver constraint, for conflicts.
    @exclusivity(unchecked) var owners = ConstraintOwners()
    /// The engine's own constraints (`pinInternal`), a view's by its slot and kind.
    @exclusivity(unchecked) var engineConstraints = EngineConstraintTable()
    var conflicts: [LayoutConflict] = []
    /// Lowest-priority stays that hold free variables where `exerciseAmbiguity` put them, by variable id.
    var exerciseStays: [Int: Cassowary.Constraint] = [:]
    /// Whether a view of this engine was ever made a stack view (the layout pass skips looking for them
    /// until then).
    var hasHadStackViews = false
    /// Whether a view of this engine was ever given text (the layout pass skips looking for wrapping
    /// labels until then).
    var hasHadTextViews = false
    /// Measures the text of labels, buttons and text fields; without one, setting text throws
    /// `textUnavailable`. The host supplies it: the engine knows no fonts.
    public var textMeasurer: (any TextMeasurer)?
    /// Moves (drawn from a process-wide count, so no two engines share a value) whenever a view joins
    /// or leaves the tree: a reader of the document order knows whether it kept up.
    public private(set) var viewTreeVersion = nextViewTreeVersion()
    /// The view the last tree change added at the end of the document order, and the version before it;
    /// nil when the last change was another one. A reader that saw that version appends just this view.
    public private(set) var lastAppendedView: (view: View, after: UInt64)?
    /// Presentation slots of views whose model frame may differ from their solved frame although their
    /// variables did not move (set by `setCenter`, `setBounds`, new insets): read at the next pass.
    @exclusivity(unchecked) var framesOutOfStep: [Int32] = []
    /// Whether the next layout pass reads every view's frame (at first, and after a scale change).
    @exclusivity(unchecked) var framesNeedFullPass = true
    /// True while the layout pass sets frames (which then are the solved ones).
    @exclusivity(unchecked) var isSettingSolvedFrames = false
    /// What the views show, one entry per view, for frames (`updatePresentation()`). Unchecked like the
    /// animator: read on every frame and layout pass, by the engine's one owner.
    @exclusivity(unchecked) var presentationSnapshot = PresentationSnapshot()

    /// Creates a root view of `size` points with a safe area guide, a keyboard layout guide and a layout
    /// margins guide. Non-finite or negative sizes are clamped to 0.
    public init(size: Size, safeArea: EdgeInsets = .zero, scale: Double = 2, time: Double = 0) {
        self.scale = scale
        self.safeAreaInsets = safeArea
        self.time = time
        root = View(identifier: "root")
        keyboard = View(identifier: "keyboard")
        root.frame = Rect(origin: .zero, size: size)
        root.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        keyboard.frame = Rect(x: 0, y: size.height, width: size.width, height: 0)
        root.slot = presentationSnapshot.add(root)
        keyboard.slot = presentationSnapshot.add(keyboard, isKeyboard: true)
        viewsByID["root"] = root
        installRootConstraints()
    }

    // MARK: Reading

    /// The view named `id`, if any (the root is `"root"`).
    public func view(_ id: String) -> View? { viewsByID[id] }

    /// The constraint named `id`, if any.
    public func constraint(_ id: String) -> LayoutConstraint? { constraintsByID[id] }

    /// All views but the root, parents before children, siblings in insertion order.
    public var views: [View] { root.descendants }

    /// The number of views but the root (`views.count`, without walking the tree: every view in the
    /// tree is named in `viewsByID`, and only there).
    public var viewCount: Int { viewsByID.count - 1 }

    /// The user's constraints in the order they were added.
    public var constraints: [LayoutConstraint] { orderedConstraints }

    /// The user's constraints that are broken (`LayoutConstraint.isBroken`), in the order they were
    /// added; empty at once when nothing was broken since the last heal found none.
    /// - Complexity: O(1) when nothing is broken, else O(constraints).
    public var brokenConstraints: [LayoutConstraint] {
        mayHaveBrokenConstraints ? orderedConstraints.filter(\.isBroken) : []
    }

    /// Whether a layout pass computes part of what `view`'s document entry holds: its `frame` (it
    /// translates its autoresizing mask), its scroll content (a scroll view), or its text's size.
    public static func holdsLayoutResults(_ view: View) -> Bool {
        view.translatesAutoresizingMaskIntoConstraints || view.scrollView != nil || view.textContent != nil
    }

    /// Calls `body` for every view in the tree but the root that `holdsLayoutResults`, in no set order.
    /// - Complexity: O(such views, plus those that stopped being such since the last call).
    public func forEachViewHoldingLayoutResults(_ body: (View) -> Void) {
        var gone: [String] = []
        for id in layoutResultCandidates {
            guard let view = viewsByID[id], view !== root, Self.holdsLayoutResults(view) else {
                gone.append(id)
                continue
            }
            body(view)
        }
        for id in gone { layoutResultCandidates.remove(id) }
    }

    /// Resolves `"picker"`, `"root.safeArea"`, `"root.keyboard"` or `"view.margins"` to an item.
    public func item(named name: String) -> LayoutItem? {
        // Split at the dots by bytes, not by splitting into an array of strings: every constraint of a
        // scene names two items. Ids and guide names are ASCII, so a name whose parts differ when cut
        // by bytes instead of characters (a dot with a combining mark) resolves to nothing either way.
        let utf8 = name.utf8
        let dot = UInt8(ascii: ".")
        // The dots' offsets from the bytes in place; a string without contiguous storage (a bridged
        // one) walks its UTF-8 view instead.
        let dots = utf8.withContiguousStorageIfAvailable { bytes in
            (first: bytes.firstIndex(of: dot), last: bytes.lastIndex(of: dot))
        } ?? (first: utf8.firstIndex(of: dot).map { utf8.distance(from: utf8.startIndex, to: $0) },
              last: utf8.lastIndex(of: dot).map { utf8.distance(from: utf8.startIndex, to: $0) })
        guard let first = dots.first else { return viewsByID[name] }
        guard dots.last == first else { return nil }
        let cut = utf8.index(utf8.startIndex, offsetBy: first)
        guard let view = viewsByID[String(name[..<cut])] else { return nil }
        return guide(named: String(name[utf8.index(after: cut)...]), of: view)
    }

    /// Conflicts found since the last call, in the order they happened.
    public func takeConflicts() -> [LayoutConflict] {
        defer { conflicts.removeAll() }
        return conflicts
    }

    // MARK: The view tree

    /// Adds a view named `id` as the last subview of `parent`.
    /// - Throws: `invalidIdentifier`, `duplicateIdentifier`, `unknownView` (parent).
    @discardableResult
    public func addView(_ id: String, parent: String = "root") throws -> View {
        try Self.validate(identifier: id)
        let view = View(identifier: id)
        // Entered first and taken out again if refused: one lookup of the id when it is accepted, as
        // every view of a document is (`add(_:)` does the same for constraints).
        if let existing = viewsByID.updateValue(view, forKey: id) {
            viewsByID[id] = existing
            throw LayoutError.duplicateIdentifier(id)
        }
        // The new view is not a parent yet (`parent` naming `id` itself is unknown, as before).
        guard let superview = viewsByID[parent], superview !== view else {
            viewsByID[id] = nil
            throw LayoutError.unknownView(parent)
        }
        view.superview = superview
        view.depth = superview.depth + 1
        superview.subviews.append(view)
        view.slot = presentationSnapshot.add(view)
        viewTreeChanged(appending: view)
        updateNonNegativeSize(of: view)
        setNeedsLayout()
        return view
    }

    /// Removes a view and its subtree with every constraint that mentions them, as `removeFromSuperview`.
    /// Their running animations end with `finished` false.
    /// - Throws: `unknownView`, `cannotRemoveRoot`.
    public func removeView(_ id: String) throws {
        guard let view = viewsByID[id] else { throw LayoutError.unknownView(id) }
        guard view !== root else { throw LayoutError.cannotRemoveRoot }
        let removed = [view] + view.descendants
        let removedIDs = Set(removed.map { ObjectIdentifier($0) })
        func mentionsRemoved(_ item: LayoutItem?) -> Bool {
            guard let item else { return false }
            let owner = (item as? View) ?? (item as? LayoutGuide)?.owningView
            return owner.map { removedIDs.contains(ObjectIdentifier($0)) } ?? false
        }
        for constraint in orderedConstraints + engineConstraints.all
        where mentionsRemoved(constraint.firstItem) || mentionsRemoved(constraint.secondItem) {
            uninstall(constraint)
            forget(constraint)
        }
        for gone in removed {
            let vars = gone.variables
            for variable in [vars.x, vars.y, vars.width, vars.height] {
                if let stay = exerciseStays.removeValue(forKey: variable.id) { try? solver.removeConstraint(stay) }
            }
            animator.removeAnimations(of: gone)
            viewsByID[gone.identifier] = nil
            presentationSnapshot.remove(gone.slot)
            gone.slot = -1
        }
        view.superview?.subviews.removeAll { $0 === view }
        view.superview = nil
        // The removed subtree is a tree of its own now: its depths count from its new root.
        let cut = view.depth
        for gone in removed { gone.depth -= cut }
        viewTreeChanged(appending: nil)
        healBrokenConstraints()
        setNeedsLayout()
    }

    /// Moves `viewTreeVersion`; `appended` is the view just added, kept as `lastAppendedView` when it
    /// is last in document order (it and each of its ancestors last among its siblings).
    /// - Complexity: O(depth).
    func viewTreeChanged(appending appended: View?) {
        let before = viewTreeVersion
        viewTreeVersion = nextViewTreeVersion()
        lastAppendedView = nil
        guard let appended else { return }
        var item = appended
        while let parent = item.superview {
            guard parent.subviews.last === item else { return }
            item = parent
        }
        if item === root { lastAppendedView = (appended, before) }
    }

    /// Marks the layout as needing a pass (`setNeedsLayout`).
    public func setNeedsLayout() { needsLayout = true }

    static func validate(identifier: String) throws {
        // By bytes: every allowed character is ASCII, so a byte ≥ 0x80 already fails, and for an ASCII
        // string the byte count is the character count.
        let utf8 = identifier.utf8
        func isAllowed(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
        // The bytes in place when the string has them contiguously (walking the view costs more).
        let allowed = utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isAllowed) } ?? utf8.allSatisfy(isAllowed)
        guard !utf8.isEmpty, utf8.count <= 64, allowed else {
            throw LayoutError.invalidIdentifier(identifier)
        }
    }
}
