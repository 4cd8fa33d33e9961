import Cassowary

/// The layout pass and the view properties it and the host set.
extension LayoutEngine {
    /// Runs the layout pass if one is needed, as `UIView.layoutIfNeeded`: the frames of `view`'s
    /// descendants take their solved values (rounded to pixels). `view`'s own frame is its superview's
    /// business, so calling this on the root lays out everything. Inside `animate` the changes animate.
    public func layoutIfNeeded(_ view: View? = nil) {
        let view = view ?? root
        guard needsLayout else { return }
        updateStackViews()
        solver.updateVariables()
        if hasHadTextViews { wrapTextAtLaidOutWidths() }
        isSettingSolvedFrames = true
        defer { isSettingSolvedFrames = false }
        if view === root {
            switch framesToSet() {
            case .these(let moved): setSolvedFrames(of: moved)
            case .all: setAllSolvedFrames(under: root, tagging: false)
            case .allTagging: setAllSolvedFrames(under: root, tagging: true)
            }
        } else {
            setAllSolvedFrames(under: view, tagging: false)
        }
        if view === root { needsLayout = false }
    }

    /// The frame the solver gives `view` (superview space, rounded to 1/scale points).
    public func solvedFrame(of view: View) -> Rect {
        solvedFrame(of: view, scale: scale)
    }

    func solvedFrame(of view: View, scale: Double) -> Rect {
        let vars = view.variables
        // The solver places the alignment rectangle; the frame is it grown by the insets.
        let insets = view.alignmentRectInsets
        let rect = Rect(x: solver.value(of: vars.x) - insets.left, y: solver.value(of: vars.y) - insets.top,
                        width: solver.value(of: vars.width) + insets.left + insets.right,
                        height: solver.value(of: vars.height) + insets.top + insets.bottom)
        return rect.roundedToPixels(scale: scale)
    }

    /// Sets `alignmentRectInsets`, as a control's class does: constraints then place the alignment
    /// rectangle and the frame is it grown by the insets. Meant for views without subviews and without
    /// autoresizing-mask translation (their frame is pinned as set).
    /// - Throws: `invalidValue` for non-finite insets.
    public func setAlignmentRectInsets(_ insets: EdgeInsets, of view: View) throws {
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
            throw LayoutError.invalidValue("alignment rect insets must be finite")
        }
        view.alignmentRectInsets = insets
        noteFrameOutOfStep(view)
        setNeedsLayout()
    }

    /// Sets the bounds origin (points), as assigning `bounds.origin`: subviews shift on screen, no frame
    /// changes. A root bounds size change resizes the root.
    /// - Throws: `invalidValue` for non-finite or negative values.
    public func setBounds(_ bounds: Rect, of view: View) throws {
        guard bounds.components.allSatisfy(\.isFinite), bounds.width >= 0, bounds.height >= 0 else {
            throw LayoutError.invalidValue("bounds must be finite with a size that is not negative")
        }
        animator.record(.boundsOrigin, of: view, from: [view.boundsOrigin.x, view.boundsOrigin.y],
                        to: [bounds.origin.x, bounds.origin.y], now: time)
        view.boundsOrigin = bounds.origin
        presentationSnapshot.modelChanged(view.slot)
        followContentOffset(of: view)
        if bounds.size != view.frame.size {
            if view === root {
                try setRootSize(bounds.size)
            } else {
                let center = view.center
                setModelFrame(view, Rect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2,
                                         width: bounds.width, height: bounds.height))
            }
        }
    }

    /// Moves the view's center (superview space, points), as assigning `center`. The next layout pass
    /// puts a constrained view back where its constraints say.
    /// - Throws: `invalidValue` for non-finite values.
    public func setCenter(_ center: Point, of view: View) throws {
        guard center.x.isFinite, center.y.isFinite else {
            throw LayoutError.invalidValue("center must be finite")
        }
        guard view !== root else { return }
        let size = view.frame.size
        setModelFrame(view, Rect(x: center.x - size.width / 2, y: center.y - size.height / 2,
                                 width: size.width, height: size.height))
    }

    /// Sets the opacity (0…1), as `alpha`.
    /// - Throws: `invalidValue` outside 0…1.
    public func setAlpha(_ alpha: Double, of view: View) throws {
        guard alpha.isFinite, (0...1).contains(alpha) else {
            throw LayoutError.invalidValue("alpha must be between 0 and 1")
        }
        animator.record(.alpha, of: view, from: [view.alpha], to: [alpha], now: time)
        view.alpha = alpha
        presentationSnapshot.modelChanged(view.slot)
    }

    /// Sets the affine transform, applied about the center; Auto Layout ignores it.
    /// - Throws: `invalidValue` for non-finite components.
    public func setTransform(_ transform: AffineTransform, of view: View) throws {
        guard transform.components.allSatisfy(\.isFinite) else {
            throw LayoutError.invalidValue("transform components must be finite")
        }
        animator.record(.transform, of: view, from: view.transform.components, to: transform.components,
                        now: time)
        view.transform = transform
        presentationSnapshot.modelChanged(view.slot)
    }

    /// Sets the model frame, recording an animation inside an `animate` block; keeps the constraints of
    /// a view that translates its autoresizing mask in step.
    func setModelFrame(_ view: View, _ frame: Rect) {
        guard frame != view.frame else { return }
        animator.record(.frame, of: view, from: view.frame.components, to: frame.components, now: time)
        view.frame = frame
        // A frame set from outside the pass goes back to the solved one at the next pass.
        if !isSettingSolvedFrames { noteFrameOutOfStep(view) }
        presentationSnapshot.modelChanged(view.slot)
        if view.translatesAutoresizingMaskIntoConstraints { updateAutoresizingConstraints(of: view) }
    }
}
