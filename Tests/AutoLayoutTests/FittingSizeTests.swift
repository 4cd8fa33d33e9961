import Testing
@testable import AutoLayout

/// `systemLayoutSizeFitting` on a self-sizing cell, measured with `MonospaceMeasurer` (a character is
/// half the point size wide, a line is the point size tall): at 20 pt a character is 10 pt, a line 20 pt.
///
/// The cell: `title` ("Title", one line, 5 × 10 = 50 × 20) above `body` ("aaaa bbbb cccc dddd",
/// unlimited lines, 19 characters = 190 pt unwrapped). Vertically 10 + title 20 + 8 + body + 10, so the
/// cell is 48 pt taller than the body; horizontally the body is inset 16 pt on each side.
@Suite struct FittingSizeTests {
    private func cellEngine() throws -> (LayoutEngine, View) {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        engine.textMeasurer = MonospaceMeasurer()
        let cell = try engine.addView("cell")
        let title = try engine.addView("title", parent: "cell")
        let body = try engine.addView("body", parent: "cell")
        var titleText = TextContent(kind: .label, text: "Title")
        titleText.font = try Font(size: 20)
        try engine.setTextContent(titleText, of: title)
        var bodyText = TextContent(kind: .label, text: "aaaa bbbb cccc dddd")
        bodyText.font = try Font(size: 20)
        bodyText.numberOfLines = 0
        try engine.setTextContent(bodyText, of: body)
        // The cell in the window: the whole width, 100 pt down. These tie it to the outside and are
        // left out of the fitting computation.
        try engine.constrain("cellLeading", "cell.leading", .equal, "root.leading")
        try engine.constrain("cellTrailing", "cell.trailing", .equal, "root.trailing")
        try engine.constrain("cellTop", "cell.top", .equal, "root.top", constant: 100)
        try engine.constrain("titleLeading", "title.leading", .equal, "cell.leading", constant: 16)
        try engine.constrain("titleTrailing", "title.trailing", .lessThanOrEqual, "cell.trailing", constant: -16)
        try engine.constrain("titleTop", "title.top", .equal, "cell.top", constant: 10)
        try engine.constrain("bodyLeading", "body.leading", .equal, "cell.leading", constant: 16)
        try engine.constrain("bodyTrailing", "body.trailing", .equal, "cell.trailing", constant: -16)
        try engine.constrain("bodyTop", "body.top", .equal, "title.bottom", constant: 8)
        try engine.constrain("bodyBottom", "body.bottom", .equal, "cell.bottom", constant: -10)
        engine.layoutIfNeeded()
        return (engine, cell)
    }

    @Test func cellHeightAtATargetWidth() throws {
        let (engine, cell) = try cellEngine()
        // Width 200 required: the body is 200 − 32 = 168 wide. "aaaa bbbb cccc" is 14 × 10 = 140 ≤ 168,
        // adding " dddd" makes 190 > 168: 2 lines, 40 tall. Height 48 + 40 = 88.
        let wide = try engine.systemLayoutSizeFitting(Size(width: 200, height: 0), of: cell,
                                                      horizontalFittingPriority: 1000, verticalFittingPriority: 50)
        #expect(wide == Size(width: 200, height: 88))
        // Width 100: the body is 68; "aaaa bbbb" is 90 > 68, so every word is alone: 4 lines, 80 tall.
        let narrow = try engine.systemLayoutSizeFitting(Size(width: 100, height: 0), of: cell,
                                                        horizontalFittingPriority: 1000, verticalFittingPriority: 50)
        #expect(narrow == Size(width: 100, height: 128))
    }

    @Test func compressedAndExpandedSizesHugTheContent() throws {
        let (engine, cell) = try cellEngine()
        // Width 0 at 50 loses to the body's compression resistance (750) at its unwrapped 190: the cell
        // is 190 + 32 = 222 wide, the body one line (190 ≤ 190): 48 + 20 = 68 tall.
        #expect(try engine.systemLayoutSizeFitting(LayoutEngine.layoutFittingCompressedSize, of: cell)
                == Size(width: 222, height: 68))
        // 10 000 000 at 50 loses to hugging (250) at the same sizes.
        #expect(try engine.systemLayoutSizeFitting(LayoutEngine.layoutFittingExpandedSize, of: cell)
                == Size(width: 222, height: 68))
    }

    @Test func measuringChangesNothingInTheWindow() throws {
        let (engine, cell) = try cellEngine()
        let body = try #require(engine.view("body"))
        // In the window the cell is 375 wide; the body 343 holds its 190 pt on one line: 48 + 20 = 68.
        expectRect(cell.frame, 0, 100, 375, 68)
        _ = try engine.systemLayoutSizeFitting(Size(width: 100, height: 0), of: cell,
                                               horizontalFittingPriority: 1000, verticalFittingPriority: 50)
        #expect(body.textLayout?.lines.map(\.text) == ["aaaa bbbb cccc dddd"])
        #expect(body.intrinsicContentSize == Size(width: 190, height: 20))
        engine.layoutIfNeeded()
        expectRect(cell.frame, 0, 100, 375, 68)
        expectRect(body.frame, 16, 38, 343, 20)
        #expect(engine.takeConflicts().isEmpty)
    }

    @Test func requiredTargetLosesToTheViewsOwnRequiredWidth() throws {
        let (engine, cell) = try cellEngine()
        try engine.constrain("cellWidth", "cell.width", constant: 300, priority: 999)
        // 300 at 999 beats the target 150 at 990: body 268 ≥ 190, one line, 68 tall.
        let size = try engine.systemLayoutSizeFitting(Size(width: 150, height: 0), of: cell,
                                                      horizontalFittingPriority: 990, verticalFittingPriority: 50)
        #expect(size == Size(width: 300, height: 68))
        // A required target that conflicts with a required width is dropped, not reported. (The cell's
        // trailing pin goes first: in the window a required 300 would conflict with 375.)
        try engine.setActive(false, of: "cellTrailing")
        try engine.setActive(false, of: "cellWidth")
        try engine.setPriority(1000, of: "cellWidth")
        try engine.setActive(true, of: "cellWidth")
        let required = try engine.systemLayoutSizeFitting(Size(width: 150, height: 0), of: cell,
                                                          horizontalFittingPriority: 1000, verticalFittingPriority: 50)
        #expect(required == Size(width: 300, height: 68))
        #expect(engine.takeConflicts().isEmpty)
    }

    @Test func badTargetsAndPrioritiesThrow() throws {
        let (engine, cell) = try cellEngine()
        #expect(throws: LayoutError.self) {
            try engine.systemLayoutSizeFitting(Size(width: -1, height: 0), of: cell)
        }
        #expect(throws: LayoutError.self) {
            try engine.systemLayoutSizeFitting(Size(width: .nan, height: 0), of: cell)
        }
        #expect(throws: LayoutError.self) {
            try engine.systemLayoutSizeFitting(Size(width: 10, height: 0), of: cell, horizontalFittingPriority: 0)
        }
    }
}
