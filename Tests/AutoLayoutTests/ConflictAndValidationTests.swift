import Testing
@testable import AutoLayout

@Suite struct ConflictAndValidationTests {
    private func engineWithBox() throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.constrain("x", "box.left", .equal, "root.left")
        try engine.constrain("y", "box.top", .equal, "root.top")
        try engine.constrain("h", "box.height", constant: 10)
        return engine
    }

    @Test func theNewestConflictingConstraintBreaksAndHeals() throws {
        let engine = try engineWithBox()
        try engine.constrain("w100", "box.width", constant: 100)
        let w200 = try engine.constrain("w200", "box.width", constant: 200)
        let conflicts = engine.takeConflicts()
        #expect(conflicts.count == 1)
        #expect(conflicts[0].broken == "w200")
        #expect(conflicts[0].constraints == ["w100", "w200"])
        #expect(conflicts[0].log.contains("Unable to simultaneously satisfy constraints"))
        #expect(conflicts[0].log.contains("<NSLayoutConstraint:w200 box.width == 200>"))
        #expect(w200.isActive && w200.isBroken)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 0, 0, 100, 10)

        // Deactivating the first lets the broken one in.
        try engine.setActive(false, of: "w100")
        #expect(!w200.isBroken)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 0, 0, 200, 10)
    }

    @Test func changingAConstantIntoAConflictBreaksTheChangedOne() throws {
        let engine = try engineWithBox()
        try engine.constrain("w", "box.width", constant: 100)
        try engine.constrain("maxW", "box.right", .lessThanOrEqual, "root.left", constant: 150)
        try engine.setConstant(250, of: "w")
        let conflicts = engine.takeConflicts()
        #expect(conflicts.map(\.broken) == ["w"])
        #expect(conflicts.first?.constraints.contains("maxW") == true)
        engine.layoutIfNeeded()
        // w is out; the box keeps what the rest allows (right ≤ 150, width unconstrained → ≥ 0).
        #expect(engine.view("box")!.frame.maxX <= 150 + 1e-6)
        // Bringing the constant back heals it.
        try engine.setConstant(120, of: "w")
        #expect(engine.takeConflicts().isEmpty)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 0, 0, 120, 10)
    }

    @Test func invalidPairingsAreRejectedAsUIKitDoes() throws {
        let engine = try engineWithBox()
        try engine.addView("other")
        let cases: [(String, LayoutAttribute, String?, LayoutAttribute?)] = [
            ("box", .width, "other", .left),        // size vs location
            ("box", .left, "other", .top),          // X vs Y axis
            ("box", .leading, "other", .left),      // leading vs left
            ("box", .top, nil, nil),                // location equal to a constant
        ]
        for (index, (first, firstAttribute, second, secondAttribute)) in cases.enumerated() {
            let constraint = LayoutConstraint(
                identifier: "bad\(index)", item: engine.view(first)!, attribute: firstAttribute,
                toItem: second.flatMap(engine.view), attribute: secondAttribute)
            #expect(throws: LayoutError.self) { try engine.add(constraint) }
            do {
                try engine.add(constraint)
            } catch let error as LayoutError {
                #expect(error.code == "invalid-pairing")
            }
            #expect(engine.constraint("bad\(index)") == nil)
        }
        #expect(throws: LayoutError.invalidPriority(0)) {
            try engine.constrain("p0", "box.width", constant: 1, priority: 0)
        }
        #expect(throws: LayoutError.invalidPriority(1001)) {
            try engine.constrain("p1001", "box.width", constant: 1, priority: 1001)
        }
        #expect(throws: LayoutError.duplicateIdentifier("x")) {
            try engine.constrain("x", "box.width", constant: 1)
        }
    }

    @Test func priorityCannotMoveBetweenRequiredAndOptionalOnceInstalled() throws {
        let engine = try engineWithBox()
        try engine.constrain("w", "box.width", constant: 100, priority: 999)
        #expect(throws: LayoutError.requiredPriorityChange("w")) { try engine.setPriority(1000, of: "w") }
        try engine.setPriority(500, of: "w")
        #expect(engine.constraint("w")?.priority == 500)
        try engine.setActive(false, of: "w")
        try engine.setPriority(1000, of: "w")
        #expect(engine.constraint("w")?.isRequired == true)
    }

    @Test func nonFiniteValuesAreRefused() throws {
        let engine = try engineWithBox()
        #expect(throws: LayoutError.self) { try engine.setConstant(.nan, of: "h") }
        #expect(throws: LayoutError.self) { try engine.setConstant(.infinity, of: "h") }
        #expect(throws: LayoutError.self) { try engine.setAlpha(2, of: engine.view("box")!) }
        #expect(throws: LayoutError.unknownConstraint("nope")) { try engine.setConstant(1, of: "nope") }
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 0, 0, 0, 10)
    }
}

@Suite struct MinimalConflictTests {
    /// A chain a → b → c with a fixed total, plus unrelated constraints on the same views: only the
    /// chain and the total conflict, and the report names exactly them.
    @Test func theReportedSetIsMinimal() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        for id in ["a", "b", "c"] { try engine.addView(id) }
        try engine.constrain("aLeft", "a.left", .equal, "root.left", constant: 10)
        try engine.constrain("aWidth", "a.width", constant: 100)
        try engine.constrain("bLeft", "b.left", .equal, "a.right", constant: 8)
        try engine.constrain("bWidth", "b.width", constant: 100)
        try engine.constrain("cLeft", "c.left", .equal, "b.right", constant: 8)
        try engine.constrain("aTop", "a.top", .equal, "root.top", constant: 5)
        try engine.constrain("bTop", "b.top", .equal, "a.top")
        try engine.constrain("cHeight", "c.height", constant: 30)
        // c.left = 10 + 100 + 8 + 100 + 8 = 226; demanding 300 conflicts with the five horizontal ones.
        try engine.constrain("cAt300", "c.left", .equal, "root.left", constant: 300)
        let conflict = try #require(engine.takeConflicts().first)
        #expect(conflict.broken == "cAt300")
        #expect(Set(conflict.constraints) == ["aLeft", "aWidth", "bLeft", "bWidth", "cLeft", "cAt300"])
        #expect(conflict.constraints.last == "cAt300")
    }
}

extension MinimalConflictTests {
    /// Two consistent routes tie b to a; one of them is enough to explain the conflict, so a minimal
    /// report names one route, never both.
    @Test func redundantRoutesAreNotBothReported() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        for id in ["a", "b"] { try engine.addView(id) }
        try engine.constrain("aLeft", "a.left", .equal, "root.left", constant: 10)
        try engine.constrain("aWidth", "a.width", constant: 100)
        try engine.constrain("bWidth", "b.width", constant: 100)
        try engine.constrain("bLeft", "b.left", .equal, "a.right", constant: 8)
        // b.centerX = 118 + 50 = 168 = a.centerX (60) + 108: the same fact again.
        try engine.constrain("bCenter", "b.centerX", .equal, "a.centerX", constant: 108)
        #expect(engine.takeConflicts().isEmpty)
        try engine.constrain("bAt0", "b.left", .equal, "root.left")
        let conflict = try #require(engine.takeConflicts().first)
        let routes = Set(conflict.constraints).intersection(["bLeft", "bCenter"])
        #expect(routes.count == 1)
        #expect(conflict.constraints.count == 4 || conflict.constraints.count == 5)
        #expect(conflict.constraints.last == "bAt0")
    }
}
