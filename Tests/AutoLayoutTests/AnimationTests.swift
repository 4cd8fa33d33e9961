import Foundation
import Testing
@testable import AutoLayout

@Suite struct TimingCurveTests {
    // Reference values by bisection on x(t) of the Bézier (an independent solver, 200 halvings).
    @Test func bezierCurvesMatchReferenceValues() {
        #expect(abs(TimingCurve.easeInOut.progress(elapsed: 0.5, duration: 1) - 0.5) < 1e-9)
        #expect(abs(TimingCurve.easeIn.progress(elapsed: 0.5, duration: 1) - 0.315_356_812_572_539) < 1e-9)
        #expect(abs(TimingCurve.easeOut.progress(elapsed: 0.5, duration: 1) - 0.684_643_187_427_461) < 1e-9)
        #expect(abs(TimingCurve.easeInOut.progress(elapsed: 0.25, duration: 1) - 0.129_161_931_047_320) < 1e-9)
        #expect(abs(TimingCurve.easeInOut.progress(elapsed: 0.75, duration: 1) - 0.870_838_068_952_680) < 1e-9)
        #expect(TimingCurve.linear.progress(elapsed: 0.3, duration: 1.2) == 0.25)
        #expect(TimingCurve.easeIn.progress(elapsed: -1, duration: 1) == 0)
        #expect(TimingCurve.easeIn.progress(elapsed: 2, duration: 1) == 1)
    }

    @Test func underdampedSpringOvershootsAndSettlesByTheDuration() {
        let spring = Spring(dampingRatio: 0.5, initialVelocity: 0, duration: 1)
        let samples = stride(from: 0.0, through: 1.0, by: 0.01).map(spring.progress)
        #expect(samples.max()! > 1.05)
        #expect(abs(spring.progress(at: 1) - 1) <= 0.001 + 1e-9)
        // x(t) = e^{−ζω₀t}(cos ω_d t + ζω₀/ω_d sin ω_d t); at t = 0.1 with ω₀ = ln(1000)/(0.5·1).
        let w0 = log(1000.0) / 0.5, wd = w0 * (1 - 0.25).squareRoot()
        let expected = 1 - exp(-0.5 * w0 * 0.1) * (cos(wd * 0.1) + 0.5 * w0 / wd * sin(wd * 0.1))
        #expect(abs(spring.progress(at: 0.1) - expected) < 1e-12)
    }

    @Test func criticallyDampedSpringFromMassStiffnessDamping() {
        // m = 1, k = 100, c = 20 → ω₀ = 10, ζ = 1: x(t) = e^{−10t}(1 + 10t).
        let spring = Spring(mass: 1, stiffness: 100, damping: 20)
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
        #expect(abs(spring.progress(at: 0.2) - (1 - exp(-2) * 3)) < 1e-12)
        // (1 + 10t)e^{−10t} = 0.001 at t ≈ 0.9234 s.
        #expect(abs(spring.settlingDuration - 0.9234) < 0.002)
    }
}

@Suite struct AnimationTests {
    private func engineWithNav() throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("nav")
        try engine.constrain("navTop", "nav.top", .equal, "root.top")
        try engine.constrain("l", "nav.leading", .equal, "root.leading")
        try engine.constrain("r", "nav.trailing", .equal, "root.trailing")
        try engine.constrain("h", "nav.height", constant: 62)
        engine.layoutIfNeeded()
        return engine
    }

    @Test func layoutInsideTheBlockAnimatesThePresentationOnly() throws {
        let engine = try engineWithNav()
        let nav = engine.view("nav")!
        try engine.setConstant(-62, of: "navTop")
        let group = engine.animate(duration: 0.25) { engine.layoutIfNeeded() }
        // The model jumps at once.
        expectRect(nav.frame, 0, -62, 375, 62)
        expectRect(engine.presentation(of: nav).frame, 0, 0, 375, 62)
        engine.advance(to: 0.125)
        expectRect(engine.presentation(of: nav).frame, 0, -31, 375, 62)
        #expect(engine.takeCompletions().isEmpty)
        engine.advance(to: 0.25)
        expectRect(engine.presentation(of: nav).frame, 0, -62, 375, 62)
        #expect(engine.takeCompletions() == [AnimationCompletion(group: group, finished: true)])
        #expect(!engine.isAnimating)
    }

    @Test func constantSetInsideTheBlockWithoutLayoutDoesNotAnimate() throws {
        let engine = try engineWithNav()
        let nav = engine.view("nav")!
        let group = engine.animate(duration: 2) { try? engine.setConstant(80, of: "h") }
        // The end-of-turn pass runs outside the block: the height jumps.
        engine.layoutIfNeeded()
        #expect(!engine.isAnimating)
        expectRect(engine.presentation(of: nav).frame, 0, 0, 375, 80)
        #expect(engine.takeCompletions() == [AnimationCompletion(group: group, finished: true)])
    }

    @Test func reversingHalfWayContinuesFromTheScreenWithoutAJump() throws {
        let engine = try engineWithNav()
        let nav = engine.view("nav")!
        try engine.setConstant(-62, of: "navTop")
        engine.animate(duration: 0.25, curve: .linear) { engine.layoutIfNeeded() }
        engine.advance(to: 0.125)
        expectRect(engine.presentation(of: nav).frame, 0, -31, 375, 62)
        try engine.setConstant(0, of: "navTop")
        engine.animate(duration: 0.25, curve: .linear) { engine.layoutIfNeeded() }
        // Additive, delta = old − new: the first went 0 → −62 (delta 62, half remaining: +31), the
        // second −62 → 0 (delta −62, all remaining: −62). Model 0 + 31 − 62 = −31: where the view was.
        expectRect(engine.presentation(of: nav).frame, 0, -31, 375, 62)
        engine.advance(to: 0.25)
        // First done (contributes 0); second half way: −62 × 0.5 = −31.
        expectRect(engine.presentation(of: nav).frame, 0, -31, 375, 62)
        engine.advance(to: 0.375)
        expectRect(engine.presentation(of: nav).frame, 0, 0, 375, 62)
    }

    @Test func delayHoldsTheOldValue() throws {
        let engine = try engineWithNav()
        let nav = engine.view("nav")!
        engine.animate(duration: 0.5, delay: 0.5, curve: .linear) { try? engine.setAlpha(0, of: nav) }
        engine.advance(to: 0.4)
        #expect(engine.presentation(of: nav).alpha == 1)
        engine.advance(to: 0.75)
        #expect(abs(engine.presentation(of: nav).alpha - 0.5) < 1e-12)
    }

    @Test func boundsOriginAndTransformAnimate() throws {
        let engine = try engineWithNav()
        let root = engine.root
        engine.animate(duration: 1, curve: .linear) {
            try? engine.setBounds(Rect(x: 0, y: 84, width: 375, height: 667), of: root)
            try? engine.setTransform(.translation(x: 0, y: -216), of: root)
        }
        engine.advance(to: 0.25)
        let state = engine.presentation(of: root)
        expectRect(state.bounds, 0, 21, 375, 667)
        #expect(abs(state.transform.ty - -54) < 1e-9)
        expectRect(state.frame, 0, 0, 375, 667)
    }

    @Test func removingAnAnimatingViewEndsItsBlockUnfinished() throws {
        let engine = try engineWithNav()
        let group = engine.animate(duration: 1) { try? engine.setAlpha(0.5, of: engine.view("nav")!) }
        try engine.removeView("nav")
        #expect(engine.takeCompletions() == [AnimationCompletion(group: group, finished: false)])
        #expect(!engine.isAnimating)
    }
}

@Suite struct ClockRoundingTests {
    /// (t0 + 0.125) + 0.125 can round below t0 + 0.25; the animation must still end there.
    @Test func endsDespiteFloatingPointSteps() throws {
        // 0.004692979338711745 is one start where the two steps round short (checked in Python).
        for start in [0.004_692_979_338_711_745, 0.024_790_612_069_092_534, 10.1] {
            let engine = LayoutEngine(size: Size(width: 100, height: 100), time: start)
            let box = try engine.addView("box")
            let group = engine.animate(duration: 0.25) { try? engine.setAlpha(0, of: box) }
            engine.advance(to: start + 0.125)
            engine.advance(to: (start + 0.125) + 0.125)
            #expect(!engine.isAnimating, "start \(start)")
            #expect(engine.presentation(of: box).alpha == 0)
            #expect(engine.takeCompletions() == [AnimationCompletion(group: group, finished: true)])
        }
    }
}

@Suite struct AnimationOptionTests {
    private func engineWithBox() throws -> (LayoutEngine, View) {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let box = try engine.addView("box")
        return (engine, box)
    }

    @Test func autoreverseRunsThereAndBackThenSnapsToTheModel() throws {
        let (engine, box) = try engineWithBox()
        let group = engine.animate(duration: 1, curve: .linear, options: [.autoreverse]) {
            try? engine.setAlpha(0, of: box)
        }
        engine.advance(to: 0.5)
        #expect(abs(engine.presentation(of: box).alpha - 0.5) < 1e-12)
        engine.advance(to: 1.5)
        // Half way back: 1 − 0.5 = 0.5 of the way from 1 to 0 undone.
        #expect(abs(engine.presentation(of: box).alpha - 0.5) < 1e-12)
        engine.advance(to: 1.9)
        #expect(abs(engine.presentation(of: box).alpha - 0.9) < 1e-12)
        engine.advance(to: 2)
        // UIKit's well-known snap: the model value (0) shows at the end.
        #expect(engine.presentation(of: box).alpha == 0)
        #expect(engine.takeCompletions() == [AnimationCompletion(group: group, finished: true)])
    }

    @Test func blocksEndInTheOrderOfTheirEndsNotOfTheirStarts() throws {
        let (engine, box) = try engineWithBox()
        let other = try engine.addView("other")
        let long = engine.animate(duration: 1, curve: .linear) { try? engine.setAlpha(0, of: box) }
        engine.advance(to: 0.25)
        // Started later, ends first (at 0.5), and a delayed one ends last (0.25 + 0.5 + 1 = 1.75).
        let short = engine.animate(duration: 0.25, curve: .linear) { try? engine.setAlpha(0.5, of: other) }
        let delayed = engine.animate(duration: 1, delay: 0.5, curve: .linear) { try? engine.setAlpha(0.2, of: other) }
        engine.advance(to: 0.49)
        #expect(engine.takeCompletions().isEmpty)
        engine.advance(to: 0.5)
        #expect(engine.takeCompletions() == [AnimationCompletion(group: short, finished: true)])
        #expect(abs(engine.presentation(of: box).alpha - 0.5) < 1e-12)
        engine.advance(to: 1)
        #expect(engine.takeCompletions() == [AnimationCompletion(group: long, finished: true)])
        // Half way through the delayed block (0.75 → 1.75), which moves `other` from 0.5 to 0.2.
        engine.advance(to: 1.25)
        #expect(abs(engine.presentation(of: other).alpha - (0.2 + 0.3 * 0.5)) < 1e-12)
        #expect(engine.takeCompletions().isEmpty)
        engine.advance(to: 1.75)
        #expect(engine.takeCompletions() == [AnimationCompletion(group: delayed, finished: true)])
        #expect(!engine.isAnimating)
    }

    @Test func repeatCountCyclesThenEnds() throws {
        let (engine, box) = try engineWithBox()
        engine.animate(duration: 1, curve: .linear, options: [.repeat], repeatCount: 2.5) {
            try? engine.setAlpha(0, of: box)
        }
        engine.advance(to: 1.25)
        #expect(abs(engine.presentation(of: box).alpha - 0.75) < 1e-12)
        engine.advance(to: 2.4)
        #expect(engine.isAnimating)
        engine.advance(to: 2.5)
        #expect(!engine.isAnimating)
    }

    @Test func repeatForeverNeverCompletes() throws {
        let (engine, box) = try engineWithBox()
        engine.animate(duration: 1, options: [.repeat, .autoreverse]) { try? engine.setAlpha(0, of: box) }
        engine.advance(to: 1000.5)
        #expect(engine.isAnimating)
        #expect(engine.takeCompletions().isEmpty)
        // easeInOut at 0.5 of a forward leg.
        #expect(abs(engine.presentation(of: box).alpha - 0.5) < 1e-9)
    }

    @Test func beginFromCurrentStateReplacesAndInterrupts() throws {
        let (engine, box) = try engineWithBox()
        let first = engine.animate(duration: 1, curve: .linear) { try? engine.setAlpha(0, of: box) }
        engine.advance(to: 0.5)
        let second = engine.animate(duration: 1, curve: .linear, options: [.beginFromCurrentState]) {
            try? engine.setAlpha(1, of: box)
        }
        #expect(engine.takeCompletions() == [AnimationCompletion(group: first, finished: false)])
        // Starts from the screen (0.5), heading to 1 alone: half way is 0.75.
        #expect(abs(engine.presentation(of: box).alpha - 0.5) < 1e-12)
        engine.advance(to: 1)
        #expect(abs(engine.presentation(of: box).alpha - 0.75) < 1e-12)
        engine.advance(to: 1.5)
        #expect(engine.takeCompletions() == [AnimationCompletion(group: second, finished: true)])
    }

    @Test func nestedBlocksInheritDurationAndCurveUnlessOverridden() throws {
        let (engine, box) = try engineWithBox()
        let other = try engine.addView("other")
        engine.animate(duration: 1, curve: .linear) {
            engine.animate(duration: 5, curve: .easeIn) { try? engine.setAlpha(0, of: box) }
            engine.animate(duration: 2, curve: .easeIn, options: [.overrideInheritedDuration]) {
                try? engine.setAlpha(0, of: other)
            }
        }
        engine.advance(to: 0.5)
        // Inherited: linear over 1 s → 0.5. Overridden duration keeps the inherited linear curve: 0.25.
        #expect(abs(engine.presentation(of: box).alpha - 0.5) < 1e-12)
        #expect(abs(engine.presentation(of: other).alpha - 0.75) < 1e-12)
    }

    @Test func seekingBackShowsEndedAnimationsAgain() throws {
        let (engine, box) = try engineWithBox()
        engine.keepsTimeline = true
        engine.animate(duration: 1, curve: .linear) { try? engine.setAlpha(0, of: box) }
        engine.advance(to: 2)
        #expect(!engine.isAnimating)
        #expect(engine.presentation(of: box).alpha == 0)
        engine.seek(to: 0.25)
        #expect(abs(engine.presentation(of: box).alpha - 0.75) < 1e-12)
        #expect(engine.timelineStart == 0)
        engine.seek(to: 3)
        #expect(engine.presentation(of: box).alpha == 0)
    }
}
