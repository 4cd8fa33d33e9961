import Testing
@testable import AutoLayout

/// A full-screen scroll view on a 375 × 667 root with a 44 pt top and 34 pt bottom safe area: a 1000 pt
/// tall content view pinned to the content guide and as wide as the frame guide, and a badge pinned
/// 10 pt below the frame guide's top (it floats while the content scrolls).
@Suite struct ScrollViewTests {
    private func scene() throws -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: 375, height: 667),
                                  safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        let scroller = try engine.addView("scroller")
        try engine.setScrollView(ScrollView(), of: scroller)
        try engine.addView("content", parent: "scroller")
        try engine.addView("badge", parent: "scroller")
        try engine.pin("scroller", x: 0, y: 0, width: 375, height: 667)
        try engine.pinEdges("content", to: "scroller.content")
        try engine.constrain("cw", "content.width", .equal, "scroller.frame.width")
        try engine.constrain("ch", "content.height", constant: 1000)
        try engine.constrain("bt", "badge.top", .equal, "scroller.frame.top", constant: 10)
        try engine.constrain("bl", "badge.leading", .equal, "scroller.frame.leading", constant: 20)
        try engine.constrain("bw", "badge.width", constant: 50)
        try engine.constrain("bh", "badge.height", constant: 30)
        engine.layoutIfNeeded()
        return engine
    }

    @Test func contentSizeComesFromTheContentGuide() throws {
        let engine = try scene()
        let scroller = try #require(engine.view("scroller"))
        // The content is as wide as the frame (375) and 1000 tall.
        #expect(engine.contentSize(of: scroller) == Size(width: 375, height: 1000))
        expectRect(try #require(engine.view("content")).frame, 0, 0, 375, 1000)
        expectRect(try #require(engine.view("badge")).frame, 20, 10, 50, 30)
    }

    @Test func contentOffsetShiftsTheContentNotTheFrameGuide() throws {
        let engine = try scene()
        let scroller = try #require(engine.view("scroller"))
        try engine.setContentOffset(Point(x: 0, y: 200), of: scroller)
        engine.layoutIfNeeded()
        #expect(scroller.boundsOrigin == Point(x: 0, y: 200))
        // The content's frame stays (it moves on screen by −200); the badge follows the frame guide:
        // y = 200 + 10 = 210 in the scroller's bounds, 10 on screen.
        expectRect(try #require(engine.view("content")).frame, 0, 0, 375, 1000)
        let badge = try #require(engine.view("badge"))
        expectRect(badge.frame, 20, 210, 50, 30)
        let onScreen = try #require(engine.convert(badge.bounds, from: badge, to: nil))
        expectRect(onScreen, 20, 10, 50, 30)
    }

    @Test func adjustedContentInsetAddsTheSafeAreaOnScrollableAxes() throws {
        let engine = try scene()
        let scroller = try #require(engine.view("scroller"))
        // Automatic: 1000 > 667 scrolls vertically, 375 = 375 does not horizontally: top 44, bottom 34.
        #expect(engine.adjustedContentInset(of: scroller) == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        try engine.setScrollView(ScrollView(contentInset: EdgeInsets(top: 10, left: 5, bottom: 0, right: 0),
                                            contentInsetAdjustmentBehavior: .never), of: scroller)
        #expect(engine.adjustedContentInset(of: scroller) == EdgeInsets(top: 10, left: 5, bottom: 0, right: 0))
        try engine.setScrollView(ScrollView(contentInset: EdgeInsets(top: 10, left: 5, bottom: 0, right: 0),
                                            contentInsetAdjustmentBehavior: .always), of: scroller)
        // Always: 10 + 44 on top, 0 + 34 at the bottom; no side safe area to add.
        #expect(engine.adjustedContentInset(of: scroller) == EdgeInsets(top: 54, left: 5, bottom: 34, right: 0))
    }

    @Test func contentOffsetAnimates() throws {
        let engine = try scene()
        let scroller = try #require(engine.view("scroller"))
        engine.animate(duration: 1, curve: .linear) {
            try? engine.setContentOffset(Point(x: 0, y: 300), of: scroller)
            engine.layoutIfNeeded()
        }
        engine.advance(to: 0.5)
        // Half way on a linear curve the bounds origin is at 150 and the badge's frame at 10 + 150 = 160,
        // so the badge stays 10 pt from the top of the screen throughout.
        #expect(abs(engine.presentation(of: scroller).bounds.origin.y - 150) < 1e-9)
        let badge = try #require(engine.view("badge"))
        #expect(abs(engine.presentation(of: badge).frame.origin.y - 160) < 1e-9)
    }
}
