/// Labels, buttons and text fields: their intrinsic size from measured text, and UIKit's two-pass
/// layout for text whose height depends on its width.
///
/// A wrapping label (`numberOfLines` ≠ 1) with an automatic `preferredMaxLayoutWidth` reports its
/// unwrapped width as its intrinsic width and, as its intrinsic height, the height of its text wrapped
/// at the width the previous pass gave it. The layout pass (`layoutIfNeeded`) solves, wraps each such
/// label at its solved width, and solves again when a height changed: narrowing a label makes it
/// taller within the same `layoutIfNeeded`, as UIKit's second pass does after a label's
/// `layoutSubviews` updates its preferred width.
extension LayoutEngine {
    /// How many times one layout pass re-wraps text and solves again before it keeps what it has:
    /// widths rarely depend on heights (an aspect-ratio constraint on a label), and each round settles
    /// more of them.
    static let maxTextPasses = 4

    /// Gives `view` text, or takes it away (nil), as making it a `UILabel`, `UIButton` or
    /// `UITextField` and setting its properties. Its intrinsic content size and baselines follow.
    /// - Throws: `invalidValue` for bad numbers (`TextContent`), `textUnavailable` when the engine
    ///   has no `textMeasurer` or the measurer cannot load the font. A refused change leaves the view
    ///   as it was.
    public func setTextContent(_ content: TextContent?, of view: View) throws {
        guard let content else {
            view.textContent = nil
            view.textLayout = nil
            view.textState = TextState()
            applyIntrinsicSize(Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric), of: view)
            reinstallBaselineConstraints(of: view)
            return
        }
        try content.validate()
        guard let textMeasurer, textMeasurer.metrics(of: content.font) != nil else {
            throw LayoutError.textUnavailable("text cannot be measured: the font files are missing")
        }
        view.textContent = content
        layoutResultCandidates.insert(view.identifier)
        hasHadTextViews = true
        // Until a pass has given the view a width, wrap at its current frame width only if it has one.
        let width = content.wraps && content.preferredMaxLayoutWidth == 0 && view.frame.width > 0
            ? view.frame.width : nil
        measureText(of: view, wrappingAt: width)
    }

    /// Re-wraps every automatically wrapping label at its solved width and solves again, until no
    /// intrinsic size changes (at most `maxTextPasses` rounds).
    func wrapTextAtLaidOutWidths() {
        for _ in 0..<Self.maxTextPasses {
            var changed = false
            root.forEachDescendant { view in
                guard let content = view.textContent, content.wraps, content.preferredMaxLayoutWidth == 0 else { return }
                let width = solvedFrame(of: view).width
                guard width != view.textState.wrapWidth else { return }
                if measureText(of: view, wrappingAt: width) { changed = true }
            }
            guard changed else { return }
            solver.updateVariables()
        }
    }

    /// Measures the text of `view` wrapped at `automaticWidth` (or its preferred width) and updates its
    /// lines, intrinsic size and baselines. Returns whether the intrinsic size changed.
    @discardableResult
    func measureText(of view: View, wrappingAt automaticWidth: Double?) -> Bool {
        guard let content = view.textContent, let textMeasurer else { return false }
        let text = content.measuredText
        let wrapWidth: Double? = content.wraps
            ? (content.preferredMaxLayoutWidth > 0 ? content.preferredMaxLayoutWidth : automaticWidth) : nil
        let wrapping = content.lineBreakMode.wrapping
        guard let shown = textMeasurer.layout(text, font: content.font, width: wrapWidth, wrapping: wrapping),
              let natural = wrapWidth == nil ? shown
                : textMeasurer.layout(text, font: content.font, width: nil, wrapping: wrapping)
        else { return false }
        let sizing = TextSizing(content: content, shown: shown, naturalWidth: natural.width, scale: scale)
        let limit = content.numberOfLines == 0 ? shown.lines.count : min(content.numberOfLines, shown.lines.count)
        view.textLayout = TextLayout(lines: Array(shown.lines.prefix(limit)), metrics: shown.metrics)
        let oldOffsets = view.textState.baselineOffsets
        view.textState = TextState(wrapWidth: wrapWidth, baselineOffsets: sizing.baselineOffsets)
        if oldOffsets.map({ $0 != sizing.baselineOffsets }) ?? true { reinstallBaselineConstraints(of: view) }
        let changed = sizing.intrinsicSize != view.intrinsicContentSize
        applyIntrinsicSize(sizing.intrinsicSize, of: view)
        return changed
    }

    /// Sets an intrinsic size, changing the content size constraints' constants in place when both
    /// axes keep a size (cheaper than reinstalling them on every re-wrap).
    private func applyIntrinsicSize(_ size: Size, of view: View) {
        let old = view.intrinsicContentSize
        guard size != old else { return }
        view.intrinsicContentSize = size
        let none = View.noIntrinsicMetric
        guard old.width != none, old.height != none, size.width != none, size.height != none else {
            installContentSizeConstraints(of: view)
            return
        }
        // Only the axis that changed: each change is a solver edit (a wrapping label's width stays).
        for (horizontal, value, was) in [(true, size.width, old.width), (false, size.height, old.height)] where value != was {
            let kinds = ViewConstraintKind.contentSize(horizontal: horizontal)
            changeInternal(.view(slot: view.slot, kinds.hugging), to: value)
            changeInternal(.view(slot: view.slot, kinds.compression), to: value)
        }
    }

    /// Installs anew the constraints that tie a baseline of `view`, whose expressions hold the
    /// baseline offsets as constants.
    private func reinstallBaselineConstraints(of view: View) {
        func isBaseline(_ attribute: LayoutAttribute?) -> Bool {
            attribute == .firstBaseline || attribute == .lastBaseline
        }
        func tiesBaseline(_ constraint: LayoutConstraint) -> Bool {
            (constraint.firstItem === view && isBaseline(constraint.firstAttribute))
                || (constraint.secondItem === view && isBaseline(constraint.secondAttribute))
        }
        func reinstall(_ constraint: LayoutConstraint) {
            guard constraint.installed != nil, tiesBaseline(constraint) else { return }
            uninstall(constraint)
            _ = install(constraint)
        }
        orderedConstraints.forEach(reinstall)
        // The engine's own constraints tie baselines only in stack views (`UISV-alignment`).
        if hasHadStackViews { engineConstraints.all.forEach(reinstall) }
        setNeedsLayout()
    }
}
