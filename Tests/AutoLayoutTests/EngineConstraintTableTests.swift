import Testing
@testable import AutoLayout

/// The engine's own constraints of a view are kept by the view's slot and their kind, and named only
/// when read; solver constraints' owners are looked up only when a conflict asks.
@Suite struct EngineConstraintTableTests {
    @Test func aViewInAFreedSlotStartsWithOnlyItsOwnConstraintsUnderItsOwnNames() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let old = try engine.addView("old")
        try engine.setIntrinsicContentSize(Size(width: 40, height: 20), of: old)
        let oldSlot = old.slot
        try engine.removeView("old")
        let new = try engine.addView("new")
        #expect(new.slot == oldSlot)   // the freed slot is given again
        #expect(!engine.internalConstraints.keys.contains { $0.contains("-old-") })
        #expect(Set(engine.internalConstraints.keys.filter { $0.contains("-new-") })
                == ["NonNegativeSize-new-width", "NonNegativeSize-new-height"])

        try engine.setIntrinsicContentSize(Size(width: 30, height: 10), of: new)
        #expect(Set(engine.internalConstraints.keys.filter { $0.hasPrefix("NSContentSizeLayoutConstraint-") })
                == ["NSContentSizeLayoutConstraint-new-width-hugging", "NSContentSizeLayoutConstraint-new-width-compression",
                    "NSContentSizeLayoutConstraint-new-height-hugging",
                    "NSContentSizeLayoutConstraint-new-height-compression"])
        try engine.constrain("left", "new.left", .equal, "root.left", constant: 10)
        try engine.constrain("top", "new.top", .equal, "root.top", constant: 20)
        engine.layoutIfNeeded()
        // Hugging (size ≤ intrinsic) and compression resistance (size ≥ intrinsic) both hold at the
        // intrinsic size, 30 × 10, and nothing pulls elsewhere: [10, 20, 30, 10].
        expectRect(new.frame, 10, 20, 30, 10)
    }

    @Test func aConflictAfterThousandsOfInstallsStillNamesItsMembers() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.constrain("top", "box.top", .equal, "root.top")
        try engine.constrain("height", "box.height", constant: 20)
        try engine.constrain("left", "box.left", .equal, "root.left", constant: 100)
        // 2 × 2,100 installs and removals: more than the 4,096 noted installs after which the
        // owners' table is brought up to date without a conflict asking.
        for _ in 0..<2_100 {
            try engine.setActive(false, of: "left")
            try engine.setActive(true, of: "left")
        }
        try engine.constrain("right", "box.right", .equal, "root.right", constant: -300)
        // width = (375 − 300) − 100 = −25 < 0: `right`, the latest change, breaks; root.right is the
        // root's width, so the encapsulated width is a member, and the implicit `box.width >= 0` is not.
        let conflict = try #require(engine.takeConflicts().first)
        #expect(conflict.broken == "right")
        #expect(Set(conflict.constraints) == ["left", "right", "UIView-Encapsulated-Layout-Width"])
    }
}
