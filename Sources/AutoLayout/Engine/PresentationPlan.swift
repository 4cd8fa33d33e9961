/// One view as a frame shows it: who it is and what is on screen.
public struct PresentedView {
    /// The view's identity (`ObjectIdentifier(view)`), to match it with what an earlier frame showed.
    public let id: ObjectIdentifier
    /// The view's name in the engine (`"root"` for the root).
    public let identifier: String
    /// The on-screen state at the engine's `time`.
    public let state: ViewState
    /// `View.isHidden`.
    public let isHidden: Bool
}

/// The view tree's model values and running animations copied into two contiguous arrays, in the
/// order frames visit the views, so a frame reads a few kilobytes in sequence instead of every view
/// object, the animator's dictionary and each view's animation list: with many sessions taking turns,
/// those reads miss the cache one after another.
///
/// Valid while neither the views' shown values, the tree, nor the running animations changed: the
/// engine's `ChangeCounter` and the animator's `version` are compared on every use. A layout pass that
/// only moves frames without animating them updates the copy in place (`updateFrame`).
struct PresentationPlan {
    struct Entry {
        let id: ObjectIdentifier
        let identifier: String
        var frame: Rect
        let boundsOrigin: Point
        let alpha: Double
        let transform: AffineTransform
        let isHidden: Bool
        /// This view's animations in `animations`; `count` -1 when it has none (nil offsets).
        let start: Int32
        let count: Int32
    }

    /// The root and its descendants, then the keyboard.
    private var entries: [Entry] = []
    private var animations: [PropertyAnimation] = []
    private var changes: UInt64?
    private var animatorVersion: UInt64?
    private var progress = ProgressCache()
    /// How many times the plan was copied from the tree (for tests).
    private(set) var rebuildCount = 0

    /// Whether the plan shows the tree as it is now.
    func isValid(changes: UInt64, animatorVersion: UInt64) -> Bool {
        self.changes == changes && self.animatorVersion == animatorVersion
    }

    /// Copies `root` and its descendants (depth-first, parents first), then `keyboard`, with their running
    /// animations.
    mutating func rebuild(root: View, keyboard: View, animator: Animator, changes: UInt64) {
        entries.removeAll(keepingCapacity: true)
        animations.removeAll(keepingCapacity: true)
        let running = animator.running   // captured alone: capturing the animator copied it per view
        func add(_ view: View) {
            let start = animations.count
            var count = -1
            if let list = running[ObjectIdentifier(view)] {
                animations.append(contentsOf: list)
                count = list.count
            }
            view.presentationIndex = entries.count
            entries.append(Entry(id: ObjectIdentifier(view), identifier: view.identifier, frame: view.frame,
                                 boundsOrigin: view.boundsOrigin, alpha: view.alpha, transform: view.transform,
                                 isHidden: view.isHidden, start: Int32(start), count: Int32(count)))
        }
        add(root)
        root.forEachDescendant(add)
        add(keyboard)
        self.changes = changes
        animatorVersion = animator.version
        rebuildCount += 1
    }

    /// Copies a new model frame of `view` into a plan that was valid before the change, then marks the
    /// plan valid at `changes` (the counter after the change), so a layout pass that only moves frames,
    /// as every constant tweak does, leaves a plan that needs no rebuilding. A view the plan does not
    /// hold at its recorded index invalidates the plan instead.
    mutating func updateFrame(of view: View, to frame: Rect, changes: UInt64) {
        let index = view.presentationIndex
        guard entries.indices.contains(index), entries[index].id == ObjectIdentifier(view) else {
            self.changes = nil
            return
        }
        entries[index].frame = frame
        self.changes = changes
    }

    /// Calls `body` for every view in order with its state at `time`: the arithmetic of
    /// `LayoutEngine.presentation(of:)`, on the copies.
    mutating func forEach(at time: Double, _ body: (PresentedView) -> Void) {
        for index in entries.indices.dropLast() {
            let entry = entries[index]
            body(PresentedView(id: entry.id, identifier: entry.identifier, state: state(of: entry, at: time),
                               isHidden: entry.isHidden))
        }
    }

    /// The keyboard's state at `time`.
    mutating func keyboard(at time: Double) -> ViewState? {
        guard let entry = entries.last else { return nil }
        return state(of: entry, at: time)
    }

    private mutating func state(of entry: Entry, at time: Double) -> ViewState {
        var offsets: PresentationOffsets?
        if entry.count >= 0 {
            var sum = PresentationOffsets()
            sum.add(animations[Int(entry.start)..<Int(entry.start) + Int(entry.count)], at: time, progress: &progress)
            offsets = sum
        }
        return LayoutEngine.presentation(frame: entry.frame, boundsOrigin: entry.boundsOrigin, alpha: entry.alpha,
                                         transform: entry.transform, offsets: offsets)
    }
}

extension LayoutEngine {
    /// Calls `body` for the root and each of its descendants, depth-first with parents before children
    /// and siblings in order, with its state on screen at `time` (as `presentation(of:)` gives it) and
    /// whether it is hidden. Frames are built this way: while only the time changes, as in every frame of
    /// an animation, it reads a copy of the tree kept in one block instead of the views themselves.
    public func forEachPresentation(_ body: (PresentedView) -> Void) {
        guard time >= animator.retiredEnd else {
            // A seek back into ended animations: those are not in the copy.
            func visit(_ view: View) {
                body(PresentedView(id: ObjectIdentifier(view), identifier: view.identifier,
                                   state: presentation(of: view), isHidden: view.isHidden))
            }
            visit(root)
            root.forEachDescendant(visit)
            return
        }
        updatePresentationPlan()
        presentationPlan.forEach(at: time, body)
    }

    /// The keyboard's state on screen at `time`, as `presentation(of: keyboard)` gives it, read from the
    /// same copy as `forEachPresentation(_:)`.
    public var keyboardPresentation: ViewState {
        guard time >= animator.retiredEnd else { return presentation(of: keyboard) }
        updatePresentationPlan()
        return presentationPlan.keyboard(at: time) ?? presentation(of: keyboard)
    }

    private func updatePresentationPlan() {
        if !presentationPlan.isValid(changes: changes.count, animatorVersion: animator.version) {
            presentationPlan.rebuild(root: root, keyboard: keyboard, animator: animator, changes: changes.count)
        }
    }
}
