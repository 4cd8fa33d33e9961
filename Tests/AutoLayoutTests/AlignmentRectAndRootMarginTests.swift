import Testing
@testable import AutoLayout

/// `alignmentRectInsets` and the root's `insetsLayoutMarginsFromSafeArea`.
@Suite struct AlignmentRectAndRootMarginTests {
    /// A switch-like view: constraints place its alignment rectangle, 49 × 31 with its trailing edge
    /// 16 pt from the root's (375 − 16 = 359, so x = 310); the frame reaches 2 pt further right.
    @Test func framesGrowByTheAlignmentInsets() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        let control = try engine.addView("toggle")
        try engine.setAlignmentRectInsets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 2), of: control)
        try engine.constrain("t", "toggle.trailing", .equal, "root.trailing", constant: -16)
        try engine.constrain("y", "toggle.top", .equal, "root.top", constant: 100)
        try engine.constrain("w", "toggle.width", constant: 49)
        try engine.constrain("h", "toggle.height", constant: 31)
        engine.layoutIfNeeded()
        expectRect(control.frame, 310, 100, 51, 31)
    }

    /// With a 20 pt safe area on top and the root's 16 pt side margins: a view on the top margin sits at
    /// y = 20 + 0 while the margins sit inside the safe area, and at y = 0 once they do not.
    @Test func rootMarginsCanIgnoreTheSafeArea() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667), safeArea: EdgeInsets(top: 20))
        let box = try engine.addView("box")
        try engine.constrain("top", "box.top", .equal, "root.topMargin")
        try engine.constrain("left", "box.left", .equal, "root.leftMargin")
        try engine.constrain("w", "box.width", constant: 10)
        try engine.constrain("h", "box.height", constant: 10)
        engine.layoutIfNeeded()
        expectRect(box.frame, 16, 20, 10, 10)
        engine.setInsetsLayoutMarginsFromSafeArea(false, of: engine.root)
        engine.layoutIfNeeded()
        expectRect(box.frame, 16, 0, 10, 10)
    }
}
