import Testing
@testable import AutoLayout

@Suite struct LayoutCycleTests {
    @Test func framesComeFromConstraintsInSuperviewSpace() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("card")
        try engine.addView("badge", parent: "card")
        try engine.pin("card", x: 20, y: 100, width: 200, height: 120)
        // badge.trailing == card.trailing − 8, badge.top == card.top + 8, 30 × 20.
        try engine.constrain("badgeTrailing", "badge.trailing", .equal, "card.trailing", constant: -8)
        try engine.constrain("badgeTop", "badge.top", .equal, "card.top", constant: 8)
        try engine.constrain("badgeWidth", "badge.width", constant: 30)
        try engine.constrain("badgeHeight", "badge.height", constant: 20)
        engine.layoutIfNeeded()
        expectRect(engine.view("card")!.frame, 20, 100, 200, 120)
        // In card's bounds space: x = 200 − 8 − 30 = 162, y = 8.
        expectRect(engine.view("badge")!.frame, 162, 8, 30, 20)
    }

    @Test func constantChangesWaitForTheLayoutPass() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.pin("box", x: 0, y: 0, width: 50, height: 50)
        engine.layoutIfNeeded()
        try engine.setConstant(80, of: "box-top")
        #expect(engine.needsLayout)
        expectRect(engine.view("box")!.frame, 0, 0, 50, 50)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 0, 80, 50, 50)
        #expect(!engine.needsLayout)
    }

    @Test func layoutIfNeededOnAViewLaysOutOnlyItsDescendants() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("panel")
        try engine.addView("child", parent: "panel")
        try engine.pin("panel", x: 0, y: 0, width: 100, height: 100)
        try engine.pin("child", x: 10, y: 10, width: 20, height: 20, to: "panel")
        engine.layoutIfNeeded()
        try engine.setConstant(200, of: "panel-top")
        try engine.setConstant(30, of: "child-top")
        // The article's point: layoutIfNeeded on the view that moves does not move it.
        engine.layoutIfNeeded(engine.view("panel"))
        expectRect(engine.view("panel")!.frame, 0, 0, 100, 100)
        expectRect(engine.view("child")!.frame, 10, 30, 20, 20)
        engine.layoutIfNeeded()
        expectRect(engine.view("panel")!.frame, 0, 200, 100, 100)
    }

    @Test func boundsOriginMovesNoFrame() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("picker")
        try engine.pin("picker", x: 0, y: 460, width: 375, height: 207)
        engine.layoutIfNeeded()
        try engine.setBounds(Rect(x: 0, y: 84, width: 375, height: 667), of: engine.root)
        engine.setNeedsLayout()
        engine.layoutIfNeeded()
        expectRect(engine.view("picker")!.frame, 0, 460, 375, 207)
        expectRect(engine.root.bounds, 0, 84, 375, 667)
        expectRect(engine.root.frame, 0, 0, 375, 667)
    }

    @Test func multiplierOnCenterIsEvaluatedInTheCommonAncestor() throws {
        let engine = LayoutEngine(size: Size(width: 400, height: 600))
        try engine.addView("dot")
        // dot.centerX == root.centerX × 0.5 → 200 × 0.5 = 100; width 20 → x = 90.
        try engine.constrain("cx", "dot.centerX", .equal, "root.centerX", multiplier: 0.5)
        try engine.constrain("cy", "dot.centerY", .equal, "root.centerY")
        try engine.constrain("w", "dot.width", constant: 20)
        try engine.constrain("h", "dot.height", .equal, "dot.width")
        engine.layoutIfNeeded()
        expectRect(engine.view("dot")!.frame, 90, 290, 20, 20)
    }

    @Test func constraintsAcrossTheTreeUseTheCommonAncestorsSpace() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("left")
        try engine.addView("inner", parent: "left")
        try engine.addView("right")
        try engine.pin("left", x: 10, y: 50, width: 100, height: 100)
        try engine.pin("inner", x: 5, y: 5, width: 40, height: 40, to: "left")
        // right.top == inner.bottom + 10: inner's bottom in root space is 50 + 5 + 40 = 95 → 105.
        try engine.constrain("rightTop", "right.top", .equal, "inner.bottom", constant: 10)
        try engine.constrain("rightLeft", "right.left", .equal, "inner.right")
        try engine.constrain("rightW", "right.width", constant: 10)
        try engine.constrain("rightH", "right.height", constant: 10)
        engine.layoutIfNeeded()
        // right.left = 10 + 5 + 40 = 55.
        expectRect(engine.view("right")!.frame, 55, 105, 10, 10)
    }

    @Test func framesAreRoundedToPixels() throws {
        let engine = LayoutEngine(size: Size(width: 100, height: 100), scale: 2)
        try engine.addView("third")
        // width = 100 / 3 = 33.333…; x = 10.1 → edges 10.1 and 43.433… round to 10 and 43.5.
        try engine.constrain("w", "third.width", .equal, "root.width", multiplier: 1.0 / 3)
        try engine.constrain("x", "third.left", .equal, "root.left", constant: 10.1)
        try engine.constrain("y", "third.top", .equal, "root.top", constant: -0.1)
        try engine.constrain("h", "third.height", constant: 10)
        engine.layoutIfNeeded()
        expectRect(engine.view("third")!.frame, 10, 0, 33.5, 10)
        #expect(engine.view("third")!.frame.minY.sign == .plus)
    }

    @Test func removingAViewRemovesItsConstraints() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        try engine.pin("a", x: 0, y: 0, width: 10, height: 10)
        try engine.constrain("bTop", "b.top", .equal, "a.bottom", constant: 5)
        try engine.removeView("a")
        #expect(engine.constraint("bTop") == nil)
        #expect(engine.constraint("a-top") == nil)
        #expect(engine.view("a") == nil)
        #expect(throws: LayoutError.cannotRemoveRoot) { try engine.removeView("root") }
    }

    /// `viewCount` (read from the table of names) counts the tree's views but the root through nested
    /// additions and the removal of a subtree.
    @Test func viewCountFollowsTheTree() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        #expect(engine.viewCount == 0)
        try engine.addView("a")
        try engine.addView("a1", parent: "a")
        try engine.addView("a2", parent: "a")
        try engine.addView("a21", parent: "a2")
        try engine.addView("b")
        #expect(engine.viewCount == 5 && engine.views.count == 5)
        try engine.removeView("a2")
        #expect(engine.viewCount == 3 && engine.views.count == 3)
        try engine.removeView("a")
        #expect(engine.viewCount == 1 && engine.views.map(\.identifier) == ["b"])
    }
}
