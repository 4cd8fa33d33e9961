import Testing
@testable import AutoLayout

/// A layout pass sets the frames of the views whose variables moved, and of views whose frame was set
/// apart from the solver, and leaves the others alone.
@Suite struct SolvedFrameTests {
    @Test func aPassAfterAnEditReadsOnlyTheViewsThatMoved() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        try engine.pin("a", x: 10, y: 20, width: 50, height: 60)
        try engine.pin("b", x: 100, y: 20, width: 50, height: 60)
        engine.layoutIfNeeded()
        try engine.setConstant(30, of: "a-top")
        // Only a's variables moved: the pass names a alone.
        engine.solver.updateVariables()
        guard case .these(let moved) = engine.framesToSet() else {
            Issue.record("one view moved, the pass reads them all")
            return
        }
        #expect(moved.map(\.identifier) == ["a"])
        // (The changes are taken: the pass below sees those of the next edit.)
        try engine.setConstant(40, of: "a-top")
        engine.layoutIfNeeded()
        expectRect(engine.view("a")!.frame, 10, 40, 50, 60)
        expectRect(engine.view("b")!.frame, 100, 20, 50, 60)
    }

    @Test func framesSetApartGoBackAtTheNextPass() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.pin("a", x: 10, y: 20, width: 50, height: 60)
        engine.layoutIfNeeded()
        // Center (35, 50) moved to (200, 300): frame 175, 270, 50 × 60 until the next pass.
        try engine.setCenter(Point(x: 200, y: 300), of: engine.view("a")!)
        expectRect(engine.view("a")!.frame, 175, 270, 50, 60)
        engine.setNeedsLayout()
        engine.layoutIfNeeded()
        expectRect(engine.view("a")!.frame, 10, 20, 50, 60)
        // Insets grow the frame by 2 on the right: 10, 20, 52 × 60, with no variable moving.
        try engine.setAlignmentRectInsets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 2), of: engine.view("a")!)
        engine.layoutIfNeeded()
        expectRect(engine.view("a")!.frame, 10, 20, 52, 60)
    }

    @Test func aViewAddedAtTheEndIsTheLastAppendedOne() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let first = try engine.addView("a")
        #expect(engine.lastAppendedView?.view === first)
        let before = engine.viewTreeVersion
        let child = try engine.addView("c", parent: "a")
        // a is the last subview of the root, c the last of a: c ends the document order.
        #expect(engine.lastAppendedView?.view === child)
        #expect(engine.lastAppendedView?.after == before)
        try engine.addView("b")
        // d under a comes before b in document order.
        try engine.addView("d", parent: "a")
        #expect(engine.lastAppendedView == nil)
        try engine.removeView("d")
        #expect(engine.lastAppendedView == nil)
        #expect(engine.viewTreeVersion != before)
    }
}
