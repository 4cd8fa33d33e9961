import Testing
@testable import AutoLayout

/// Ambiguous scrollable content size and `scrollRectToVisible` on a 375 × 667 root whose scroll view
/// fills it: a `content` view pinned to the four edges of the content guide, 1000 tall.
@Suite struct ScrollAmbiguityTests {
    private func scene(contentWidth: Bool) throws -> (LayoutEngine, View) {
        let engine = LayoutEngine(size: Size(width: 375, height: 667),
                                  safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        let scroller = try engine.addView("scroller")
        try engine.setScrollView(ScrollView(), of: scroller)
        try engine.addView("content", parent: "scroller")
        try engine.pin("scroller", x: 0, y: 0, width: 375, height: 667)
        try engine.pinEdges("content", to: "scroller.content")
        try engine.constrain("ch", "content.height", constant: 1000)
        if contentWidth { try engine.constrain("cw", "content.width", .equal, "scroller.frame.width") }
        engine.layoutIfNeeded()
        return (engine, scroller)
    }

    @Test func contentWidthNotSetIsAmbiguous() throws {
        let (engine, scroller) = try scene(contentWidth: false)
        // Nothing fixes content.width, so the content guide's width is free; its height is 1000.
        #expect(engine.ambiguousContentSizeAxes(of: scroller) == [.horizontal])
        let reported = engine.scrollViewsWithAmbiguousContentSize()
        #expect(reported.map(\.view.identifier) == ["scroller"])
        #expect(LayoutEngine.scrollableContentSizeMessage(for: scroller, axes: [.horizontal])
                == "Scrollable content size is ambiguous for \"scroller\": content width not determined by the constraints on scroller.content")
    }

    @Test func contentAsWideAsTheFrameIsNotAmbiguous() throws {
        let (engine, scroller) = try scene(contentWidth: true)
        #expect(engine.ambiguousContentSizeAxes(of: scroller).isEmpty)
        #expect(engine.scrollViewsWithAmbiguousContentSize().isEmpty)
        #expect(engine.contentSize(of: scroller) == Size(width: 375, height: 1000))
    }

    @Test func unusedContentGuideIsNotReported() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let scroller = try engine.addView("scroller")
        try engine.setScrollView(ScrollView(), of: scroller)
        try engine.pin("scroller", x: 0, y: 0, width: 375, height: 667)
        engine.layoutIfNeeded()
        #expect(engine.ambiguousContentSizeAxes(of: scroller).isEmpty)
    }

    @Test func scrollRectToVisibleMovesAsLittleAsItCan() throws {
        let (engine, scroller) = try scene(contentWidth: true)
        try engine.setScrollView(ScrollView(contentInset: EdgeInsets(top: 0, left: 0, bottom: 200, right: 0)),
                                 of: scroller)
        // Scrollable vertically (1000 > 667): adjusted inset top 44, bottom 200 + 34 = 234. At offset 0
        // the visible content is 44…667 − 234 = 433.
        #expect(engine.adjustedContentInset(of: scroller) == EdgeInsets(top: 44, left: 0, bottom: 234, right: 0))
        // Already visible: no change.
        #expect(engine.contentOffset(showing: Rect(x: 0, y: 100, width: 10, height: 40), in: scroller)
                == Point(x: 0, y: 0))
        // 600…640 lies past the far edge: 640 − (667 − 234) = 207.
        #expect(engine.contentOffset(showing: Rect(x: 0, y: 600, width: 10, height: 40), in: scroller)
                == Point(x: 0, y: 207))
        // 980…1020 would ask for 587; the most is 1000 + 234 − 667 = 567.
        #expect(engine.contentOffset(showing: Rect(x: 0, y: 980, width: 10, height: 40), in: scroller)
                == Point(x: 0, y: 567))
        try engine.scrollRectToVisible(Rect(x: 0, y: 600, width: 10, height: 40), in: scroller)
        #expect(scroller.boundsOrigin == Point(x: 0, y: 207))
        // 10…30 is above the near edge at 207 + 44: 10 − 44 = −34.
        #expect(engine.contentOffset(showing: Rect(x: 0, y: 10, width: 10, height: 20), in: scroller)
                == Point(x: 0, y: -34))
        #expect(throws: LayoutError.self) {
            try engine.scrollRectToVisible(Rect(x: 0, y: 0, width: 1, height: 1), in: try #require(engine.view("content")))
        }
    }
}
