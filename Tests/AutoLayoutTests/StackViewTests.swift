import Testing
@testable import AutoLayout

/// Stack views. Arranged frames are in the stack's bounds space (its edges at 0…width, 0…height); the
/// stack is pinned at (10, 20) in the root. Expected frames are worked out from the generated equations.
@Suite struct StackViewTests {
    /// A 375 × 667 root with a stack view `s` of `width` × `height` at (10, 20) (nil leaves that size
    /// to the stack) and arranged subviews named `ids` with the given intrinsic sizes.
    private func makeStack(_ stack: StackView, width: Double?, height: Double?,
                           views: [(String, Double, Double)]) throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("s")
        try engine.constrain("s-left", "s.left", .equal, "root.left", constant: 10)
        try engine.constrain("s-top", "s.top", .equal, "root.top", constant: 20)
        if let width { try engine.constrain("s-width", "s.width", constant: width) }
        if let height { try engine.constrain("s-height", "s.height", constant: height) }
        for (id, w, h) in views {
            let view = try engine.addView(id, parent: "s")
            try engine.setIntrinsicContentSize(Size(width: w, height: h), of: view)
        }
        var configuration = stack
        configuration.arrangedSubviews = views.map(\.0)
        try engine.setStack(configuration, of: engine.view("s")!)
        engine.layoutIfNeeded()
        return engine
    }

    private func frame(_ engine: LayoutEngine, _ id: String) -> Rect { engine.view(id)!.frame }

    // MARK: Distributions

    @Test func fillStretchesTheLowestHugging() throws {
        let engine = try makeStack(StackView(axis: .horizontal, spacing: 10), width: 300, height: 100,
                                   views: [("a", 50, 20), ("b", 60, 30)])
        try engine.setContentHugging([251, 250], of: engine.view("a")!)
        engine.layoutIfNeeded()
        // a.width + 10 + b.width == 300; a hugs at 251 > b's 250, so a = 50 and b = 300 − 10 − 50 = 240.
        // Alignment fill: both span the stack's height, 0…100.
        expectRect(frame(engine, "a"), 0, 0, 50, 100)
        expectRect(frame(engine, "b"), 60, 0, 240, 100)
        expectRect(frame(engine, "s"), 10, 20, 300, 100)
        #expect(engine.stack(of: engine.view("s")!)?.arrangedSubviews == ["a", "b"])
    }

    @Test func fillEqually() throws {
        let engine = try makeStack(StackView(distribution: .fillEqually, spacing: 15), width: 300, height: 100,
                                   views: [("a", -1, -1), ("b", 80, -1), ("c", -1, -1)])
        // 3w + 2 × 15 == 300 → w = 90; b's intrinsic 80 loses to the required equal widths.
        expectRect(frame(engine, "a"), 0, 0, 90, 100)
        expectRect(frame(engine, "b"), 105, 0, 90, 100)
        expectRect(frame(engine, "c"), 210, 0, 90, 100)
    }

    @Test func fillProportionallyWithoutSpacing() throws {
        let engine = try makeStack(StackView(distribution: .fillProportionally), width: 300, height: 100,
                                   views: [("a", 50, -1), ("b", 100, -1)])
        // m = intrinsic / (50 + 100): a = 300 × 1/3 = 100 @999, b = 300 × 2/3 = 200 @998; 100 + 200 = 300.
        expectRect(frame(engine, "a"), 0, 0, 100, 100)
        expectRect(frame(engine, "b"), 100, 0, 200, 100)
    }

    @Test func fillProportionallyWithSpacingStretchesTheLastView() throws {
        let engine = try makeStack(StackView(distribution: .fillProportionally, spacing: 10), width: 320,
                                   height: 100, views: [("a", 50, -1), ("b", 100, -1)])
        // UIKit's multipliers: total = 50 + 100 + 1 × 10 = 160; a = 320 × 50/160 = 100 @999 holds;
        // b = 320 × 100/160 = 200 @998 gives way to the required a + 10 + b = 320, so b = 210.
        expectRect(frame(engine, "a"), 0, 0, 100, 100)
        expectRect(frame(engine, "b"), 110, 0, 210, 100)
        // A new intrinsic size rebuilds the multipliers: a 110 → total 220, a = 320 × 110/220 = 160,
        // b = 320 − 10 − 160 = 150.
        try engine.setIntrinsicContentSize(Size(width: 110, height: -1), of: engine.view("a")!)
        engine.layoutIfNeeded()
        expectRect(frame(engine, "a"), 0, 0, 160, 100)
        expectRect(frame(engine, "b"), 170, 0, 150, 100)
    }

    /// Adds "inner" to "s": a vertical stack of "b" (50 × 10) and "c" (200 × 10), with no intrinsic
    /// size of its own.
    @discardableResult
    private func addInnerStack(to engine: LayoutEngine) throws -> View {
        let inner = try engine.addView("inner", parent: "s")
        for (id, width) in [("b", 50.0), ("c", 200.0)] {
            try engine.setIntrinsicContentSize(Size(width: width, height: 10), of: try engine.addView(id, parent: "inner"))
        }
        try engine.setStack(StackView(axis: .vertical, arrangedSubviews: ["b", "c"]), of: inner)
        return inner
    }

    @Test func fillProportionallyMeasuresAnArrangedStackByItsContent() throws {
        // "a" (intrinsic 100 wide) and "inner", a vertical stack of "b" (50 wide) and "c" (200 wide),
        // with no intrinsic size of its own. Its fitting width is the widest of its views, 200, so
        // total = 100 + 200 = 300: a = 300 × 100/300 = 100 @999, inner = 300 × 200/300 = 200 @998.
        let engine = try makeStack(StackView(distribution: .fillProportionally), width: 300, height: 100,
                                   views: [("a", 100, -1)])
        try addInnerStack(to: engine)
        try engine.setStack(StackView(distribution: .fillProportionally, arrangedSubviews: ["a", "inner"]),
                            of: engine.view("s")!)
        engine.layoutIfNeeded()
        expectRect(frame(engine, "a"), 0, 0, 100, 100)
        expectRect(frame(engine, "inner"), 100, 0, 200, 100)
    }

    @Test func fillProportionallyMeasuresAViewWithoutIntrinsicSizeByItsCurrentFrame() throws {
        // "a" (intrinsic 100 wide) and "inner", a vertical stack of "b" (50 wide) and "c" (200 wide)
        // given a 100 pt wide frame before the outer stack is built (as a nib loads it). Its current
        // width counts, not its fitting 200: total = 100 + 100 + 10 = 210 with 10 pt spacing;
        // a = 315 × 100/210 = 150 @999; inner = 315 × 100/210 = 150 @998 gives way to the required
        // a + 10 + inner = 315: inner = 155.
        let engine = try makeStack(StackView(distribution: .fillProportionally), width: 315, height: 100,
                                   views: [("a", 100, -1)])
        let inner = try addInnerStack(to: engine)
        try engine.setBounds(Rect(x: 0, y: 0, width: 100, height: 100), of: inner)
        try engine.setStack(StackView(distribution: .fillProportionally, spacing: 10, arrangedSubviews: ["a", "inner"]),
                            of: engine.view("s")!)
        engine.layoutIfNeeded()
        expectRect(frame(engine, "a"), 0, 0, 150, 100)
        expectRect(frame(engine, "inner"), 160, 0, 155, 100)
        // Laid out again with nothing changed, the proportions stay: the constraints are not rebuilt
        // from the new frames.
        engine.setNeedsLayout()
        engine.layoutIfNeeded()
        expectRect(frame(engine, "inner"), 160, 0, 155, 100)
    }

    @Test func equalSpacing() throws {
        let engine = try makeStack(StackView(distribution: .equalSpacing, spacing: 10), width: 300, height: 100,
                                   views: [("a", 40, -1), ("b", 60, -1), ("c", 80, -1)])
        // Views keep their intrinsic widths (hugging 250, nothing pulls them); the two gaps share
        // 300 − (40 + 60 + 80) = 120 equally: 60 each. a 0…40, b 100…160, c 220…300.
        expectRect(frame(engine, "a"), 0, 0, 40, 100)
        expectRect(frame(engine, "b"), 100, 0, 60, 100)
        expectRect(frame(engine, "c"), 220, 0, 80, 100)
    }

    @Test func equalSpacingInAnUnsizedStackHugs() throws {
        let engine = try makeStack(StackView(distribution: .equalSpacing, spacing: 10), width: nil, height: 100,
                                   views: [("a", 40, -1), ("b", 60, -1), ("c", 80, -1)])
        // UISV-canvas-fit (stack.width == 0 @49) shrinks the gaps to the spacing: 40 + 10 + 60 + 10 + 80 = 200.
        expectRect(frame(engine, "s"), 10, 20, 200, 100)
        expectRect(frame(engine, "b"), 50, 0, 60, 100)
        expectRect(frame(engine, "c"), 120, 0, 80, 100)
    }

    @Test func equalCentering() throws {
        let engine = try makeStack(StackView(distribution: .equalCentering, spacing: 10), width: 300, height: 100,
                                   views: [("a", 40, -1), ("b", 60, -1), ("c", 80, -1)])
        // a at 0 (center 20), c at 300 − 80 = 220 (center 260); equal center gaps put b's center at
        // 140, so b = 110…170. Gaps 70 and 50 are both ≥ 10.
        expectRect(frame(engine, "a"), 0, 0, 40, 100)
        expectRect(frame(engine, "b"), 110, 0, 60, 100)
        expectRect(frame(engine, "c"), 220, 0, 80, 100)
    }

    @Test func equalCenteringKeepsTheMinimumSpacing() throws {
        let engine = try makeStack(StackView(distribution: .equalCentering, spacing: 10), width: 210, height: 100,
                                   views: [("a", 40, -1), ("b", 60, -1), ("c", 80, -1)])
        // a 0…40 (center 20), c 130…210 (center 170): equal centering wants b's center at 95 (65…125), but
        // the required b.trailing + 10 <= c.leading caps b at 60…120; the equal-spacer constraint @149 is
        // then as close as it gets with b against that limit.
        expectRect(frame(engine, "a"), 0, 0, 40, 100)
        expectRect(frame(engine, "b"), 60, 0, 60, 100)
        expectRect(frame(engine, "c"), 130, 0, 80, 100)
    }

    // MARK: Alignments

    /// Two views of intrinsic heights 20 and 40 in a 300 × 100 horizontal fillEqually stack: each is
    /// (300 − 0) / 2 = 150 wide, a at x 0 and b at x 150.
    private func aligned(_ alignment: StackView.Alignment) throws -> LayoutEngine {
        try makeStack(StackView(distribution: .fillEqually, alignment: alignment), width: 300, height: 100,
                      views: [("a", -1, 20), ("b", -1, 40)])
    }

    @Test func alignmentFill() throws {
        let engine = try aligned(.fill)
        expectRect(frame(engine, "a"), 0, 0, 150, 100)
        expectRect(frame(engine, "b"), 150, 0, 150, 100)
    }

    @Test func alignmentTopAndLeading() throws {
        for alignment in [StackView.Alignment.top, .leading] {
            let engine = try aligned(alignment)
            // Tops at the stack's top (0); heights intrinsic.
            expectRect(frame(engine, "a"), 0, 0, 150, 20)
            expectRect(frame(engine, "b"), 150, 0, 150, 40)
        }
    }

    @Test func alignmentCenter() throws {
        let engine = try aligned(.center)
        // Centers at 100 / 2 = 50: a at 50 − 10 = 40, b at 50 − 20 = 30.
        expectRect(frame(engine, "a"), 0, 40, 150, 20)
        expectRect(frame(engine, "b"), 150, 30, 150, 40)
    }

    @Test func alignmentBottomAndTrailing() throws {
        for alignment in [StackView.Alignment.bottom, .trailing] {
            let engine = try aligned(alignment)
            // Bottoms at 100: a at 100 − 20 = 80, b at 100 − 40 = 60.
            expectRect(frame(engine, "a"), 0, 80, 150, 20)
            expectRect(frame(engine, "b"), 150, 60, 150, 40)
        }
    }

    @Test func alignmentFirstBaseline() throws {
        let engine = try aligned(.firstBaseline)
        // Baselines of text-less views are their bottoms, so bottoms align; the group sits against the
        // top: the taller b at 0…40, a's bottom at 40 → a at 20.
        expectRect(frame(engine, "a"), 0, 20, 150, 20)
        expectRect(frame(engine, "b"), 150, 0, 150, 40)
    }

    @Test func alignmentLastBaseline() throws {
        let engine = try aligned(.lastBaseline)
        // Bottoms align and the group sits against the bottom (100): a at 80, b at 60.
        expectRect(frame(engine, "a"), 0, 80, 150, 20)
        expectRect(frame(engine, "b"), 150, 60, 150, 40)
    }

    @Test func verticalCenterAlignment() throws {
        let engine = try makeStack(StackView(axis: .vertical, distribution: .fillEqually, alignment: .center,
                                             spacing: 10),
                                   width: 300, height: 110, views: [("a", 100, -1), ("b", 200, -1)])
        // Heights (110 − 10) / 2 = 50; centers at x 150: a at 150 − 50 = 100, b at 150 − 100 = 50.
        expectRect(frame(engine, "a"), 100, 0, 100, 50)
        expectRect(frame(engine, "b"), 50, 60, 200, 50)
    }

    @Test func unsizedCenterStackFitsItsViews() throws {
        let engine = try makeStack(StackView(alignment: .center, spacing: 5), width: nil, height: nil,
                                   views: [("a", 50, 20), ("b", 70, 40)])
        // Width 50 + 5 + 70 = 125 from the intrinsic widths; UISV-spanning-fit (@51) makes the spanner,
        // and so the stack, as tall as the tallest view: 40. a centers at 20: y = 20 − 10 = 10.
        expectRect(frame(engine, "s"), 10, 20, 125, 40)
        expectRect(frame(engine, "a"), 0, 10, 50, 20)
        expectRect(frame(engine, "b"), 55, 0, 70, 40)
    }

    @Test func marginsRelativeArrangement() throws {
        let engine = try makeStack(StackView(distribution: .fillEqually, spacing: 4,
                                             isLayoutMarginsRelativeArrangement: true),
                                   width: 300, height: 100, views: [("a", -1, -1), ("b", -1, -1)])
        // Margins 8: the content box is 8…292 × 8…92; widths (284 − 4) / 2 = 140: a at 8, b at 8 + 140 + 4 = 152.
        expectRect(frame(engine, "a"), 8, 8, 140, 84)
        expectRect(frame(engine, "b"), 152, 8, 140, 84)
    }

    // MARK: Hiding

    /// A 100 × 300 vertical fill stack, spacing 10: a (intrinsic height 50, hugging 251), b (60, hugging
    /// 252), c (no intrinsic height, so it takes the rest).
    private func column() throws -> LayoutEngine {
        let engine = try makeStack(StackView(axis: .vertical, spacing: 10), width: 100, height: 300,
                                   views: [("a", -1, 50), ("b", -1, 60), ("c", -1, -1)])
        try engine.setContentHugging([250, 251], of: engine.view("a")!)
        try engine.setContentHugging([250, 252], of: engine.view("b")!)
        engine.layoutIfNeeded()
        return engine
    }

    @Test func hidingTheMiddleViewDropsItsSpacing() throws {
        let engine = try column()
        // a 0…50, gap 10, b 60…120, gap 10, c 130…300.
        expectRect(frame(engine, "a"), 0, 0, 100, 50)
        expectRect(frame(engine, "b"), 0, 60, 100, 60)
        expectRect(frame(engine, "c"), 0, 130, 100, 170)
        engine.setHidden(true, of: engine.view("b")!)
        engine.layoutIfNeeded()
        // b: UISV-hiding height 0, the gap 10 split 5 / 5 around it: b at 55; c at 60…300.
        expectRect(frame(engine, "a"), 0, 0, 100, 50)
        expectRect(frame(engine, "b"), 0, 55, 100, 0)
        expectRect(frame(engine, "c"), 0, 60, 100, 240)
        engine.setHidden(false, of: engine.view("b")!)
        engine.layoutIfNeeded()
        expectRect(frame(engine, "b"), 0, 60, 100, 60)
        expectRect(frame(engine, "c"), 0, 130, 100, 170)
    }

    @Test func hidingTheFirstAndTheLastView() throws {
        let engine = try column()
        engine.setHidden(true, of: engine.view("a")!)
        engine.layoutIfNeeded()
        // a collapses at the top with no gap: b 0…60, c 70…300.
        expectRect(frame(engine, "a"), 0, 0, 100, 0)
        expectRect(frame(engine, "b"), 0, 0, 100, 60)
        expectRect(frame(engine, "c"), 0, 70, 100, 230)
        engine.setHidden(false, of: engine.view("a")!)
        engine.setHidden(true, of: engine.view("c")!)
        engine.layoutIfNeeded()
        // c collapses at the bottom; a + 10 + b == 300 and a hugs less (251 < 252): b = 60, a = 230.
        expectRect(frame(engine, "a"), 0, 0, 100, 230)
        expectRect(frame(engine, "b"), 0, 240, 100, 60)
        expectRect(frame(engine, "c"), 0, 300, 100, 0)
    }

    @Test func hiddenViewsLeaveFillEquallyAndProportions() throws {
        let engine = try makeStack(StackView(distribution: .fillEqually, spacing: 15), width: 300, height: 100,
                                   views: [("a", -1, -1), ("b", -1, -1), ("c", -1, -1)])
        engine.setHidden(true, of: engine.view("b")!)
        engine.layoutIfNeeded()
        // Two visible views: 2w + 15 = 300 → w = 142.5; b sits at 142.5 + 7.5 = 150 with width 0.
        expectRect(frame(engine, "a"), 0, 0, 142.5, 100)
        expectRect(frame(engine, "b"), 150, 0, 0, 100)
        expectRect(frame(engine, "c"), 157.5, 0, 142.5, 100)
    }

    @Test func hidingAViewWithARequiredHeightBreaksTheHeight() throws {
        let engine = try column()
        try engine.constrain("bHeight", "b.height", constant: 60)
        engine.layoutIfNeeded()
        _ = engine.takeConflicts()
        engine.setHidden(true, of: engine.view("b")!)
        engine.layoutIfNeeded()
        // UIKit's classic: 'UISV-hiding' b.height == 0 against b.height == 60; the app's constraint breaks.
        let conflicts = engine.takeConflicts()
        #expect(conflicts.map(\.broken) == ["bHeight"])
        #expect(conflicts.first?.constraints.contains("UISV-hiding-s-1") == true)
        #expect(engine.constraint("bHeight")?.isBroken == true)
        expectRect(frame(engine, "b"), 0, 55, 100, 0)
        engine.setHidden(false, of: engine.view("b")!)
        engine.layoutIfNeeded()
        #expect(engine.constraint("bHeight")?.isBroken == false)
        expectRect(frame(engine, "b"), 0, 60, 100, 60)
    }

    // MARK: Editing

    @Test func removingAnArrangedViewRestacks() throws {
        let engine = try makeStack(StackView(distribution: .fillEqually, spacing: 15), width: 300, height: 100,
                                   views: [("a", -1, -1), ("b", -1, -1), ("c", -1, -1)])
        try engine.removeView("b")
        engine.layoutIfNeeded()
        // 2w + 15 = 300 → w = 142.5: a 0…142.5, c 157.5…300.
        #expect(engine.stack(of: engine.view("s")!)?.arrangedSubviews == ["a", "c"])
        expectRect(frame(engine, "a"), 0, 0, 142.5, 100)
        expectRect(frame(engine, "c"), 157.5, 0, 142.5, 100)
        #expect(!engine.hasAmbiguousLayout(engine.view("c")!))
    }

    @Test func changingTheConfigurationReinstalls() throws {
        let engine = try makeStack(StackView(distribution: .fillEqually, spacing: 15), width: 300, height: 100,
                                   views: [("a", -1, -1), ("b", -1, -1), ("c", -1, -1)])
        let s = engine.view("s")!
        try engine.setStack(StackView(axis: .vertical, distribution: .fillEqually, spacing: 5,
                                      arrangedSubviews: ["c", "a"]), of: s)
        engine.layoutIfNeeded()
        // Column of c then a: heights (100 − 5) / 2 = 47.5; c at 0, a at 52.5. b is no longer arranged.
        expectRect(frame(engine, "c"), 0, 0, 300, 47.5)
        expectRect(frame(engine, "a"), 0, 52.5, 300, 47.5)
        try engine.setStack(nil, of: s)
        #expect(engine.stack(of: s) == nil)
        #expect(engine.internalConstraints.keys.allSatisfy { !$0.hasPrefix("UISV-") })
    }

    @Test func arrangedViewsMustBeSubviews() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let s = try engine.addView("s")
        try engine.addView("other")
        #expect(throws: LayoutError.unknownView("ghost")) {
            try engine.setStack(StackView(arrangedSubviews: ["ghost"]), of: s)
        }
        #expect(throws: LayoutError.self) { try engine.setStack(StackView(arrangedSubviews: ["other"]), of: s) }
        #expect(throws: LayoutError.self) { try engine.setStack(StackView(spacing: .nan), of: s) }
        #expect(engine.stack(of: s) == nil)
    }

    @Test func generatedConstraintsUseUIKitNames() throws {
        let engine = try makeStack(StackView(axis: .vertical, alignment: .center, spacing: 8), width: 100,
                                   height: 100, views: [("a", 10, 10), ("b", 10, 10)])
        let names = Set(engine.internalConstraints.keys.filter { $0.hasPrefix("UISV-") })
        for expected in ["UISV-canvas-connection-s-1", "UISV-canvas-connection-s-2", "UISV-spacing-s-1",
                         "UISV-alignment-s-1", "UISV-spanning-boundary-s-1", "UISV-spanning-fit-s-1",
                         "UISV-ambiguity-suppression-s-1"] {
            #expect(names.contains(expected), "missing \(expected)")
        }
    }
}
