import Testing
@testable import AutoLayout

/// Model frames are rounded to 1/scale pt per edge: nearest pixel, halves toward +∞, after snapping
/// values within 1e-9 px of a half or whole pixel onto it.
@Suite struct PixelRoundingTests {
    @Test func halvesGoTowardPlusInfinityOnEitherSide() {
        // Scale 1: 337.5 → 338, −1048.5 → −1048 (half away from zero would give −1049), −0.5 → 0.
        #expect(Rect.roundedToPixel(337.5, scale: 1) == 338)
        #expect(Rect.roundedToPixel(-1048.5, scale: 1) == -1048)
        #expect(Rect.roundedToPixel(-0.5, scale: 1) == 0)
        #expect(Rect.roundedToPixel(-0.5, scale: 1).sign == .plus)
        // Scale 2: half a pixel is 0.25 pt; 10.25 → 10.5, −10.25 → −10.
        #expect(Rect.roundedToPixel(10.25, scale: 2) == 10.5)
        #expect(Rect.roundedToPixel(-10.25, scale: 2) == -10)
        // Scale 3: 0.5 px = 1/6 pt → 1/3 pt; 1/6 + 0.1 pt = 0.8 px → 1 px.
        #expect(Rect.roundedToPixel(1.0 / 6, scale: 3) == 1.0 / 3)
        #expect(Rect.roundedToPixel(1.0 / 6 + 0.1, scale: 3) == 1.0 / 3)
        // Nearest, not ceiling: 950.2 → 950 at 1×, 950.2 → 950 and 950.3 → 950.5 at 2×.
        #expect(Rect.roundedToPixel(950.2, scale: 1) == 950)
        #expect(Rect.roundedToPixel(950.2, scale: 2) == 950)
        #expect(Rect.roundedToPixel(950.3, scale: 2) == 950.5)
    }

    @Test func noiseNextToAHalfPixelDoesNotDecideTheTie() {
        // 337.5 − 1 ulp (5.7e-14 px away) is the tie 337.5 → 338; 337.4999 (1e-4 px away) is not → 337.
        #expect(Rect.roundedToPixel(337.5.nextDown, scale: 1) == 338)
        #expect(Rect.roundedToPixel(337.5 - 5e-10, scale: 1) == 338)
        #expect(Rect.roundedToPixel(337.4999, scale: 1) == 337)
        #expect(Rect.roundedToPixel(-1048.5.nextUp, scale: 1) == -1048)
        #expect(Rect.roundedToPixel(-1048.5.nextDown, scale: 1) == -1048)
        // 2×: 151.25 pt is 302.5 px; a hair under it still goes up to 151.5.
        #expect(Rect.roundedToPixel(151.25.nextDown, scale: 2) == 151.5)
    }

    @Test func edgesRoundSeparatelySoAWholePixelMoveKeepsTheSize() {
        // [−0.5, 0.5] and [0.5, 1.5] are one pixel wide at 1×; both stay one pixel wide.
        expectRect(Rect(x: -0.5, y: 0, width: 1, height: 0).roundedToPixels(scale: 1), 0, 0, 1, 0)
        expectRect(Rect(x: 0.5, y: 0, width: 1, height: 0).roundedToPixels(scale: 1), 1, 0, 1, 0)
        // x 10.4 → 10, maxX 10.4 + 20.2 = 30.6 → 31: width 21 (rounding the width alone would give 20).
        expectRect(Rect(x: 10.4, y: 0, width: 20.2, height: 0).roundedToPixels(scale: 1), 10, 0, 21, 0)
    }

    /// Views v0 … v4 in a 375 × 667 root at 1×, `c10` replaced by `v2.leading == v4.centerX − 250` so the
    /// layout needs no negative size (see `theRegressionCaseConflictsAndBreaksTheLatest`).
    private func tieScene(reversed: Bool) throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667), scale: 1)
        for id in ["v0", "v1", "v2", "v3", "v4"] { try engine.addView(id) }
        var constraints = regressionConstraints
        constraints[9] = ("c10", "v2.leading", "v4.centerX", 1, -250, 1000)
        if reversed { constraints.reverse() }
        for (id, first, second, multiplier, constant, priority) in constraints {
            try engine.constrain(id, first, .equal, second, multiplier: multiplier, constant: constant,
                                 priority: priority)
        }
        return engine
    }

    /// The constraints of the random scene that first showed the problem, in the order it listed them.
    private let regressionConstraints: [(String, String, String?, Double, Double, Double)] = [
        ("c1", "v0.leading", "root.leading", 1, 0, 1000),
        ("c2", "v0.width", "v2.width", 0.5, -14, 1000),
        ("c3", "v0.height", nil, 1, 0, 1000),
        ("c4", "v1.trailing", "v0.trailing", 1, -10, 1000),
        ("c5", "v2.centerX", "v0.centerX", 1, -2, 1000),
        ("c6", "v2.centerY", "v0.centerY", 1, 0, 1000),
        ("c7", "v2.height", nil, 1, 0, 1000),
        ("c8", "v4.centerX", "root.centerX", 1, 0, 1000),
        ("c9", "v2.leadingMargin", "v1.trailing", 1, 0, 250),
        ("c10", "v2.leading", "v4.centerX", 1, 150, 1000),
    ]

    @Test(arguments: [false, true]) func tiesComeOutTheSameInEitherConstraintOrder(reversed: Bool) throws {
        let engine = try tieScene(reversed: reversed)
        #expect(engine.takeConflicts().isEmpty)
        engine.layoutIfNeeded()
        // c8: v4.centerX = 375 / 2 = 187.5; c10: v2.x = 187.5 − 250 = −62.5.
        // c1: v0.x = 0. c2: v0.w = v2.w / 2 − 14. c5: v2.x + v2.w / 2 = v0.w / 2 − 2 = v2.w / 4 − 9,
        //   so −62.5 + v2.w / 4 = −9 → v2.w = 214, v0.w = 107 − 14 = 93.
        // v2's edges: −62.5 → −62 and −62.5 + 214 = 151.5 → 152 (halves toward +∞): x −62, width 214.
        // (Half away from zero would give −63 and width 215.) v0: edges 0 and 93, exact.
        // The solver's values carry noise that differs by order (v2.x = −62.500000000000014 as listed,
        // v2.maxX = 151.49999999999997 reversed): without the snap each order lost a different pixel.
        // Heights are 0 (c3, c7); c6 ties v2's y to v0's, which nothing else fixes (ambiguous).
        let v0 = engine.view("v0")!.frame, v2 = engine.view("v2")!.frame
        expectRect(v0, 0, v0.minY, 93, 0)
        expectRect(v2, -62, v0.minY, 214, 0)
    }

    /// The scene as listed: it needs v2.width = −1386 (see below), so the latest constraint of the
    /// conflicting set breaks, and that depends on the order. Each order's frames are worked out here.
    @Test(arguments: [false, true]) func theRegressionCaseConflictsAndBreaksTheLatest(reversed: Bool) throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667), scale: 1)
        for id in ["v0", "v1", "v2", "v3", "v4"] { try engine.addView(id) }
        let constraints = reversed ? regressionConstraints.reversed() : regressionConstraints
        for (id, first, second, multiplier, constant, priority) in constraints {
            try engine.constrain(id, first, .equal, second, multiplier: multiplier, constant: constant,
                                 priority: priority)
        }
        // All required: c1 v0.x = 0, c8 + c10 v2.x = 187.5 + 150 = 337.5, c2 and c5 as above:
        // 337.5 + v2.w / 4 = −9 → v2.w = −1386 (v0.w = −707), which `v2.width >= 0` forbids.
        let conflicts = engine.takeConflicts()
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        // The visible members: c1, c2, c5, c8, c10 and the root's width (root.centerX = width / 2).
        #expect(Set(conflict.constraints) == ["c1", "c2", "c5", "c8", "c10", "UIView-Encapsulated-Layout-Width"])
        #expect(!conflict.log.contains("NonNegativeSize"))
        engine.layoutIfNeeded()
        let v0 = engine.view("v0")!.frame, v2 = engine.view("v2")!.frame
        if !reversed {
            // c10 is added last and breaks. c1, c2, c5 leave v2.x = −v2.w / 4 − 9; c9 (@250, met exactly):
            // v2.x + 8 = v1.trailing = v0.maxX − 10 = v2.w / 2 − 24 → −v2.w / 4 − 1 = v2.w / 2 − 24
            // → v2.w = 92/3 ≈ 30.667, v2.x = −50/3 ≈ −16.667, v2.maxX = 42/3 = 14; v0.w = 46/3 − 14 = 4/3.
            // Rounded: v2 edges −17 and 14 → width 31; v0 edges 0 and 4/3 → 1.
            #expect(conflict.broken == "c10")
            expectRect(v0, 0, v0.minY, 1, 0)
            expectRect(v2, -17, v0.minY, 31, 0)
        } else {
            // c1 is added last and breaks; v0.x is free. v2.x = 337.5; c5 and c2 give
            // v0.x = 337.5 + 2 + v2.w / 2 − v0.w / 2 = 346.5 + v2.w / 4. c9 (@250, met exactly):
            // 337.5 + 8 = v1.trailing = v0.x + v0.w − 10 = 322.5 + 3 v2.w / 4 → v2.w = 92/3 ≈ 30.667,
            // v0.w = 4/3, v0.x = 346.5 + 23/3 ≈ 354.167, v0.maxX = 355.5; v2.maxX ≈ 368.167.
            // Rounded (halves toward +∞): v2 edges 337.5 → 338 and 368.167 → 368: width 30;
            // v0 edges 354.167 → 354 and 355.5 → 356: width 2.
            #expect(conflict.broken == "c1")
            expectRect(v0, 354, v0.minY, 2, 0)
            expectRect(v2, 338, v0.minY, 30, 0)
        }
    }
}
