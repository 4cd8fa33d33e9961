/// The fields of a view's on-screen state a frame can carry.
public struct PresentedFields: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let frame = PresentedFields(rawValue: 1 << 0)
    public static let bounds = PresentedFields(rawValue: 1 << 1)
    public static let alpha = PresentedFields(rawValue: 1 << 2)
    public static let transform = PresentedFields(rawValue: 1 << 3)
    /// `isHidden`.
    public static let hidden = PresentedFields(rawValue: 1 << 4)
}

/// One view as `LayoutEngine.forEachPresentationChange(since:_:)` reports it: its name, what it shows
/// now with every number rounded to a micro-point (`MicroPoints`), and which fields changed.
public struct PresentedChange {
    /// The view's name in the engine (`"root"` for the root).
    public let identifier: String
    /// The on-screen state at the engine's `time`, rounded by `MicroPoints.rounded(_:)`.
    public let state: ViewState
    /// `View.isHidden`.
    public let isHidden: Bool
    /// The fields that changed since the generation asked about. A view added since then has all four
    /// geometric fields, and `hidden` only when it is hidden.
    public let fields: PresentedFields

    /// A change as the snapshot reports it (tools and tests build their own to write a `frames`).
    public init(identifier: String, state: ViewState, isHidden: Bool, fields: PresentedFields) {
        self.identifier = identifier
        self.state = state
        self.isHidden = isHidden
        self.fields = fields
    }
}

/// The engine's one copy of what its views show, for frames: an entry per view, in a slot the view
/// keeps for as long as it is in the tree (`View.slot`), holding the view's model values, its running
/// animations (by range into one contiguous array) and its on-screen state at the snapshot's time,
/// rounded to a micro-point. Every entry records the generation at which each of its fields last
/// changed, so any number of readers each keep one number, the generation they last saw, and read
/// what changed since then; none of them keeps a copy of the tree.
///
/// Why a copy at all: a frame of an animation changes only the time. Reading the few kilobytes of
/// entries in sequence, instead of every view object, the animator's dictionary and each view's
/// animation list, keeps a frame in cache when many sessions take turns.
///
/// The engine tells the snapshot what changed: a model value of a view (`modelChanged`), the tree
/// (`add`, `remove`); running animations are noticed through the animator's `version`, time through
/// the engine's clock. `update` then recomputes only the entries that may have changed.
struct PresentationSnapshot {
    struct Entry {
        /// The view in this slot; nil when the slot is free.
        var view: View?
        var identifier = ""
        // The view's model values as of the last `update`.
        var frame = Rect.zero
        var boundsOrigin = Point(x: 0, y: 0)
        var alpha = 1.0
        var transform = AffineTransform.identity
        var isHidden = false
        /// This view's animations in `animations`; `animationCount` −1 when it has none.
        var animationStart: Int32 = 0
        var animationCount: Int32 = -1
        /// The on-screen state at `time`, rounded to a micro-point.
        var shown = ViewState(frame: .zero, bounds: .zero, alpha: 1, transform: .identity)
        var shownHidden = false
        /// The generation at which the view entered the snapshot, and at which each field last changed.
        var added: UInt64 = 0
        var frameChanged: UInt64 = 0
        var boundsChanged: UInt64 = 0
        var alphaChanged: UInt64 = 0
        var transformChanged: UInt64 = 0
        var hiddenChanged: UInt64 = 0
        /// The largest of the generations above: a reader skips the entry when it saw this one.
        var latest: UInt64 = 0
        /// The model values must be read from the view again.
        var isStale = true
        /// Added since the last `update`.
        var isNew = true
    }

    private var entries: [Entry] = []
    private var freeSlots: [Int] = []
    /// The slots of the root and its descendants in the order frames list them (depth-first, parents
    /// first, siblings in order); rebuilt after the tree changed.
    private var order: [Int] = []
    private var orderIsStale = true
    /// Slots whose model values changed since the last `update`.
    private var staleSlots: [Int] = []
    /// Slots with running animations, and the animations in one block (as of `animatorVersion`).
    private var animatedSlots: [Int] = []
    private var animations: [PropertyAnimation] = []
    private var animatorVersion: UInt64?
    private var progress = ProgressCache()
    /// The engine time the shown states are for; nil before the first `update`.
    private var time: Double?
    /// Whether the last `update` read kept (ended) animations, seeking back in the timeline.
    private var wasSeeking = false
    /// The keyboard's slot.
    private(set) var keyboardSlot = -1
    /// Moves by one at each `update` that changed anything; 0 is "nothing seen yet".
    private(set) var generation: UInt64 = 0

    // MARK: What the engine tells it

    /// Gives `view` a slot and returns it; its entry is filled at the next `update`.
    mutating func add(_ view: View, isKeyboard: Bool = false) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            entries[slot] = Entry(view: view, identifier: view.identifier)
        } else {
            slot = entries.count
            entries.append(Entry(view: view, identifier: view.identifier))
        }
        staleSlots.append(slot)
        if isKeyboard { keyboardSlot = slot } else { orderIsStale = true }
        return slot
    }

    /// The view in `slot`; nil for a free slot or one out of range.
    func view(inSlot slot: Int) -> View? {
        // Through the buffer: the entry is read in place, not copied out with its references.
        entries.withUnsafeBufferPointer { $0.indices.contains(slot) ? $0[slot].view : nil }
    }

    /// Whether `view` holds a slot here: an identity test, where looking its name up would hash it.
    func holds(_ view: View) -> Bool {
        entries.indices.contains(view.slot) && entries[view.slot].view === view
    }

    /// Frees `slot` (its view left the tree): readers no longer see it.
    mutating func remove(_ slot: Int) {
        guard entries.indices.contains(slot), entries[slot].view != nil else { return }
        entries[slot] = Entry(view: nil, isStale: false, isNew: false)
        freeSlots.append(slot)
        orderIsStale = true
    }

    /// Notes that a model value (frame, bounds origin, alpha, transform, `isHidden`) of the view in
    /// `slot` changed.
    mutating func modelChanged(_ slot: Int) {
        guard entries.indices.contains(slot), !entries[slot].isStale else { return }
        entries[slot].isStale = true
        staleSlots.append(slot)
    }

    // MARK: Bringing it up to date

    /// Brings every entry to `time` and the current model values and animations, stamping the fields
    /// that changed (as rounded) with a new generation. `root` is walked only when the tree changed;
    /// `animator` is read only when its `version` moved or the time is inside kept, ended animations.
    mutating func update(root: View, animator: inout Animator, time: Double) {
        if orderIsStale { rebuildOrder(root: root) }
        let seeking = time < animator.retiredEnd
        let moved = self.time != time
        self.time = time
        let next = generation + 1
        var changed = false
        if seeking || wasSeeking || animatorVersion != animator.version {
            // New or ended animations (rare next to frames): regather them, then recompute every view,
            // the ones that lost animations included. Kept animations are read through the animator.
            regatherAnimations(animator.running, version: animator.version)
            for index in staleSlots { refreshModel(index) }
            staleSlots.removeAll(keepingCapacity: true)
            for index in order { changed = recompute(index, next: next, seekingIn: seeking ? animator : nil) || changed }
            changed = recompute(keyboardSlot, next: next, seekingIn: seeking ? animator : nil) || changed
        } else {
            for index in staleSlots {
                refreshModel(index)
                // An animated view is recomputed below anyway.
                if entries[index].animationCount < 0 || !moved {
                    changed = recompute(index, next: next, seekingIn: nil) || changed
                }
            }
            staleSlots.removeAll(keepingCapacity: true)
            if moved {
                for index in animatedSlots { changed = recompute(index, next: next, seekingIn: nil) || changed }
            }
        }
        wasSeeking = seeking
        if changed { generation = next }
    }

    private mutating func rebuildOrder(root: View) {
        order.removeAll(keepingCapacity: true)
        order.append(root.slot)
        root.forEachDescendant { order.append($0.slot) }
        orderIsStale = false
    }

    private mutating func regatherAnimations(_ running: [ObjectIdentifier: [PropertyAnimation]], version: UInt64) {
        animations.removeAll(keepingCapacity: true)
        animatedSlots.removeAll(keepingCapacity: true)
        for index in entries.indices {
            guard let view = entries[index].view else { continue }
            if let list = running[ObjectIdentifier(view)] {
                entries[index].animationStart = Int32(animations.count)
                entries[index].animationCount = Int32(list.count)
                animations.append(contentsOf: list)
                animatedSlots.append(index)
            } else {
                entries[index].animationCount = -1
            }
        }
        animatorVersion = version
    }

    /// Copies the model values of the view in `slot` into its entry.
    private mutating func refreshModel(_ slot: Int) {
        guard entries.indices.contains(slot), let view = entries[slot].view else { return }
        entries[slot].frame = view.frame
        entries[slot].boundsOrigin = view.boundsOrigin
        entries[slot].alpha = view.alpha
        entries[slot].transform = view.transform
        entries[slot].isHidden = view.isHidden
        entries[slot].isStale = false
    }

    /// Computes the shown state of `slot` at `time` (through `seekingIn`'s kept animations when
    /// given), stamps the fields that differ from the last shown with `next`, and says whether any did.
    private mutating func recompute(_ slot: Int, next: UInt64, seekingIn animator: Animator?) -> Bool {
        guard entries.indices.contains(slot), let view = entries[slot].view else { return false }
        let time = self.time ?? 0
        var offsets: PresentationOffsets?
        if var animator {
            offsets = animator.presentationOffsets(of: ObjectIdentifier(view), at: time)
        } else if entries[slot].animationCount >= 0 {
            let start = Int(entries[slot].animationStart)
            var sum = PresentationOffsets()
            sum.add(animations[start..<start + Int(entries[slot].animationCount)], at: time, progress: &progress)
            offsets = sum
        }
        let entry = entries[slot]
        let state = MicroPoints.rounded(LayoutEngine.presentation(
            frame: entry.frame, boundsOrigin: entry.boundsOrigin, alpha: entry.alpha, transform: entry.transform,
            offsets: offsets))
        if entry.isNew {
            entries[slot].isNew = false
            entries[slot].shown = state
            entries[slot].shownHidden = entry.isHidden
            entries[slot].added = next
            entries[slot].frameChanged = next
            entries[slot].boundsChanged = next
            entries[slot].alphaChanged = next
            entries[slot].transformChanged = next
            entries[slot].hiddenChanged = next
            entries[slot].latest = next
            return true
        }
        var changed = false
        if state.frame != entry.shown.frame { entries[slot].frameChanged = next; changed = true }
        if state.bounds != entry.shown.bounds { entries[slot].boundsChanged = next; changed = true }
        if state.alpha != entry.shown.alpha { entries[slot].alphaChanged = next; changed = true }
        if state.transform != entry.shown.transform { entries[slot].transformChanged = next; changed = true }
        if entry.isHidden != entry.shownHidden { entries[slot].hiddenChanged = next; changed = true }
        guard changed else { return false }
        entries[slot].shown = state
        entries[slot].shownHidden = entry.isHidden
        entries[slot].latest = next
        return true
    }

    // MARK: Reading

    /// Calls `body` for every view in frame order (root first) that changed after generation `seen`
    /// (0: every view), with the fields that did.
    func forEachChange(since seen: UInt64, _ body: (PresentedChange) -> Void) {
        for index in order {
            guard entries[index].latest > seen else { continue }
            var fields: PresentedFields = []
            if entries[index].frameChanged > seen { fields.insert(.frame) }
            if entries[index].boundsChanged > seen { fields.insert(.bounds) }
            if entries[index].alphaChanged > seen { fields.insert(.alpha) }
            if entries[index].transformChanged > seen { fields.insert(.transform) }
            // A view new to the reader shows `hidden` only when true, as a complete frame does.
            let isHidden = entries[index].shownHidden
            if entries[index].hiddenChanged > seen, isHidden || entries[index].added <= seen { fields.insert(.hidden) }
            body(PresentedChange(identifier: entries[index].identifier, state: entries[index].shown,
                                 isHidden: isHidden, fields: fields))
        }
    }

    /// Calls `body` for every view in frame order with its shown state and whether it is hidden.
    func forEachShown(_ body: (String, ViewState, Bool) -> Void) {
        for index in order { body(entries[index].identifier, entries[index].shown, entries[index].shownHidden) }
    }

    /// The keyboard's shown frame, and whether it changed after generation `seen`.
    func keyboard(since seen: UInt64) -> (frame: Rect, changed: Bool) {
        guard entries.indices.contains(keyboardSlot) else { return (.zero, false) }
        return (entries[keyboardSlot].shown.frame, entries[keyboardSlot].frameChanged > seen)
    }
}

extension LayoutEngine {
    /// Brings the engine's snapshot of what its views show up to the current `time`, model values and
    /// animations, and returns its generation: a reader that has seen this generation has seen every
    /// change so far. Generations only grow for one engine; a new engine starts again from 0.
    public func updatePresentation() -> UInt64 {
        presentationSnapshot.update(root: root, animator: &animator, time: time)
        return presentationSnapshot.generation
    }

    /// Calls `body` for the root and each descendant (depth-first, parents first, siblings in order)
    /// whose on-screen state changed after generation `seen` (0: every view), with that state rounded
    /// to a micro-point and the fields that changed. A field that changed and changed back since `seen`
    /// is reported again with its value. Call `updatePresentation()` first.
    public func forEachPresentationChange(since seen: UInt64, _ body: (PresentedChange) -> Void) {
        presentationSnapshot.forEachChange(since: seen, body)
    }

    /// The keyboard's on-screen frame rounded to a micro-point, and whether it changed after generation
    /// `seen`. Call `updatePresentation()` first.
    public func keyboardPresentation(since seen: UInt64) -> (frame: Rect, changed: Bool) {
        presentationSnapshot.keyboard(since: seen)
    }
}

extension PresentationSnapshot {
    /// Gives back the spare capacity growth left in the entry and order tables (`Array.fitCapacity()`).
    /// - Complexity: O(views).
    mutating func fitCapacities() {
        entries.fitCapacity()
        order.fitCapacity()
        freeSlots.fitCapacity()
    }
}
