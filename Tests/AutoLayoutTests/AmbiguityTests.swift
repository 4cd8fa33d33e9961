import Testing
@testable import AutoLayout

@Suite struct AmbiguityTests {
    @Test func missingConstraintsMakeAnAxisAmbiguous() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let box = try engine.addView("box")
        try engine.constrain("l", "box.left", .equal, "root.left", constant: 10)
        try engine.constrain("w", "box.width", constant: 100)
        try engine.constrain("h", "box.height", constant: 40)
        // No vertical position: y is free.
        #expect(engine.ambiguousAxes(of: box) == [.vertical])
        try engine.constrain("t", "box.top", .equal, "root.top", constant: 30)
        #expect(!engine.hasAmbiguousLayout(box))
        engine.layoutIfNeeded()
        expectRect(box.frame, 10, 30, 100, 40)
    }

    @Test func anInequalityAloneLeavesRoom() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let box = try engine.addView("box")
        try engine.pin("box", x: 0, y: 0, width: 50, height: 50)
        try engine.removeConstraint("box-width")
        try engine.constrain("minW", "box.width", .greaterThanOrEqual, constant: 50)
        #expect(engine.ambiguousAxes(of: box) == [.horizontal])
        // An optional preference removes the ambiguity: any change now costs at its level.
        try engine.constrain("preferW", "box.width", constant: 80, priority: 1)
        #expect(!engine.hasAmbiguousLayout(box))
        engine.layoutIfNeeded()
        expectRect(box.frame, 0, 0, 80, 50)
    }

    @Test func askingChangesNoFrameButExercisingDoes() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let box = try engine.addView("box")
        try engine.constrain("l", "box.left", .equal, "root.left", constant: 10)
        try engine.constrain("w", "box.width", constant: 100)
        try engine.constrain("h", "box.height", constant: 40)
        engine.layoutIfNeeded()
        let before = engine.solvedFrame(of: box)
        _ = engine.ambiguousViews()
        expectRect(engine.solvedFrame(of: box), before.minX, before.minY, before.width, before.height)
        #expect(engine.exerciseAmbiguity().map(\.identifier) == ["box"])
        engine.layoutIfNeeded()
        // Only the free variable (y) moved, by 20 points either way.
        #expect(abs(abs(box.frame.minY - before.minY) - 20) < 1e-6)
        #expect(box.frame.minX == 10 && box.frame.width == 100 && box.frame.height == 40)
    }

    @Test func seedScenesAreUnambiguous() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("nav")
        try engine.constrain("t", "nav.top", .equal, "root.top")
        try engine.constrain("l", "nav.leading", .equal, "root.leading")
        try engine.constrain("r", "nav.trailing", .equal, "root.trailing")
        try engine.constrain("h", "nav.height", constant: 62)
        #expect(engine.ambiguousViews().isEmpty)
    }
}
