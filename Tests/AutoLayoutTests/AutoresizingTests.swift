import Testing
@testable import AutoLayout

/// Springs and struts through constraints. The superview is 300 × 200; the view starts at
/// (50, 40, 100, 60), so the trailing margins are 300 − 50 − 100 = 150 and 200 − 40 − 60 = 100.
/// The superview then grows to 400 × 300 (ΔS = 100 on both axes).
@Suite struct AutoresizingTests {
    private func resized(_ mask: AutoresizingMask) throws -> Rect {
        let engine = LayoutEngine(size: Size(width: 300, height: 200))
        let view = try engine.addView("legacy")
        try engine.setBounds(Rect(x: 0, y: 0, width: 100, height: 60), of: view)
        try engine.setCenter(Point(x: 100, y: 70), of: view)
        engine.setAutoresizingMask(mask, of: view)
        engine.setTranslatesAutoresizingMaskIntoConstraints(true, of: view)
        engine.layoutIfNeeded()
        expectRect(view.frame, 50, 40, 100, 60)
        try engine.setRootSize(Size(width: 400, height: 300))
        engine.layoutIfNeeded()
        #expect(engine.takeConflicts().isEmpty)
        return view.frame
    }

    @Test func noFlexibilityKeepsTheFrame() throws {
        expectRect(try resized([]), 50, 40, 100, 60)
    }

    @Test func flexibleWidthAndHeightStretch() throws {
        // Only the size is flexible: it takes all of ΔS → 200 × 160.
        expectRect(try resized([.flexibleWidth, .flexibleHeight]), 50, 40, 200, 160)
    }

    @Test func flexibleLeadingMarginsPinTheTrailingEdges() throws {
        // The leading margins absorb ΔS: x = 150, y = 140.
        expectRect(try resized([.flexibleLeftMargin, .flexibleTopMargin]), 150, 140, 100, 60)
    }

    @Test func flexibleMarginsOnBothSidesShareTheChange() throws {
        // Horizontal: margins 50 and 150 share 100 as 50:150 → x = 50 + 100 × 50/200 = 75.
        // Vertical: margins 40 and 100 share 100 as 40:140 → y = 40 + 100 × 40/140 = 68.571…
        let frame = try resized([.flexibleLeftMargin, .flexibleRightMargin,
                                 .flexibleTopMargin, .flexibleBottomMargin])
        // Rounded to half points (scale 2): 68.571… → 68.5.
        expectRect(frame, 75, 68.5, 100, 60)
    }

    @Test func everythingFlexibleScalesProportionally() throws {
        // Width: 100 × 400/300 = 133.33…, x = 50 × 4/3 = 66.67 → edges 66.5 and 200 (rounded).
        // Height: 60 × 1.5 = 90, y = 40 × 1.5 = 60.
        let all: AutoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin,
                                     .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]
        expectRect(try resized(all), 66.5, 60, 133.5, 90)
    }
}
