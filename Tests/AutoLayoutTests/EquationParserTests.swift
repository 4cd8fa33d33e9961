import Testing
@testable import AutoLayout

/// Constraints written as equations: `picker.top == root.safeArea.top + 400 @750`.
@Suite struct EquationParserTests {
    private func parse(_ text: String) throws -> ConstraintDescription { try EquationParser.parse(text) }

    private func parseError(_ text: String) -> ConstraintParseError? {
        #expect(throws: ConstraintParseError.self) { _ = try EquationParser.parse(text) }
    }

    @Test func readsEveryPart() throws {
        let picker = try parse("picker.top == root.safeArea.top + 400 @750")
        #expect(picker == ConstraintDescription(firstItem: "picker", firstAttribute: .top, relation: .equal,
                                                secondItem: "root.safeArea", secondAttribute: .top, constant: 400,
                                                priority: 750))
        #expect(picker.firstItemPosition == 0)
        #expect(picker.secondItemPosition == 14)
        #expect(try parse("a.width == 100")
            == ConstraintDescription(firstItem: "a", firstAttribute: .width, constant: 100))
        #expect(try parse("a.width >= b.width * 0.5 + 10 @999")
            == ConstraintDescription(firstItem: "a", firstAttribute: .width, relation: .greaterThanOrEqual,
                                     secondItem: "b", secondAttribute: .width, multiplier: 0.5, constant: 10,
                                     priority: 999))
        #expect(try parse("a.height <= b.height / 4 - 2.5").description == "a.height <= b.height * 0.25 - 2.5")
        #expect(try parse("a.centerX == 2 * b.centerX - 1").description == "a.centerX == b.centerX * 2 - 1")
        #expect(try parse("a.width == -5").constant == -5)
        #expect(try parse("a.width == b.width * -1").multiplier == -1)
        #expect(try parse("a.width == 1e2").constant == 100)
    }

    @Test func spacingAndNamesAreFlexible() throws {
        #expect(try parse("a.top==b.bottom+8").description == "a.top == b.bottom + 8")
        #expect(try parse("  a.top   ==  b.bottom  -  8  @ 250 ").description == "a.top == b.bottom - 8 @250")
        // View ids may hold '-' and start with a digit; the attribute is after the last dot.
        let hyphen = try parse("my-view.top == 2nd.bottom-10")
        #expect(hyphen.firstItem == "my-view")
        #expect(hyphen.secondItem == "2nd")
        #expect(hyphen.constant == -10)
        #expect(try parse("label.leading == card.margins.leading").secondItem == "card.margins")
        #expect(try parse("a.top == b.top @defaultHigh").priority == 750)
        #expect(try parse("a.top == b.top @required").priority == 1000)
        #expect(try parse("a.top == b.top @defaultLow").priority == 250)
        #expect(try parse("a.top == b.top @fittingSizeLevel").priority == 50)
        #expect(try parse("a.lastBaseline == b.firstBaseline").secondAttribute == .firstBaseline)
    }

    @Test func roundTripsThroughLayoutConstraintEquation() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        for text in ["a.top == b.bottom + 8", "a.width >= b.width * 0.5 + 10 @999", "a.height == 44 @250",
                     "a.centerX == root.safeArea.centerX - 3.5", "a.leading <= root.margins.leading"] {
            let constraint = try engine.addEquation(text, identifier: "c\(engine.constraints.count)")
            #expect(constraint.equation == text)
            #expect(try parse(text).description == text)
        }
    }

    @Test func syntaxErrorsCarryTheirPosition() {
        let cases: [(String, Int, String)] = [
            ("a.top = b.top", 6, "Expected '=='"),
            ("a.top == ", 9, "Expected 'item.attribute' or a number"),
            ("top == b.top", 0, "Expected 'item.attribute'"),
            ("a.top == b.top + ", 17, "Expected a constant"),
            ("a.top == b.top @", 16, "Expected a priority"),
            ("a.top == b.top @high", 16, "'high' is not a priority"),
            ("a.width == b.width / 0", 21, "Cannot divide by 0"),
            ("a.top == b.top 10", 15, "Expected '+', '-', '@' or the end"),
            ("a.top == b.top @750 x", 20, "Expected the end of the equation after the priority"),
            ("a.top != b.top", 6, "Expected a relation"),
            ("a. == b.top", 2, "Expected an attribute"),
            ("a.width == 2 *", 14, "Expected 'item.attribute' after '*'"),
            ("a.width == b.width * x", 21, "Expected a multiplier"),
            ("", 0, "Expected 'item.attribute'"),
        ]
        for (text, position, reason) in cases {
            let error = parseError(text)
            #expect(error?.code == "equation-syntax", "\(text)")
            #expect(error?.position == position, "\(text): \(error?.message ?? "")")
            #expect(error?.reason.contains(reason) == true, "\(text): \(error?.reason ?? "")")
        }
        let attribute = parseError("a.bogus == b.top")
        #expect(attribute?.code == "unknown-attribute")
        #expect(attribute?.position == 2)
        #expect(parseError("a.top = b.top")?.message
            == "Unable to parse constraint equation: \nExpected '==' for equality, found a single '=' \na.top = b.top \n      ^")
    }

    @Test func engineResolvesNamesAndLaysOut() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 812),
                                  safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        try engine.addView("picker")
        try engine.addEquation("picker.leading == root.leading", identifier: "l")
        try engine.addEquation("picker.trailing == root.trailing", identifier: "r")
        try engine.addEquation("picker.height == 200", identifier: "h")
        try engine.addEquation("picker.top == root.safeArea.top + 400 @750", identifier: "t")
        engine.layoutIfNeeded()
        // 44 + 400 = 444.
        expectRect(engine.view("picker")!.frame, 0, 444, 375, 200)
        // Required: bottom ≤ 812 − 200 = 612, so top ≤ 412 and the top at 750 gives way.
        try engine.addEquation("picker.bottom <= root.bottom - 200", identifier: "b")
        engine.layoutIfNeeded()
        expectRect(engine.view("picker")!.frame, 0, 412, 375, 200)

        try engine.addView("half")
        try engine.addEquation("half.width >= picker.width * 0.5 + 10 @999", identifier: "hw")
        try engine.addEquation("half.width == 50 @500", identifier: "hw2")
        try engine.addEquation("half.height == half.width / 2", identifier: "hh")
        try engine.addEquation("half.centerX == root.centerX", identifier: "hx")
        try engine.addEquation("half.top == picker.bottom + 8", identifier: "hy")
        engine.layoutIfNeeded()
        // width ≥ 375 × 0.5 + 10 = 197.5 at 999 beats 50 at 500; height 197.5 / 2 = 98.75 → 99 at scale 2
        // rounds per edge: top 620, bottom 620 + 98.75 = 718.75 → 719, so 99 tall; x = 187.5 − 98.75 = 88.75 → 89,
        // right 88.75 + 197.5 = 286.25 → 286.5, so 197.5 wide.
        expectRect(engine.view("half")!.frame, 89, 620, 197.5, 99)
    }

    @Test func engineRefusalsNameTheProblem() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        let first = #expect(throws: ConstraintParseError.self) {
            try engine.addEquation("ghost.top == root.top", identifier: "x")
        }
        #expect(first?.code == "unknown-item")
        #expect(first?.position == 0)
        let second = #expect(throws: ConstraintParseError.self) {
            try engine.addEquation("a.top == root.ghost.top", identifier: "x")
        }
        #expect(second?.code == "unknown-item")
        #expect(second?.position == 9)
        #expect(throws: LayoutError.self) { try engine.addEquation("a.top == a.width", identifier: "x") }
        #expect(throws: LayoutError.invalidPriority(0)) { try engine.addEquation("a.width == 1 @0", identifier: "x") }
        try engine.addEquation("a.width == 1", identifier: "x")
        #expect(throws: LayoutError.duplicateIdentifier("x")) {
            try engine.addEquation("a.height == 1", identifier: "x")
        }
        let inactive = try engine.addEquation("a.height == 2", identifier: "y", isActive: false)
        #expect(!inactive.isActive)
        #expect(engine.constraints.map(\.identifier) == ["x", "y"])
    }
}
