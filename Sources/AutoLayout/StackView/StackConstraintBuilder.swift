/// Generates the constraints UIKit's `UIStackView` installs for one configuration, under UIKit's names
/// (`UISV-canvas-connection`, `UISV-spacing`, …) suffixed with the stack's id and a counter per name:
/// `UISV-spacing-<stack>-1`, `UISV-spacing-<stack>-2`, …
///
/// What follows is written for a horizontal stack (leading/trailing/width along the axis, top/bottom/
/// height across it); a vertical stack swaps the axes. "Edge" is the stack, or its layout margins guide
/// with `isLayoutMarginsRelativeArrangement`.
///
/// Along the axis:
/// - `UISV-hiding`: a hidden arranged view has `width == 0`.
/// - `UISV-canvas-connection`: `edge.leading == first visible.leading`, `edge.trailing == last visible.trailing`.
/// - `UISV-spacing`: every arranged view follows the previous one: `view.leading == previous.trailing + gap`
///   (`>=` for `equalSpacing` and `equalCentering`). The gap is `spacing` between two visible views; a run
///   of hidden views between visible ones takes `spacing / 2` on each side (0 inside the run), and a run at
///   either end takes 0, so hidden views give up their spacing.
/// - `fillEqually`: `UISV-fill-equally` `first visible.width == other.width`.
/// - `fillProportionally`: `UISV-fill-proportionally` `view.width == m × stack.width` with
///   m = intrinsic width / (Σ visible intrinsic widths + (visible − 1) × spacing), at priorities 999, 998, …
///   by index (required with a single visible view). A view without an intrinsic width counts its
///   current width (`proportionalLength(of:horizontal:)`); a stack view not laid out yet its fitting
///   width (`proportionalSize(of:)`); any other missing intrinsic width counts as 0.
/// - `equalSpacing`: a spacer guide between neighbouring visible views (`UISV-distributing-edge`
///   `spacer.leading == previous.trailing`, `next.leading == spacer.trailing`), spacers of equal width
///   (`UISV-fill-equally`), and `UISV-canvas-fit` `stack.width == 0 @49` so an unsized stack hugs.
/// - `equalCentering`: spacers from center to center (`UISV-distributing-edge`), equal at priorities
///   149, 148, … (`UISV-fill-equally`), and the same `UISV-canvas-fit`.
///
/// Across the axis, relative to the first arranged view and through an `UISV-alignment-spanner` guide
/// that spans the visible views for every alignment but `fill`:
/// - `fill`: `edge.top == first.top`, `edge.bottom == first.bottom` (`UISV-canvas-connection`);
///   `first.top == view.top`, `first.bottom == view.bottom` (`UISV-alignment`).
/// - `leading`/`top`: `edge.top == first.top`, `edge.bottom == spanner.bottom`; tops aligned.
/// - `center`: `edge.top == spanner.top`, `edge.bottom == spanner.bottom`, `edge.centerY == first.centerY`;
///   centers aligned.
/// - `trailing`/`bottom`: `edge.top == spanner.top`, `edge.bottom == first.bottom`; bottoms aligned.
/// - `firstBaseline`/`lastBaseline`: `edge.top == spanner.top`, `edge.bottom == spanner.bottom`;
///   baselines aligned. In a vertical stack they act as `fill` (UIKit documents them for horizontal
///   stacks only).
/// - `UISV-spanning-boundary`: `spanner.top <= view.top` and `spanner.bottom >= view.bottom` per visible
///   view; on the edge the alignment pins (top for leading, bottom for trailing) it is `==` at 999.5
///   instead. Baseline alignments keep both inequalities and add `==` at 24 on one edge (top for
///   firstBaseline, bottom for lastBaseline), so in a stack taller than its views the group sits there
///   without stretching any view that hugs (this tie-break is ours; UIKit leaves the position to its
///   engine).
/// - `UISV-spanning-fit`: `spanner.height == 0 @51`, so an unsized stack is as tall as its tallest view.
/// - `UISV-ambiguity-suppression`: `view.height == 0 @25` for every arranged view, so a view without an
///   intrinsic height is not ambiguous.
struct StackConstraintBuilder {
    let stack: View
    let configuration: StackView
    let arranged: [View]
    /// The stack, or its layout margins guide.
    let edge: LayoutItem

    private(set) var constraints: [LayoutConstraint] = []
    private var counters: [String: Int] = [:]

    init(stack: View, configuration: StackView, arranged: [View], edge: LayoutItem) {
        self.stack = stack
        self.configuration = configuration
        self.arranged = arranged
        self.edge = edge
    }

    private var horizontal: Bool { configuration.axis == .horizontal }
    private var leading: LayoutAttribute { horizontal ? .leading : .top }
    private var trailing: LayoutAttribute { horizontal ? .trailing : .bottom }
    private var length: LayoutAttribute { horizontal ? .width : .height }
    private var center: LayoutAttribute { horizontal ? .centerX : .centerY }
    private var crossLeading: LayoutAttribute { horizontal ? .top : .leading }
    private var crossTrailing: LayoutAttribute { horizontal ? .bottom : .trailing }
    private var crossLength: LayoutAttribute { horizontal ? .height : .width }
    private var crossCenter: LayoutAttribute { horizontal ? .centerY : .centerX }

    /// The alignment as laid out: `top` is `leading`, `bottom` is `trailing`, baselines in a vertical
    /// stack are `fill`.
    var effectiveAlignment: StackView.Alignment {
        switch configuration.alignment {
        case .top: return .leading
        case .bottom: return .trailing
        case .firstBaseline, .lastBaseline: return horizontal ? configuration.alignment : .fill
        default: return configuration.alignment
        }
    }

    /// Builds every constraint, in the order they are installed.
    mutating func build() -> [LayoutConstraint] {
        constraints.removeAll()
        counters.removeAll()
        guard !arranged.isEmpty else { return [] }
        let visible = arranged.filter { !$0.isHidden }
        for view in arranged where view.isHidden {
            add("hiding", view, length, constant: 0)
        }
        if effectiveAlignment != .fill {
            for view in arranged {
                add("ambiguity-suppression", view, crossLength, constant: 0, priority: 25)
            }
        }
        buildDistribution(visible: visible)
        if let first = visible.first, let last = visible.last {
            add("canvas-connection", edge, leading, to: first, leading)
            add("canvas-connection", edge, trailing, to: last, trailing)
        }
        buildAlignment(visible: visible)
        return constraints
    }

    // MARK: Along the axis

    private mutating func buildDistribution(visible: [View]) {
        let spacing = configuration.spacing
        switch configuration.distribution {
        case .fill, .fillEqually, .fillProportionally:
            if configuration.distribution == .fillEqually, let first = visible.first {
                for view in visible.dropFirst() {
                    add("fill-equally", first, length, to: view, length)
                }
            }
            if configuration.distribution == .fillProportionally {
                buildProportions(visible: visible)
            }
            chain(relation: .equal, spacing: spacing)
        case .equalSpacing:
            let spacers = makeSpacers(count: visible.count - 1)
            for (index, spacer) in spacers.enumerated() {
                add("distributing-edge", spacer, leading, to: visible[index], trailing)
                add("distributing-edge", visible[index + 1], leading, to: spacer, trailing)
            }
            equalize(spacers, priority: LayoutConstraint.required)
            chain(relation: .greaterThanOrEqual, spacing: spacing)
            add("canvas-fit", stack, length, constant: 0, priority: 49)
        case .equalCentering:
            let spacers = makeSpacers(count: visible.count - 1)
            for (index, spacer) in spacers.enumerated() {
                add("distributing-edge", spacer, leading, to: visible[index], center)
                add("distributing-edge", visible[index + 1], center, to: spacer, trailing)
            }
            equalize(spacers, priority: 150)
            chain(relation: .greaterThanOrEqual, spacing: spacing)
            add("canvas-fit", stack, length, constant: 0, priority: 49)
        }
    }

    /// `UISV-spacing` between every pair of neighbouring arranged views, with the hidden-view gaps.
    private mutating func chain(relation: LayoutRelation, spacing: Double) {
        let hidden = arranged.map(\.isHidden)
        let firstVisible = hidden.firstIndex(of: false)
        let lastVisible = hidden.lastIndex(of: false)
        for index in arranged.indices.dropFirst() {
            var gap = 0.0
            if let firstVisible, let lastVisible {
                switch (hidden[index - 1], hidden[index]) {
                case (false, false): gap = spacing
                case (true, false): gap = index - 1 > firstVisible ? spacing / 2 : 0
                case (false, true): gap = index < lastVisible ? spacing / 2 : 0
                case (true, true): gap = 0
                }
            }
            add("spacing", arranged[index], leading, relation, to: arranged[index - 1], trailing, constant: gap)
        }
    }

    private mutating func buildProportions(visible: [View]) {
        let horizontal = horizontal
        func intrinsic(_ view: View) -> Double { Self.proportionalLength(of: view, horizontal: horizontal) }
        let total = visible.map(intrinsic).reduce(0, +) + Double(max(visible.count - 1, 0)) * configuration.spacing
        guard total > 0 else { return }
        var priority = LayoutConstraint.required
        let countDown = visible.count > 1
        for view in arranged {
            if countDown { priority -= 1 }
            guard !view.isHidden else { continue }
            add("fill-proportionally", view, length, to: stack, length, multiplier: intrinsic(view) / total,
                priority: priority)
        }
    }

    /// The length along the axis (points) `fillProportionally` divides by when it builds its
    /// constraints: the intrinsic length; for a view without one, its current length, the frame it
    /// has when the constraints are built (a loaded nib's saved frame, else the last layout's), as
    /// UIKit proportions views it cannot measure: Interface Builder's saved frames show it (a vertical
    /// stack of two arranged stacks whose fitting heights are 53 and 78 keeps them 53 and 80.5 tall
    /// in a 149.5 pt stack with 16 pt spacing, where fitting heights would give 149.5 × 53 / 147 =
    /// 53.9 and the rest, 79.6). A stack view not laid out yet counts its fitting length
    /// (`proportionalSize(of:)`), any other view 0.
    static func proportionalLength(of view: View, horizontal: Bool) -> Double {
        let own = horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height
        if own >= 0 { return own }
        let current = horizontal ? view.frame.width : view.frame.height
        if current > 0 { return current }
        let fitting = proportionalSize(of: view)
        return max(0, horizontal ? fitting.width : fitting.height)
    }

    /// The size `fillProportionally` divides by: the intrinsic content size, except that a stack view
    /// without one is measured by its fitting size, as UIKit measures an arranged stack view
    /// (`systemLayoutSizeFitting` of its arranged views, which have intrinsic sizes when a stack can
    /// be proportioned at all): along its axis the visible views' lengths and the spacing between
    /// them, across it the largest, plus its margins when it arranges inside them. Points; −1
    /// (`noIntrinsicMetric`) on an axis with nothing to measure.
    static func proportionalSize(of view: View) -> Size {
        let own = view.intrinsicContentSize
        guard let layout = view.stackLayout else { return own }
        let visible = layout.arranged.filter { !$0.isHidden }
        guard !visible.isEmpty else { return own }
        let sizes = visible.map(proportionalSize)
        let widths = sizes.map { max(0, $0.width) }, heights = sizes.map { max(0, $0.height) }
        let gaps = Double(visible.count - 1) * layout.configuration.spacing
        let alongX = layout.configuration.axis == .horizontal
        var width = alongX ? widths.reduce(0, +) + gaps : widths.max() ?? 0
        var height = alongX ? heights.max() ?? 0 : heights.reduce(0, +) + gaps
        if layout.configuration.isLayoutMarginsRelativeArrangement {
            width += view.layoutMargins.left + view.layoutMargins.right
            height += view.layoutMargins.top + view.layoutMargins.bottom
        }
        return Size(width: own.width >= 0 ? own.width : width, height: own.height >= 0 ? own.height : height)
    }

    private mutating func makeSpacers(count: Int) -> [LayoutGuide] {
        guard count > 0 else { return [] }
        return (1...count).map { LayoutGuide(owningView: stack, kind: .custom, name: "UISV-distributing-\($0)") }
    }

    /// `UISV-fill-equally` between the first spacer and each other; optional priorities count down
    /// from one below `priority` (149, 148, … for 150), as UIKit's equal-centering spacers do.
    private mutating func equalize(_ spacers: [LayoutGuide], priority: Double) {
        guard let first = spacers.first else { return }
        var current = priority
        for spacer in spacers.dropFirst() {
            if priority < LayoutConstraint.required { current -= 1 }
            add("fill-equally", first, length, to: spacer, length, priority: current)
        }
    }

    // MARK: Across the axis

    private mutating func buildAlignment(visible: [View]) {
        guard let first = arranged.first else { return }
        let alignment = effectiveAlignment
        let aligned: [LayoutAttribute]
        switch alignment {
        case .fill: aligned = [crossLeading, crossTrailing]
        case .leading, .top: aligned = [crossLeading]
        case .center: aligned = [crossCenter]
        case .trailing, .bottom: aligned = [crossTrailing]
        case .firstBaseline: aligned = [.firstBaseline]
        case .lastBaseline: aligned = [.lastBaseline]
        }
        for view in arranged.dropFirst() {
            for attribute in aligned { add("alignment", first, attribute, to: view, attribute) }
        }
        guard alignment != .fill else {
            add("canvas-connection", edge, crossLeading, to: first, crossLeading)
            add("canvas-connection", edge, crossTrailing, to: first, crossTrailing)
            return
        }
        let spanner = LayoutGuide(owningView: stack, kind: .custom, name: "UISV-alignment-spanner")
        let pinsLeading = alignment == .leading || alignment == .firstBaseline
        let pinsTrailing = alignment == .trailing || alignment == .lastBaseline
        add("canvas-connection", edge, crossLeading, to: alignment == .leading ? first : spanner, crossLeading)
        add("canvas-connection", edge, crossTrailing, to: alignment == .trailing ? first : spanner, crossTrailing)
        if alignment == .center {
            add("canvas-connection", edge, crossCenter, to: first, crossCenter)
        }
        let baseline = alignment == .firstBaseline || alignment == .lastBaseline
        for view in visible {
            if !pinsLeading || baseline {
                add("spanning-boundary", spanner, crossLeading, .lessThanOrEqual, to: view, crossLeading)
            }
            if pinsLeading {
                add("spanning-boundary", spanner, crossLeading, to: view, crossLeading,
                    priority: baseline ? 24 : 999.5)
            }
            if !pinsTrailing || baseline {
                add("spanning-boundary", spanner, crossTrailing, .greaterThanOrEqual, to: view, crossTrailing)
            }
            if pinsTrailing {
                add("spanning-boundary", spanner, crossTrailing, to: view, crossTrailing,
                    priority: baseline ? 24 : 999.5)
            }
        }
        add("spanning-fit", spanner, crossLength, constant: 0, priority: 51)
    }

    // MARK: Making constraints

    private mutating func add(_ name: String, _ item: LayoutItem, _ attribute: LayoutAttribute,
                              _ relation: LayoutRelation = .equal, to other: LayoutItem? = nil,
                              _ otherAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
                              constant: Double = 0, priority: Double = LayoutConstraint.required) {
        let count = (counters[name] ?? 0) + 1
        counters[name] = count
        let constraint = LayoutConstraint(
            identifier: "UISV-\(name)-\(stack.identifier)-\(count)", item: item, attribute: attribute,
            relatedBy: relation, toItem: other, attribute: otherAttribute, multiplier: multiplier,
            constant: constant, priority: priority)
        constraint.isInternal = true
        constraints.append(constraint)
    }
}
