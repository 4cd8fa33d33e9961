import Foundation
import Testing
@testable import AutoLayout

@Suite struct GeometryTests {
    private func scene() throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("card")
        try engine.addView("button", parent: "card")
        try engine.pin("card", x: 20, y: 100, width: 200, height: 100)
        try engine.pin("button", x: 10, y: 60, width: 80, height: 30, to: "card")
        engine.layoutIfNeeded()
        return engine
    }

    @Test func convertsThroughFramesAndBoundsOrigins() throws {
        let engine = try scene()
        let button = engine.view("button")!
        // The article's convertRect:fromView: button.superview → self.view: (20 + 10, 100 + 60).
        let inRoot = engine.convert(button.frame, from: engine.view("card"), to: engine.root)
        expectRect(try #require(inRoot), 30, 160, 80, 30)
        // Shifting the root's bounds origin by 84 moves everything up 84 in the window.
        try engine.setBounds(Rect(x: 0, y: 84, width: 375, height: 667), of: engine.root)
        let inWindow = engine.convert(button.bounds, from: button, to: nil)
        expectRect(try #require(inWindow), 30, 76, 80, 30)
        let back = engine.convert(Rect(x: 30, y: 76, width: 80, height: 30), from: nil, to: button)
        expectRect(try #require(back), 0, 0, 80, 30)
    }

    @Test func transformsApplyAboutTheCenterAndNeverTouchLayout() throws {
        let engine = try scene()
        let card = engine.view("card")!
        // A quarter turn about the card's center (120, 150): the 200 × 100 card becomes 100 × 200.
        try engine.setTransform(AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0), of: card)
        let onScreen = engine.convert(card.bounds, from: card, to: engine.root)
        expectRect(try #require(onScreen), 70, 50, 100, 200)
        engine.setNeedsLayout()
        engine.layoutIfNeeded()
        expectRect(card.frame, 20, 100, 200, 100)
        // A translation moves converted points, not the frame.
        try engine.setTransform(.translation(x: 0, y: -216), of: card)
        let moved = engine.convert(Point(x: 0, y: 0), from: card, to: nil)
        #expect(moved == Point(x: 20, y: -116))
    }

    @Test func flatteningTransformsCannotBeInverted() throws {
        let engine = try scene()
        try engine.setTransform(AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), of: engine.view("card")!)
        #expect(engine.convert(Point(x: 1, y: 1), from: nil, to: engine.view("button")) == nil)
    }
}
