import Cassowary

/// Which views a layout pass gives their solved frame: those whose variables the solver says moved,
/// and those whose frame was set apart from the solver, so a pass after an edit costs what the edit
/// moved rather than one solver read per view.
///
/// Every view variable a constraint brings into the solver is tagged with its view's presentation slot
/// (`Solver.setTag`), a guide's with -2 (no frame reads it). A changed variable without a tag (a path
/// that did not tag, such as a drag's edit variable) makes the pass read every view, and tags them all.
extension LayoutEngine {
    /// Tags the frame variables of `constraint`'s items (see above); called once it is in the solver.
    /// - Complexity: O(1): eight hash lookups at most.
    func tagFrameVariables(of constraint: LayoutConstraint) {
        for item in [constraint.firstItem, constraint.secondItem] {
            guard let item else { continue }
            if let view = item as? View {
                tag(view)
            } else {
                let vars = item.variables
                for variable in [vars.x, vars.y, vars.width, vars.height] { solver.setTag(-2, of: variable) }
            }
        }
    }

    /// Tags `view`'s four variables with its presentation slot.
    private func tag(_ view: View) {
        let vars = view.variables
        let tag = Int32(truncatingIfNeeded: view.slot)
        for variable in [vars.x, vars.y, vars.width, vars.height] { solver.setTag(tag, of: variable) }
    }

    /// Which views of the tree (not the root) a pass must give their solved frame. Takes the solver's
    /// changes and the frames out of step.
    enum FramesToSet {
        /// These (a view may repeat).
        case these([View])
        /// Every view: more moved than a walk of the tree costs to read them all.
        case all
        /// Every view, tagging their variables: a changed variable had no tag.
        case allTagging
    }

    /// What the next pass sets (see ``FramesToSet``).
    /// - Complexity: O(variables that changed + frames set apart), at most O(views).
    func framesToSet() -> FramesToSet {
        let outOfStep = framesOutOfStep
        framesOutOfStep = []
        // Past one changed variable for every other view, reading every frame in tree order is
        // cheaper than finding each view's (callgrind, the 20-view tweak: all 20 move).
        let changed = solver.takeChangedTags(atMost: viewCount / 2)
        guard !framesNeedFullPass else { return .allTagging }
        switch changed {
        case .untagged: return .allTagging
        case .many: return .all
        case .tags(let tags):
            var views: [View] = []
            views.reserveCapacity(tags.count + outOfStep.count)
            for slot in tags + outOfStep {
                // A removed view holds no slot, so every view found is in the tree (or is the keyboard).
                // A tag left by a removed view may name the view that took its slot: a read too many.
                guard let view = presentationSnapshot.view(inSlot: Int(slot)), view !== root, view !== keyboard
                else { continue }
                views.append(view)
            }
            return .these(views)
        }
    }

    /// Notes that `view`'s model frame may no longer be its solved one; past one note per view the
    /// next pass reads every frame instead (frames set again and again between passes keep no list).
    func noteFrameOutOfStep(_ view: View) {
        guard !framesNeedFullPass else { return }
        if framesOutOfStep.count > viewCount {
            framesOutOfStep = []
            framesNeedFullPass = true
        } else {
            framesOutOfStep.append(Int32(truncatingIfNeeded: view.slot))
        }
    }

    /// Sets the solved frame of each of `views` (a view listed twice is set once: the second is equal).
    func setSolvedFrames(of views: [View]) {
        let scale = scale
        for view in views { setModelFrame(view, solvedFrame(of: view, scale: scale)) }
    }

    /// Sets the solved frame of every descendant of `view`, tagging their variables with `tagging`, so
    /// the next pass can read only what moves.
    func setAllSolvedFrames(under view: View, tagging: Bool) {
        let scale = scale   // read once, not once per view
        view.forEachDescendant { descendant in
            if tagging { tag(descendant) }
            setModelFrame(descendant, solvedFrame(of: descendant, scale: scale))
        }
        if tagging { framesNeedFullPass = false }
    }
}
