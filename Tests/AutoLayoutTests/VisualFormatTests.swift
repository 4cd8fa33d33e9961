import Testing
@testable import AutoLayout

/// The Visual Format Language (Apple, Auto Layout Guide, appendix "Visual Format Language"): the
/// constraints each format makes, the frames they give, and syntax errors with their positions.
@Suite struct VisualFormatTests {
    /// The constraints of `format` as equations, every name a view of `root`.
    private func equations(_ format: String, metrics: [String: Double] = [:], options: VisualFormatOptions = [],
                           views: [String]) throws -> [String] {
        let names = Dictionary(uniqueKeysWithValues: views.map { ($0, $0) })
        return try VisualFormatParser.constraints(format, metrics: metrics, views: names, options: options) { _ in "root" }
            .map(\.description)
    }

    private func parseError(_ format: String, metrics: [String: Double] = [:], views: [String] = ["a", "b", "c"],
                            options: VisualFormatOptions = []) -> ConstraintParseError? {
        #expect(throws: ConstraintParseError.self) {
            _ = try equations(format, metrics: metrics, options: options, views: views)
        }
    }

    // MARK: Apple's examples

    @Test func applesExamples() throws {
        // Standard spacing between siblings is 8.
        #expect(try equations("[button]-[textField]", views: ["button", "textField"])
            == ["textField.leading == button.trailing + 8"])
        #expect(try equations("[button(>=50)]", views: ["button"]) == ["button.width >= 50"])
        #expect(try equations("|-50-[purpleBox]-50-|", views: ["purpleBox"])
            == ["purpleBox.leading == root.leading + 50", "root.trailing == purpleBox.trailing + 50"])
        #expect(try equations("V:[topField]-10-[bottomField]", views: ["topField", "bottomField"])
            == ["bottomField.top == topField.bottom + 10"])
        #expect(try equations("[maroonView][blueView]", views: ["maroonView", "blueView"])
            == ["blueView.leading == maroonView.trailing"])
        #expect(try equations("[button(100@20)]", views: ["button"]) == ["button.width == 100 @20"])
        #expect(try equations("[button1(==button2)]", views: ["button1", "button2"])
            == ["button1.width == button2.width"])
        #expect(try equations("[flexibleButton(>=70,<=100)]", views: ["flexibleButton"])
            == ["flexibleButton.width >= 70", "flexibleButton.width <= 100"])
        // Standard spacing to the superview's edge is 20.
        #expect(try equations("|-[find]-[findNext]-[findField(>=20)]-|", views: ["find", "findNext", "findField"])
            == ["find.leading == root.leading + 20", "findNext.leading == find.trailing + 8",
                "findField.leading == findNext.trailing + 8", "findField.width >= 20",
                "root.trailing == findField.trailing + 20"])
    }

    @Test func predicatesMetricsAndPriorities() throws {
        let metrics: [String: Double] = ["gap": 12, "side": 30, "low": 250, "wide": 120]
        #expect(try equations("H:|-side-[a(wide@low)]-(>=gap@750,<=40)-[b(>=a@999)]", metrics: metrics,
                              views: ["a", "b"])
            == ["a.leading == root.leading + 30", "a.width == 120 @250",
                "b.leading >= a.trailing + 12 @750", "b.leading <= a.trailing + 40",
                "b.width >= a.width @999"])
        // Signed and decimal numbers inside parentheses; a flush superview edge.
        #expect(try equations("V:|[a(-2.5)]-(-10)-[b(1e2)]|", views: ["a", "b"])
            == ["a.top == root.top", "a.height == -2.5", "b.top == a.bottom - 10", "b.height == 100",
                "root.bottom == b.bottom"])
        // A metric wins over a view of the same name, as in UIKit.
        #expect(try equations("[a(==b)]", metrics: ["b": 44], views: ["a", "b"]) == ["a.width == 44"])
        // A lone view makes nothing.
        #expect(try equations("[a]", views: ["a"]) == [])
    }

    @Test func alignmentAndDirectionOptions() throws {
        #expect(try equations("[a]-[b]-[c]", options: [.alignAllTop, .alignAllCenterY], views: ["a", "b", "c"])
            == ["b.leading == a.trailing + 8", "c.leading == b.trailing + 8",
                "a.top == b.top", "b.top == c.top", "a.centerY == b.centerY", "b.centerY == c.centerY"])
        #expect(try equations("V:[a][b]", options: .alignAllLeading, views: ["a", "b"])
            == ["b.top == a.bottom", "a.leading == b.leading"])
        #expect(try equations("|-[a]-[b]-|", options: .directionLeftToRight, views: ["a", "b"])
            == ["a.left == root.left + 20", "b.left == a.right + 8", "root.right == b.right + 20"])
        // Right to left: the first view is rightmost.
        #expect(try equations("|-[a]-[b]-|", options: .directionRightToLeft, views: ["a", "b"])
            == ["root.right == a.right + 20", "a.left == b.right + 8", "b.left == root.left + 20"])
        #expect(VisualFormatOptions(names: ["alignAllTop", "alignAllLastBaseline"])
            == [.alignAllTop, .alignAllLastBaseline])
        #expect(VisualFormatOptions(names: ["alignTop"]) == nil)

        let vertical = parseError("V:[a][b]", options: .alignAllTop)
        #expect(vertical?.code == "invalid-options")
        #expect(vertical?.reason.contains("vertical edge") == true)
        #expect(parseError("[a][b]", options: .alignAllLeading)?.code == "invalid-options")
        #expect(parseError("[a][b]", options: [.directionLeftToRight, .directionRightToLeft])?.code == "invalid-options")
    }

    // MARK: Frames

    @Test func standardSpacingAndEqualWidths() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        try engine.addVisualFormat("H:|-[a]-[b(==a)]-|", options: [.alignAllTop, .alignAllBottom])
        try engine.addVisualFormat("V:|-100-[a(50)]")
        engine.layoutIfNeeded()
        // 20 + w + 8 + w + 20 = 375 → w = 327 / 2 = 163.5; b.x = 20 + 163.5 + 8 = 191.5.
        // a: top 100, height 50; b aligned top and bottom with a.
        expectRect(engine.view("a")!.frame, 20, 100, 163.5, 50)
        expectRect(engine.view("b")!.frame, 191.5, 100, 163.5, 50)
    }

    @Test func purpleBoxAndFlushViews() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        for id in ["purpleBox", "maroonView", "blueView"] { try engine.addView(id) }
        try engine.addVisualFormat("|-50-[purpleBox]-50-|")
        try engine.addVisualFormat("V:|-50-[purpleBox]-50-|")
        try engine.addVisualFormat("H:|[maroonView(100)][blueView(50)]", options: [.alignAllTop, .alignAllBottom])
        try engine.addVisualFormat("V:|[maroonView(20)]")
        engine.layoutIfNeeded()
        // 375 − 50 − 50 = 275 wide; 667 − 50 − 50 = 567 tall.
        expectRect(engine.view("purpleBox")!.frame, 50, 50, 275, 567)
        // Flush: blue starts where maroon ends, at 0 + 100.
        expectRect(engine.view("maroonView")!.frame, 0, 0, 100, 20)
        expectRect(engine.view("blueView")!.frame, 100, 0, 50, 20)
    }

    @Test func verticalFieldsAndFindBar() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        for id in ["topField", "bottomField", "find", "findNext", "findField"] { try engine.addView(id) }
        try engine.addVisualFormat("V:|-[topField(30)]-10-[bottomField(30)]")
        try engine.addVisualFormat("H:|[topField]|")
        try engine.addVisualFormat("H:|[bottomField]|")
        try engine.addVisualFormat("|-[find]-[findNext]-[findField(>=20)]-|",
                                   options: [.alignAllTop, .alignAllBottom])
        try engine.addVisualFormat("H:[find(60)]")
        try engine.addVisualFormat("H:[findNext(80)]")
        try engine.addVisualFormat("V:[find(44)]-200-|")
        engine.layoutIfNeeded()
        // topField: y = 20 (standard to the superview), 30 tall; bottomField: 20 + 30 + 10 = 60.
        expectRect(engine.view("topField")!.frame, 0, 20, 375, 30)
        expectRect(engine.view("bottomField")!.frame, 0, 60, 375, 30)
        // find at 20; findNext at 20 + 60 + 8 = 88; findField at 88 + 80 + 8 = 176,
        // width 375 − 20 − 176 = 179 (≥ 20). Vertically 667 − 200 − 44 = 423.
        expectRect(engine.view("find")!.frame, 20, 423, 60, 44)
        expectRect(engine.view("findNext")!.frame, 88, 423, 80, 44)
        expectRect(engine.view("findField")!.frame, 176, 423, 179, 44)
    }

    @Test func prioritiesDecideBetweenPredicates() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("flexibleButton")
        try engine.addView("button")
        try engine.addVisualFormat("|-10-[flexibleButton(>=70,<=100)]-(10@500)-|")
        // button asks for width 100 at priority 20, between two required 10-point gaps.
        try engine.addVisualFormat("|-10-[button(100@20)]-(==10)-|")
        try engine.addVisualFormat("V:|[flexibleButton(40)][button(40)]")
        engine.layoutIfNeeded()
        // The trailing gap at 500 asks for width 375 − 20 = 355; the required ≤ 100 caps it at 100.
        expectRect(engine.view("flexibleButton")!.frame, 10, 0, 100, 40)
        // Both edges are required (10 and 10), so the width at 20 gives way: 375 − 20 = 355.
        expectRect(engine.view("button")!.frame, 10, 40, 355, 40)
    }

    @Test func directionRightToLeftLaysOutFromTheRight() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        try engine.addVisualFormat("H:|-[a(100)]-[b(50)]", options: .directionRightToLeft)
        try engine.addVisualFormat("V:|[a(10)][b(10)]")
        engine.layoutIfNeeded()
        // a.right = 375 − 20 = 355 → x 255; b.right = 255 − 8 = 247 → x 197.
        expectRect(engine.view("a")!.frame, 255, 0, 100, 10)
        expectRect(engine.view("b")!.frame, 197, 10, 50, 10)
    }

    @Test func nestedViewsUseTheirOwnSuperview() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("card")
        try engine.addView("label", parent: "card")
        try engine.addVisualFormat("H:|-[card]-|")
        try engine.addVisualFormat("V:|-40-[card(100)]")
        try engine.addVisualFormat("H:|-[label]-|")
        try engine.addVisualFormat("V:|-[label]-|")
        engine.layoutIfNeeded()
        // card: 375 − 40 = 335 wide at 20; label inside card: 335 − 40 = 295 wide, 100 − 40 = 60 tall.
        expectRect(engine.view("card")!.frame, 20, 40, 335, 100)
        expectRect(engine.view("label")!.frame, 20, 20, 295, 60)
    }

    @Test func viewsMapNamesItems() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 812),
                                  safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        try engine.addView("content-view")
        let made = try engine.addVisualFormat("V:[guide]-0-[content(300)]", views: ["guide": "root.safeArea",
                                                                                    "content": "content-view"])
        #expect(made.map(\.equation) == ["content-view.top == root.safeArea.bottom", "content-view.height == 300"])
        // The guide's bottom is 812 − 34 = 778, so the content starts there (hangs below).
        try engine.addVisualFormat("H:|[content]|", views: ["content": "content-view"])
        engine.layoutIfNeeded()
        expectRect(engine.view("content-view")!.frame, 0, 778, 375, 300)
    }

    // MARK: Identifiers and atomicity

    @Test func identifiersAreNumberedPerFormat() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        #expect(try engine.addVisualFormat("|-[a]-[b]-|").map(\.identifier) == ["vfl-1-1", "vfl-1-2", "vfl-1-3"])
        #expect(try engine.addVisualFormat("V:|[a]").map(\.identifier) == ["vfl-2-1"])
        #expect(try engine.addVisualFormat("V:|[b(10)]", idPrefix: "row").map(\.identifier) == ["row1", "row2"])
        try engine.removeConstraint("vfl-1-1")
        #expect(try engine.addVisualFormat("[a(5)]").map(\.identifier) == ["vfl-3-1"])
    }

    @Test func aFailingConstraintAddsNone() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("a")
        try engine.addView("b")
        // The third constraint's priority 2000 is outside (0, 1000]: the first two stay out too.
        #expect(throws: LayoutError.invalidPriority(2000)) {
            try engine.addVisualFormat("|-[a]-[b(50@2000)]")
        }
        #expect(engine.constraints.isEmpty)
        // An id of the series already taken.
        try engine.addVisualFormat("[a(10)]", idPrefix: "x")
        #expect(throws: LayoutError.duplicateIdentifier("x1")) {
            try engine.addVisualFormat("|[b(20)]", idPrefix: "x")
        }
        #expect(engine.constraints.map(\.identifier) == ["x1"])
        // A view in another branch of the tree shares the root with a, so this is fine, but an unknown
        // item in the views map is refused with the name's position.
        let error = #expect(throws: ConstraintParseError.self) {
            try engine.addVisualFormat("[a]-[b]", views: ["a": "a", "b": "ghost"])
        }
        #expect(error?.code == "unknown-item")
        #expect(error?.position == 5)
        #expect(engine.constraints.count == 1)
    }

    // MARK: Errors

    @Test func syntaxErrorsCarryTheirPosition() {
        let cases: [(String, Int, String)] = [
            ("H:|-[a-|", 6, "Expected ']'"),
            ("V|[a]|", 1, "Expected ':' after 'V'"),
            ("H:|-[a]-", 8, "Expected a view or '|' after '-'"),
            ("[a(>=)]", 5, "Expected a number, a metric name or a view name"),
            ("[a]-10[b]", 6, "Expected '-' to end the connection"),
            ("[a(=50)]", 3, "Expected a relation"),
            ("H:[a]|[b]", 6, "Expected the end of the format"),
            ("[1a]", 1, "Expected a view name"),
            ("", 0, "Expected '|' or a view"),
            ("H:|", 3, "Expected a view ('[')"),
            ("[a(50@)]", 6, "Expected a priority"),
            ("[a] - [b]", 3, "found a space"),
            ("[a(50]", 5, "Expected ',' or ')'"),
            ("[a]x", 3, "Expected '-', '[', '|' or the end"),
            ("[a]-[b]-10-", 11, "Expected a view ('[') after the connection"),
            ("|--[a]", 2, "Expected a view, '|', a number"),
            ("[a(50)b]", 6, "Expected ']' after the view's predicates"),
        ]
        for (format, position, reason) in cases {
            let error = parseError(format)
            #expect(error?.code == "vfl-syntax", "\(format)")
            #expect(error?.position == position, "\(format): \(error?.message ?? "")")
            #expect(error?.reason.contains(reason) == true, "\(format): \(error?.reason ?? "")")
        }
    }

    @Test func messagesShowACaretLikeApples() {
        let error = parseError("H:|-[a-|")
        #expect(error?.message == "Unable to parse constraint format: \nExpected ']' after the view name, found '-' \nH:|-[a-| \n      ^")
    }

    @Test func unknownNamesAndMissingSuperviews() {
        let view = parseError("|-[ghost]")
        #expect(view?.code == "unknown-view")
        #expect(view?.position == 3)
        #expect(view?.reason == "ghost is not a key in the views dictionary.")
        let metric = parseError("|-gap-[a]")
        #expect(metric?.code == "unknown-metric")
        #expect(metric?.position == 2)
        let priority = parseError("[a(10@p)]")
        #expect(priority?.code == "unknown-metric")
        #expect(priority?.position == 6)
        // A view is not a spacing.
        let connection = parseError("[a]-(b)-[c]")
        #expect(connection?.code == "unknown-metric")
        #expect(connection?.position == 5)

        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let root = #expect(throws: ConstraintParseError.self) { try engine.addVisualFormat("[root]|") }
        #expect(root?.code == "vfl-syntax")
        #expect(root?.position == 6)
        #expect(root?.reason.contains("doesn't have a superview") == true)
    }
}
