import Foundation
import Testing
@testable import AutoLayout

/// `forEachPresentation` reads a copy of the tree; after every kind of change it must give exactly what
/// `presentation(of:)` gives for each view, in depth-first order.
@Suite struct PresentationPlanTests {
    /// A small deterministic generator (SplitMix64), so a failure replays.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    /// The views in depth-first order with their direct presentation, as the plan must list them.
    private func expected(_ engine: LayoutEngine) -> [PresentedView] {
        var list: [PresentedView] = []
        func visit(_ view: View) {
            list.append(PresentedView(id: ObjectIdentifier(view), identifier: view.identifier,
                                      state: engine.presentation(of: view), isHidden: view.isHidden))
        }
        visit(engine.root)
        engine.root.forEachDescendant(visit)
        return list
    }

    private func expectSame(_ engine: LayoutEngine, step: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var actual: [PresentedView] = []
        engine.forEachPresentation { actual.append($0) }
        let wanted = expected(engine)
        #expect(actual.map(\.id) == wanted.map(\.id), "step \(step): view order", sourceLocation: sourceLocation)
        #expect(actual.map(\.identifier) == wanted.map(\.identifier), "step \(step)", sourceLocation: sourceLocation)
        // Exact equality: the plan must do the same arithmetic, not an approximation of it.
        #expect(actual.map(\.state) == wanted.map(\.state), "step \(step): states", sourceLocation: sourceLocation)
        #expect(actual.map(\.isHidden) == wanted.map(\.isHidden), "step \(step)", sourceLocation: sourceLocation)
        #expect(engine.keyboardPresentation == engine.presentation(of: engine.keyboard), "step \(step): keyboard",
                sourceLocation: sourceLocation)
    }

    /// A layout pass that only moves frames, as a constant tweak does, updates the copy in place: frames
    /// show the new frames without copying the tree again; a structural change still rebuilds it.
    @Test func layoutPassUpdatesTheCopyInPlace() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        for index in 0..<5 {
            try engine.addView("v\(index)")
            try engine.pin("v\(index)", x: 10, y: Double(40 * index), width: 100, height: 30)
        }
        engine.layoutIfNeeded()
        expectSame(engine, step: 0)
        let built = engine.presentationPlan.rebuildCount
        for step in 1...3 {
            try engine.setConstant(Double(50 * step), of: "v0-top")
            try engine.setConstant(Double(20 * step), of: "v3-left")
            engine.layoutIfNeeded()
            expectSame(engine, step: step)
            #expect(engine.view("v0")?.frame.minY == Double(50 * step))
            #expect(engine.view("v3")?.frame.minX == Double(20 * step))
        }
        #expect(engine.presentationPlan.rebuildCount == built)
        // Inside an animation block the change records an animation: the copy is rebuilt with it.
        engine.animate(duration: 0.5) {
            try? engine.setConstant(300, of: "v1-top")
            engine.layoutIfNeeded()
        }
        engine.advance(to: engine.time + 0.25)
        expectSame(engine, step: 4)
        #expect(engine.presentationPlan.rebuildCount == built + 1)
        // A frame change while that animation runs is copied in place too, under the running offset.
        try engine.setConstant(120, of: "v2-top")
        engine.layoutIfNeeded()
        expectSame(engine, step: 5)
        #expect(engine.presentationPlan.rebuildCount == built + 1)
        try engine.removeView("v4")
        expectSame(engine, step: 6)
        #expect(engine.presentationPlan.rebuildCount == built + 2)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func matchesDirectPresentationThroughRandomChanges(seed: UInt64) throws {
        var random = Generator(state: seed)
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        var names = ["root"]
        var nextName = 0
        for step in 0..<400 {
            let views = names.compactMap(engine.view)
            switch random.below(12) {
            case 0, 1:
                let parent = names[random.below(names.count)]
                let id = "v\(nextName)"
                nextName += 1
                try engine.addView(id, parent: parent)
                try engine.pin(id, x: Double(random.below(40)), y: Double(random.below(60)),
                               width: Double(10 + random.below(90)), height: Double(10 + random.below(40)),
                               to: parent)
                names.append(id)
            case 2 where names.count > 1:
                let id = names[1 + random.below(names.count - 1)]
                try engine.removeView(id)
                names = names.filter { engine.view($0) != nil }
            case 3, 4:
                // A constraint change laid out inside an animation block, as UIKit's animated constraint.
                guard names.count > 1 else { continue }
                let id = names[1 + random.below(names.count - 1)]
                guard engine.constraint("\(id)-top") != nil else { continue }
                let options: AnimationOptions = random.below(2) == 0 ? [] : [.beginFromCurrentState]
                engine.animate(duration: 0.2 + random.unit(), delay: random.below(3) == 0 ? 0.1 : 0,
                               curve: [.easeInOut, .linear, .easeOut][random.below(3)], options: options) {
                    try? engine.setConstant(Double(random.below(200)), of: "\(id)-top")
                    engine.layoutIfNeeded()
                }
            case 5:
                let view = views[random.below(views.count)]
                engine.animate(duration: 0.5, curve: .spring(Spring(dampingRatio: 0.6, initialVelocity: 0, duration: 0.5))) {
                    try? engine.setAlpha(random.unit(), of: view)
                }
            case 6:
                let view = views[random.below(views.count)]
                let angle = random.unit()
                engine.animate(duration: 0.3) {
                    try? engine.setTransform(AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle),
                                                             d: cos(angle), tx: 3, ty: -2), of: view)
                }
            case 7:
                let view = views[random.below(views.count)]
                engine.animate(duration: 0.4, options: [.autoreverse]) {
                    try? engine.setBounds(Rect(x: random.unit() * 20, y: random.unit() * 20,
                                               width: view.frame.width, height: view.frame.height), of: view)
                }
            case 8:
                engine.setHidden(random.below(2) == 0, of: views[random.below(views.count)])
                engine.layoutIfNeeded()
            case 10 where random.below(2) == 0:
                // The keyboard shows, changes height or hides, animated with its curve.
                engine.animate(duration: 0.25, curve: .keyboard) {
                    try? engine.setKeyboard(height: [0, 216, 291][random.below(3)])
                }
            case 11:
                // Constant changes laid out without animating (while others may run): the layout pass
                // updates the copy in place.
                for _ in 0..<(1 + random.below(3)) {
                    guard names.count > 1 else { break }
                    let id = names[1 + random.below(names.count - 1)]
                    try? engine.setConstant(Double(random.below(200)), of: "\(id)-\(["top", "left", "width"][random.below(3)])")
                }
                engine.layoutIfNeeded()
            case 9:
                // Seeking back into ended animations needs the timeline; it is switched on and off.
                engine.keepsTimeline.toggle()
                if engine.keepsTimeline { engine.seek(to: max(0, engine.time - random.unit())) }
            default:
                engine.advance(to: engine.time + random.unit() * 0.3)
            }
            expectSame(engine, step: step)
            // Only time moves: the copy stays valid and must follow the clock.
            engine.advance(to: engine.time + 1.0 / 60)
            expectSame(engine, step: step)
        }
    }
}
