import Testing
@testable import AutoLayout

@Suite struct GuideAndContentSizeTests {
    @Test func safeAreaGuideFollowsInsets() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 812),
                                  safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        try engine.addView("content")
        try engine.constrain("t", "content.top", .equal, "root.safeArea.top")
        try engine.constrain("b", "content.bottom", .equal, "root.safeArea.bottom")
        try engine.constrain("l", "content.leading", .equal, "root.safeArea.leading")
        try engine.constrain("r", "content.trailing", .equal, "root.safeArea.trailing")
        engine.layoutIfNeeded()
        // 812 − 44 − 34 = 734.
        expectRect(engine.view("content")!.frame, 0, 44, 375, 734)
        try engine.setSafeArea(EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        engine.layoutIfNeeded()
        // 375 − 88 = 287 wide, 812 − 21 = 791 tall.
        expectRect(engine.view("content")!.frame, 44, 0, 287, 791)
    }

    @Test func keyboardGuideTopFollowsTheKeyboard() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 812),
                                  safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        try engine.addView("bar")
        try engine.constrain("b", "bar.bottom", .equal, "root.keyboard.top")
        try engine.constrain("l", "bar.left", .equal, "root.left")
        try engine.constrain("w", "bar.width", .equal, "root.width")
        try engine.constrain("h", "bar.height", constant: 50)
        engine.layoutIfNeeded()
        // Hidden: the guide's top is the safe area bottom, 812 − 34 = 778 → bar y = 728.
        expectRect(engine.view("bar")!.frame, 0, 728, 375, 50)
        try engine.setKeyboard(height: 336)
        engine.layoutIfNeeded()
        // Shown: 812 − 336 = 476 → bar y = 426.
        expectRect(engine.view("bar")!.frame, 0, 426, 375, 50)
        expectRect(engine.keyboard.frame, 0, 476, 375, 336)
    }

    @Test func marginAttributesUseTheMarginsGuide() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("card")
        try engine.addView("label", parent: "card")
        try engine.pin("card", x: 0, y: 100, width: 200, height: 100)
        // Default margins of a plain view are 8 on every side.
        try engine.constrain("l", "label.leading", .equal, "card.leadingMargin")
        try engine.constrain("r", "label.trailing", .equal, "card.trailingMargin")
        try engine.constrain("t", "label.top", .equal, "card.topMargin")
        try engine.constrain("h", "label.height", constant: 20)
        // The root's margins are 16 on the sides inside the safe area (none here).
        try engine.addView("wide")
        try engine.constrain("wl", "wide.leading", .equal, "root.leadingMargin")
        try engine.constrain("wr", "wide.trailing", .equal, "root.trailingMargin")
        try engine.constrain("wt", "wide.top", .equal, "root.top")
        try engine.constrain("wh", "wide.height", constant: 10)
        engine.layoutIfNeeded()
        expectRect(engine.view("label")!.frame, 8, 8, 184, 20)
        expectRect(engine.view("wide")!.frame, 16, 0, 343, 10)
    }

    @Test func huggingAndCompressionResistance() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("label")
        try engine.setIntrinsicContentSize(Size(width: 80, height: 21), of: engine.view("label")!)
        try engine.constrain("l", "label.leading", .equal, "root.leading", constant: 20)
        try engine.constrain("t", "label.top", .equal, "root.top", constant: 20)
        engine.layoutIfNeeded()
        expectRect(engine.view("label")!.frame, 20, 20, 80, 21)

        // A width of 200 at 500 beats hugging (250) but not compression resistance (750).
        try engine.constrain("wide", "label.width", constant: 200, priority: 500)
        engine.layoutIfNeeded()
        expectRect(engine.view("label")!.frame, 20, 20, 200, 21)
        try engine.setConstant(40, of: "wide")
        engine.layoutIfNeeded()
        expectRect(engine.view("label")!.frame, 20, 20, 80, 21)
        // Lower the compression resistance below 500 and the label shrinks to 40.
        try engine.setCompressionResistance([400, 750], of: engine.view("label")!)
        engine.layoutIfNeeded()
        expectRect(engine.view("label")!.frame, 20, 20, 40, 21)
        // No intrinsic metric: only the optional width remains.
        try engine.setIntrinsicContentSize(Size(width: View.noIntrinsicMetric, height: 21), of: engine.view("label")!)
        try engine.setConstant(123, of: "wide")
        engine.layoutIfNeeded()
        expectRect(engine.view("label")!.frame, 20, 20, 123, 21)
    }

    @Test func priorityLevelsAreLexicographic() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        try engine.addView("box")
        try engine.constrain("x", "box.left", .equal, "root.left")
        try engine.constrain("y", "box.top", .equal, "root.top")
        try engine.constrain("h", "box.height", constant: 10)
        // Ten constraints at 250 want 100; one at 251 wants 300. 251 wins outright.
        for index in 0..<10 {
            try engine.constrain("low\(index)", "box.width", constant: 100, priority: 250)
        }
        try engine.constrain("high", "box.width", constant: 300, priority: 251)
        engine.layoutIfNeeded()
        expectRect(engine.view("box")!.frame, 0, 0, 300, 10)
    }

    @Test func autoresizingMaskTranslationPinsTheFrame() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let view = try engine.addView("legacy")
        try engine.setBounds(Rect(x: 0, y: 0, width: 100, height: 40), of: view)
        try engine.setCenter(Point(x: 100, y: 70), of: view)
        engine.setTranslatesAutoresizingMaskIntoConstraints(true, of: view)
        engine.layoutIfNeeded()
        expectRect(view.frame, 50, 50, 100, 40)
        // An explicit constraint beside the translated ones conflicts, as on a device.
        try engine.constrain("moved", "legacy.top", .equal, "root.top", constant: 10)
        let conflicts = engine.takeConflicts()
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.broken == "moved")
        #expect(conflicts.first?.constraints.contains("NSAutoresizingMaskLayoutConstraint-legacy-minY") == true)
        engine.layoutIfNeeded()
        expectRect(view.frame, 50, 50, 100, 40)
    }
}
