import Testing
@testable import AutoLayout

/// A layout that needs a negative width or height is a conflict, never a frame inside out.
@Suite struct NonNegativeSizeTests {
    /// `box` in a 375 × 667 root at 2×: top 0, height 20, and a weak wish for width 40 so that its
    /// width is decided once an edge constraint is broken.
    private func engineWithBox() throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.constrain("top", "box.top", .equal, "root.top")
        try engine.constrain("height", "box.height", constant: 20)
        try engine.constrain("wish", "box.width", constant: 40, priority: 250)
        return engine
    }

    @Test func pinnedEdgesThatCrossConflictAndTheLatestBreaks() throws {
        let engine = try engineWithBox()
        try engine.constrain("left", "box.left", .equal, "root.left", constant: 100)
        try engine.constrain("right", "box.right", .equal, "root.right", constant: -300)
        // width = (375 − 300) − 100 = −25 < 0: `right`, added last, breaks.
        let conflicts = engine.takeConflicts()
        #expect(conflicts.map(\.broken) == ["right"])
        // root.right is the root's width (375), so the encapsulated width is a member; the implicit
        // `box.width >= 0` is not listed, as UIKit lists only constraints that exist.
        #expect(Set(conflicts.first?.constraints ?? []) == ["left", "right", "UIView-Encapsulated-Layout-Width"])
        #expect(conflicts.first?.constraints.last == "right")
        #expect(conflicts.first?.log.contains("NonNegativeSize") == false)
        engine.layoutIfNeeded()
        // left 100, the wish gives width 40: [100, 0, 40, 20].
        expectRect(engine.view("box")!.frame, 100, 0, 40, 20)
    }

    @Test func inTheOtherOrderTheOtherEdgeBreaks() throws {
        let engine = try engineWithBox()
        try engine.constrain("right", "box.right", .equal, "root.right", constant: -300)
        try engine.constrain("left", "box.left", .equal, "root.left", constant: 100)
        #expect(engine.takeConflicts().map(\.broken) == ["left"])
        engine.layoutIfNeeded()
        // maxX = 375 − 300 = 75, width 40 → x = 35.
        expectRect(engine.view("box")!.frame, 35, 0, 40, 20)
    }

    @Test func aZeroSizeIsFineAndAConstantPastItBreaksAndHeals() throws {
        let engine = try engineWithBox()
        try engine.constrain("left", "box.left", .equal, "root.left", constant: 100)
        try engine.constrain("right", "box.right", .equal, "root.right", constant: -275)
        // 375 − 275 − 100 = 0: allowed.
        #expect(engine.takeConflicts().isEmpty)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 100, 0, 0, 20)
        // −300 would need −25: the changed constraint breaks; left and the wish remain.
        try engine.setConstant(-300, of: "right")
        #expect(engine.takeConflicts().map(\.broken) == ["right"])
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 100, 0, 40, 20)
        // −250 fits (width 25) and heals it.
        try engine.setConstant(-250, of: "right")
        #expect(engine.takeConflicts().isEmpty)
        #expect(engine.constraint("right")?.isBroken == false)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 100, 0, 25, 20)
    }

    @Test func aRootTooSmallBreaksTheLatestChangedEdgeAndHealsWhenItGrows() throws {
        let engine = try engineWithBox()
        try engine.constrain("left", "box.left", .equal, "root.left", constant: 100)
        try engine.constrain("right", "box.right", .equal, "root.right", constant: -200)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 100, 0, 75, 20)    // 375 − 200 − 100
        // 250 wide: 250 − 200 − 100 = −50. `right` was changed last (added after `left`).
        try engine.setRootSize(Size(width: 250, height: 667))
        #expect(engine.takeConflicts().map(\.broken) == ["right"])
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 100, 0, 40, 20)
        try engine.setRootSize(Size(width: 375, height: 667))
        #expect(engine.constraint("right")?.isBroken == false)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 100, 0, 75, 20)
        // Touch `left` (same constant): now it is the latest, and the same squeeze breaks it instead;
        // maxX = 250 − 200 = 50, width 40 → x = 10.
        try engine.setConstant(100, of: "left")
        try engine.setRootSize(Size(width: 250, height: 667))
        #expect(engine.takeConflicts().map(\.broken) == ["left"])
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 10, 0, 40, 20)
    }

    @Test func heightsToo() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.constrain("left", "box.left", .equal, "root.left")
        try engine.constrain("width", "box.width", constant: 10)
        try engine.constrain("top", "box.top", .equal, "root.top", constant: 50)
        try engine.constrain("bottom", "box.bottom", .equal, "root.top", constant: 30)
        // height = 30 − 50 = −20: `bottom` breaks; the conflict is top and bottom alone.
        let conflict = try #require(engine.takeConflicts().first)
        #expect(conflict.broken == "bottom")
        #expect(conflict.constraints == ["top", "bottom"])
        #expect(engine.view("box").map(engine.ambiguousAxes(of:)) == [.vertical])
    }

    @Test func aViewTranslatingItsMaskHasNoSizeRule() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let box = try engine.addView("box")
        #expect(engine.internalConstraints["NonNegativeSize-box-width"] != nil)
        engine.setTranslatesAutoresizingMaskIntoConstraints(true, of: box)
        #expect(engine.internalConstraints["NonNegativeSize-box-width"] == nil)
        #expect(engine.internalConstraints["NonNegativeSize-box-height"] == nil)
        engine.setTranslatesAutoresizingMaskIntoConstraints(false, of: box)
        #expect(engine.internalConstraints["NonNegativeSize-box-height"]?.isImplicit == true)
        try engine.removeView("box")
        #expect(engine.internalConstraints.keys.allSatisfy { !$0.hasPrefix("NonNegativeSize") })
    }
}
