import Testing
@testable import AutoLayout

@Suite struct TextLayoutTests {
    private func engine(width: Double = 375) -> LayoutEngine {
        let engine = LayoutEngine(size: Size(width: width, height: 667))
        engine.textMeasurer = MonospaceMeasurer()
        return engine
    }

    private func label(_ text: String, size: Double = 20, lines: Int = 1) throws -> TextContent {
        var content = TextContent(kind: .label, text: text)
        content.font = try Font(size: size)
        content.numberOfLines = lines
        return content
    }

    @Test func singleLineLabelTakesItsTextSize() throws {
        let engine = engine()
        let view = try engine.addView("title")
        try engine.setTextContent(try label("Hello"), of: view)
        try engine.constrain("l", "title.leading", .equal, "root.leading", constant: 16)
        try engine.constrain("t", "title.top", .equal, "root.top", constant: 20)
        engine.layoutIfNeeded()
        // 5 characters × 10 pt = 50 wide; one 20 pt line.
        expectRect(view.frame, 16, 20, 50, 20)
        #expect(view.textLayout?.lines.map(\.text) == ["Hello"])
    }

    @Test func narrowingAWrappingLabelMakesItTallerInTheSamePass() throws {
        let engine = engine()
        let view = try engine.addView("body")
        try engine.setTextContent(try label("aaaa bbbb cccc", lines: 0), of: view)
        try engine.constrain("l", "body.leading", .equal, "root.leading")
        try engine.constrain("t", "body.top", .equal, "root.top")
        try engine.constrain("w", "body.width", constant: 100)
        engine.layoutIfNeeded()
        // At 100: "aaaa bbbb" is 9 × 10 = 90 ≤ 100, "cccc" wraps: 2 lines × 20 = 40.
        expectRect(view.frame, 0, 0, 100, 40)
        try engine.setConstant(60, of: "w")
        engine.layoutIfNeeded()
        // At 60 every word is alone (9 characters = 90 > 60): 3 lines = 60 tall, in the same pass.
        expectRect(view.frame, 0, 0, 60, 60)
        #expect(view.textLayout?.lines.map(\.text) == ["aaaa", "bbbb", "cccc"])
    }

    @Test func huggingLabelWrapsWhenSqueezedAndWidensAgain() throws {
        let engine = engine(width: 200)
        let view = try engine.addView("body")
        try engine.setTextContent(try label("aaaa bbbb cccc", lines: 0), of: view)
        try engine.constrain("l", "body.leading", .equal, "root.leading", constant: 16)
        try engine.constrain("r", "body.trailing", .lessThanOrEqual, "root.trailing", constant: -16)
        try engine.constrain("t", "body.top", .equal, "root.top")
        engine.layoutIfNeeded()
        // 14 characters = 140 ≤ 200 − 32 = 168: one line, hugging.
        expectRect(view.frame, 16, 0, 140, 20)
        try engine.setRootSize(Size(width: 100, height: 667))
        engine.layoutIfNeeded()
        // Room 100 − 32 = 68 (compression resistance 750 gives way to the required ≤): one word a line.
        expectRect(view.frame, 16, 0, 68, 60)
        try engine.setRootSize(Size(width: 200, height: 667))
        engine.layoutIfNeeded()
        expectRect(view.frame, 16, 0, 140, 20)
    }

    @Test func explicitPreferredWidthAndLineLimit() throws {
        let engine = engine()
        let view = try engine.addView("body")
        var content = try label("aaaa bbbb cccc dd", lines: 0)
        content.preferredMaxLayoutWidth = 95
        try engine.setTextContent(content, of: view)
        // At 95: "aaaa bbbb" (90), "cccc dd" (70): the widest line is 90, 2 lines = 40.
        #expect(view.intrinsicContentSize == Size(width: 90, height: 40))
        content.preferredMaxLayoutWidth = 45
        content.numberOfLines = 2
        try engine.setTextContent(content, of: view)
        // At 45 there are 4 lines ("aaaa", "bbbb", "cccc", "dd"); 2 are shown: 40 wide, 40 tall.
        #expect(view.intrinsicContentSize == Size(width: 40, height: 40))
        #expect(view.textLayout?.lines.count == 2)
    }

    @Test func baselinesAreOnTheTextLines() throws {
        let engine = engine()
        let view = try engine.addView("body")
        let mark = try engine.addView("mark")
        try engine.setTextContent(try label("aaaa bbbb", lines: 0), of: view)
        try engine.constrain("l", "body.leading", .equal, "root.leading")
        try engine.constrain("t", "body.top", .equal, "root.top", constant: 20)
        try engine.constrain("w", "body.width", constant: 50)
        try engine.pin("mark", x: 100, y: 0, width: 10, height: 10)
        try engine.removeConstraint("mark-top")
        try engine.constrain("mb", "mark.bottom", .equal, "body.firstBaseline")
        engine.layoutIfNeeded()
        // Two lines of 20 at y = 20; the first baseline is one ascender (16) down: mark's bottom at 36.
        expectRect(view.frame, 0, 20, 50, 40)
        expectRect(mark.frame, 100, 26, 10, 10)
        try engine.removeConstraint("mb")
        try engine.constrain("mb2", "mark.bottom", .equal, "body.lastBaseline")
        engine.layoutIfNeeded()
        // The second line starts at 40; its baseline is at 40 + 16 = 56.
        expectRect(mark.frame, 100, 46, 10, 10)
        try engine.setConstant(100, of: "w")
        engine.layoutIfNeeded()
        // At 100 one line: the label is 20 tall and its last baseline 20 + 16 = 36.
        expectRect(mark.frame, 100, 26, 10, 10)
    }

    @Test func buttonPadsItsTitle() throws {
        let engine = engine()
        let view = try engine.addView("ok")
        var content = TextContent(kind: .button, text: "OK")
        content.font = try Font(size: 20)
        try engine.setTextContent(content, of: view)
        // Title 2 × 10 = 20 wide, 20 tall; zero insets: UIKit's 6 pt above and below, 32 tall.
        #expect(view.intrinsicContentSize == Size(width: 20, height: 32))
        content.contentEdgeInsets = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        try engine.setTextContent(content, of: view)
        // 20 + 10 + 10 = 40 wide, 20 + 4 + 4 = 28 tall.
        #expect(view.intrinsicContentSize == Size(width: 40, height: 28))
    }

    @Test func textFieldMeasuresItsPlaceholderWhenEmpty() throws {
        let engine = engine()
        let view = try engine.addView("field")
        var content = TextContent(kind: .textField)
        content.font = try Font(size: 20)
        content.placeholder = "Name"
        content.borderStyle = .roundedRect
        try engine.setTextContent(content, of: view)
        // "Name" 4 × 10 = 40 + 7 + 7 = 54 wide; rounded rect: 20 + 8.5 + 8.5 = 37 tall.
        #expect(view.intrinsicContentSize == Size(width: 54, height: 37))
    }

    @Test func textStylesUseTheirLargeSizes() {
        #expect(Font(textStyle: .body).size == 17)
        #expect(Font(textStyle: .headline).weight == .semibold)
        #expect(Font(textStyle: .title1).size == 28)
        #expect(Font(textStyle: .caption2).size == 11)
    }

    @Test func withoutAMeasurerTextIsRefused() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let view = try engine.addView("title")
        #expect(throws: LayoutError.textUnavailable("text cannot be measured: the font files are missing")) {
            try engine.setTextContent(TextContent(kind: .label, text: "Hi"), of: view)
        }
        #expect(view.textContent == nil)
        #expect(throws: LayoutError.self) {
            var content = TextContent(kind: .label, text: "Hi")
            content.numberOfLines = -1
            try engine.setTextContent(content, of: view)
        }
    }
}
