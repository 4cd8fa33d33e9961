import Foundation
import Testing
@testable import AutoLayout

/// The engine's presentation snapshot: read whole (since generation 0) it must give exactly what
/// `presentation(of:)` gives for each view, rounded to a micro-point, in depth-first order; read as a
/// reader that keeps only the generation it saw, the changes it is given, applied to what it had, must
/// give the same, and name only fields whose rounded value differs.
@Suite struct PresentationSnapshotTests {
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

    struct Shown: Equatable {
        var state: ViewState
        var isHidden: Bool
    }

    /// A reader keeping what it was told and the generation it saw, as a connection's frame stream does.
    struct Reader {
        var seen: UInt64 = 0
        var views: [String: Shown] = [:]

        /// Applies the changes since `seen`; returns the views and fields reported.
        mutating func read(_ engine: LayoutEngine, sourceLocation: SourceLocation = #_sourceLocation) -> [String: PresentedFields] {
            let generation = engine.updatePresentation()
            var reported: [String: PresentedFields] = [:]
            let wasEmpty = seen == 0
            engine.forEachPresentationChange(since: seen) { change in
                reported[change.identifier] = change.fields
                guard var shown = views[change.identifier], !wasEmpty else {
                    views[change.identifier] = Shown(state: change.state, isHidden: change.isHidden)
                    return
                }
                // Only fields whose rounded value differs from what this reader has are named.
                let now = Shown(state: change.state, isHidden: change.isHidden)
                func apply<Value: Equatable>(_ field: PresentedFields, _ path: WritableKeyPath<Shown, Value>) {
                    guard change.fields.contains(field) else { return }
                    #expect(shown[keyPath: path] != now[keyPath: path], "\(change.identifier)", sourceLocation: sourceLocation)
                    shown[keyPath: path] = now[keyPath: path]
                }
                apply(.frame, \.state.frame)
                apply(.bounds, \.state.bounds)
                apply(.alpha, \.state.alpha)
                apply(.transform, \.state.transform)
                apply(.hidden, \.isHidden)
                views[change.identifier] = shown
            }
            seen = generation
            return reported
        }
    }

    /// The views in depth-first order with their direct presentation rounded to a micro-point.
    private func expected(_ engine: LayoutEngine) -> [(String, Shown)] {
        var list: [(String, Shown)] = []
        func visit(_ view: View) {
            list.append((view.identifier, Shown(state: MicroPoints.rounded(engine.presentation(of: view)),
                                                isHidden: view.isHidden)))
        }
        visit(engine.root)
        engine.root.forEachDescendant(visit)
        return list
    }

    private func expectSame(_ engine: LayoutEngine, reader: inout Reader, step: Int,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        _ = reader.read(engine, sourceLocation: sourceLocation)
        var whole: [(String, Shown)] = []
        _ = engine.updatePresentation()
        engine.forEachPresentationChange(since: 0) { whole.append(($0.identifier, Shown(state: $0.state, isHidden: $0.isHidden))) }
        let wanted = expected(engine)
        #expect(whole.map(\.0) == wanted.map(\.0), "step \(step): view order", sourceLocation: sourceLocation)
        // Exact equality: the snapshot must do the same arithmetic, not an approximation of it.
        #expect(whole.map(\.1) == wanted.map(\.1), "step \(step): states", sourceLocation: sourceLocation)
        for (id, shown) in wanted {
            // Fields a view never reported keep a new view's values: `hidden` false.
            #expect(reader.views[id] == shown, "step \(step): reader's \(id)", sourceLocation: sourceLocation)
        }
        #expect(engine.keyboardPresentation(since: 0).frame == MicroPoints.rounded(engine.presentation(of: engine.keyboard).frame),
                "step \(step): keyboard", sourceLocation: sourceLocation)
    }

    /// A constant tweak laid out without animation changes exactly the frames it moves, in one new
    /// generation; nothing changing (time moving with nothing animating included) keeps the generation.
    @Test func tweakReportsOnlyTheFramesItMoved() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        for index in 0..<5 {
            try engine.addView("v\(index)")
            try engine.pin("v\(index)", x: 10, y: Double(40 * index), width: 100, height: 30)
        }
        engine.layoutIfNeeded()
        var reader = Reader()
        _ = reader.read(engine)
        #expect(reader.views.count == 6)   // root and v0…v4
        for step in 1...3 {
            let before = engine.updatePresentation()
            try engine.setConstant(Double(50 * step), of: "v0-top")
            try engine.setConstant(Double(20 * step), of: "v3-left")
            engine.layoutIfNeeded()
            #expect(reader.read(engine) == ["v0": .frame, "v3": .frame])
            #expect(engine.updatePresentation() == before + 1)
            // v0 at (10, 50·step), v3 at (20·step, 120), both 100 × 30.
            #expect(reader.views["v0"]?.state.frame == Rect(x: 10, y: Double(50 * step), width: 100, height: 30))
            #expect(reader.views["v3"]?.state.frame == Rect(x: Double(20 * step), y: 120, width: 100, height: 30))
            engine.advance(to: engine.time + 0.5)
            #expect(reader.read(engine).isEmpty)
            #expect(engine.updatePresentation() == before + 1)
        }
        // Half way through a linear 0.5 s move of v1 from y 40 to 300, it shows at 40 + 130 = 170.
        engine.animate(duration: 0.5, curve: .linear) {
            try? engine.setConstant(300, of: "v1-top")
            engine.layoutIfNeeded()
        }
        engine.advance(to: engine.time + 0.25)
        #expect(reader.read(engine) == ["v1": .frame])
        #expect(reader.views["v1"]?.state.frame.minY == 170)
        try engine.removeView("v4")
        engine.setHidden(true, of: try #require(engine.view("v2")))
        #expect(reader.read(engine) == ["v2": .hidden])
        try engine.addView("late")
        try engine.pin("late", x: 1, y: 2, width: 3, height: 4)
        engine.layoutIfNeeded()
        // A new view comes with every geometric field, and `hidden` only when hidden.
        #expect(reader.read(engine)["late"] == [.frame, .bounds, .alpha, .transform])
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func matchesDirectPresentationThroughRandomChanges(seed: UInt64) throws {
        var random = Generator(state: seed)
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        var reader = Reader()
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
                // updates the snapshot's entries in place.
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
            expectSame(engine, reader: &reader, step: step)
            // Only time moves: the snapshot must follow the clock.
            engine.advance(to: engine.time + 1.0 / 60)
            expectSame(engine, reader: &reader, step: step)
        }
    }
}
