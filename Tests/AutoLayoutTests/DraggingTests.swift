import Testing
@testable import AutoLayout

/// Dragging through edit variables (`drag(_:to:)` / `endDrag`): the suggested origin wins over every
/// constraint below `dragPriority` (800) and loses to the rest; frames follow at the layout pass.
@Suite struct DraggingTests {
    /// A 375 × 667 root with `box` 50 × 40 and no position constraints.
    private func freeBox() throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.constrain("boxWidth", "box.width", constant: 50)
        try engine.constrain("boxHeight", "box.height", constant: 40)
        engine.layoutIfNeeded()
        return engine
    }

    @Test func aFreeViewFollowsAtTheLayoutPassAndStaysWhereDropped() throws {
        let engine = try freeBox()
        let box = try #require(engine.view("box"))
        try engine.drag(box, to: Point(x: 100, y: 200))
        #expect(engine.isDragging(box))
        #expect(engine.needsLayout)
        // Nothing moves before the layout pass.
        expectRect(box.frame, 0, 0, 50, 40)
        engine.layoutIfNeeded()
        expectRect(box.frame, 100, 200, 50, 40)
        try engine.drag(box, to: Point(x: 130.5, y: 180))
        engine.layoutIfNeeded()
        expectRect(box.frame, 130.5, 180, 50, 40)
        try engine.endDrag(box)
        #expect(!engine.isDragging(box))
        engine.layoutIfNeeded()
        // Free: it stays where it was dropped, and is still ambiguous on both axes.
        expectRect(box.frame, 130.5, 180, 50, 40)
        #expect(engine.ambiguousAxes(of: box) == [.horizontal, .vertical])
        // Another edit elsewhere does not move it.
        try engine.setConstant(60, of: "boxWidth")
        engine.layoutIfNeeded()
        expectRect(box.frame, 130.5, 180, 60, 40)
    }

    @Test func requiredConstraintsWin() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.pin("box", x: 20, y: 30, width: 50, height: 40)
        engine.layoutIfNeeded()
        let box = try #require(engine.view("box"))
        try engine.drag(box, to: Point(x: 200, y: 300))
        engine.layoutIfNeeded()
        expectRect(box.frame, 20, 30, 50, 40)
        try engine.endDrag(box)
        engine.layoutIfNeeded()
        expectRect(box.frame, 20, 30, 50, 40)
    }

    @Test func theDragBeatsDefaultHighAndLosesTo999() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.constrain("w", "box.width", constant: 50)
        try engine.constrain("h", "box.height", constant: 40)
        try engine.constrain("left", "box.left", .equal, "root.left", constant: 20, priority: 750)
        try engine.constrain("top", "box.top", .equal, "root.top", constant: 30, priority: 999)
        engine.layoutIfNeeded()
        let box = try #require(engine.view("box"))
        expectRect(box.frame, 20, 30, 50, 40)
        try engine.drag(box, to: Point(x: 150, y: 250))
        engine.layoutIfNeeded()
        // x: 800 > 750, the drag wins; y: 999 > 800, the constraint holds.
        expectRect(box.frame, 150, 30, 50, 40)
        try engine.endDrag(box, at: Point(x: 160, y: 250))
        engine.layoutIfNeeded()
        // Released: the 750 constraint decides x again.
        expectRect(box.frame, 20, 30, 50, 40)
    }

    @Test func inequalitiesClampTheDrag() throws {
        let engine = try freeBox()
        // 10 <= box.left and box.right <= 375 − 10, so x ∈ [10, 315]; y = 100.
        try engine.constrain("minLeft", "box.left", .greaterThanOrEqual, "root.left", constant: 10)
        try engine.constrain("maxRight", "box.right", .lessThanOrEqual, "root.right", constant: -10)
        try engine.constrain("top", "box.top", .equal, "root.top", constant: 100)
        let box = try #require(engine.view("box"))
        try engine.drag(box, to: Point(x: -50, y: 400))
        engine.layoutIfNeeded()
        expectRect(box.frame, 10, 100, 50, 40)
        try engine.drag(box, to: Point(x: 400, y: 400))
        engine.layoutIfNeeded()
        expectRect(box.frame, 315, 100, 50, 40)
        try engine.drag(box, to: Point(x: 123, y: 0))
        engine.layoutIfNeeded()
        expectRect(box.frame, 123, 100, 50, 40)
    }

    @Test func draggingOneViewPullsTheViewsTiedToIt() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        for id in ["a", "b"] {
            try engine.constrain("\(id)W", "\(id).width", constant: 50)
            try engine.constrain("\(id)H", "\(id).height", constant: 40)
        }
        // b.left == a.right + 8, b.top == a.top; a is free.
        try engine.constrain("gap", "b.left", .equal, "a.right", constant: 8)
        try engine.constrain("align", "b.top", .equal, "a.top")
        let b = try #require(engine.view("b"))
        try engine.drag(b, to: Point(x: 200, y: 120))
        engine.layoutIfNeeded()
        expectRect(b.frame, 200, 120, 50, 40)
        // a.x = 200 − 8 − 50 = 142.
        expectRect(try #require(engine.view("a")).frame, 142, 120, 50, 40)
    }

    @Test func subviewsDragInTheirSuperviewsBoundsSpace() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("card")
        try engine.addView("badge", parent: "card")
        try engine.pin("card", x: 20, y: 100, width: 200, height: 120)
        try engine.constrain("bw", "badge.width", constant: 30)
        try engine.constrain("bh", "badge.height", constant: 20)
        // The badge stays inside the card: 0 <= left, right <= card's width.
        try engine.constrain("inLeft", "badge.left", .greaterThanOrEqual, "card.left")
        try engine.constrain("inRight", "badge.right", .lessThanOrEqual, "card.right")
        let badge = try #require(engine.view("badge"))
        try engine.drag(badge, to: Point(x: 40, y: 12))
        engine.layoutIfNeeded()
        expectRect(badge.frame, 40, 12, 30, 20)
        try engine.drag(badge, to: Point(x: 500, y: 12))
        engine.layoutIfNeeded()
        // 200 − 30 = 170 at most.
        expectRect(badge.frame, 170, 12, 30, 20)
    }

    @Test func frameBasedViewsMoveTheirFrame() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let view = try engine.addView("legacy")
        engine.setTranslatesAutoresizingMaskIntoConstraints(true, of: view)
        engine.setModelFrame(view, Rect(x: 10, y: 10, width: 80, height: 30))
        engine.layoutIfNeeded()
        try engine.drag(view, to: Point(x: 50, y: 70))
        #expect(!engine.isDragging(view))
        engine.layoutIfNeeded()
        expectRect(view.frame, 50, 70, 80, 30)
        try engine.endDrag(view, at: Point(x: 60, y: 75))
        engine.layoutIfNeeded()
        expectRect(view.frame, 60, 75, 80, 30)
    }

    @Test func theRootAndBadPointsAreRefused() throws {
        let engine = try freeBox()
        #expect(throws: LayoutError.self) { try engine.drag(engine.root, to: Point(x: 1, y: 1)) }
        let box = try #require(engine.view("box"))
        #expect(throws: LayoutError.self) { try engine.drag(box, to: Point(x: .nan, y: 1)) }
        #expect(!engine.isDragging(box))
        // Ending a drag that never began changes nothing.
        try engine.endDrag(box)
        engine.layoutIfNeeded()
        expectRect(box.frame, 0, 0, 50, 40)
    }
}
