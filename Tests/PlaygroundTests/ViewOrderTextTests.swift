import AutoLayout
import Testing
@testable import Playground

/// `ViewOrderText`: the view ids in document order, extended after an add at the end, encoded afresh
/// after any other change of the tree.
@Suite struct ViewOrderTextTests {
    func text(_ order: inout ViewOrderText, _ engine: LayoutEngine) -> String {
        String(decoding: order.text(of: engine).bytes, as: UTF8.self)
    }

    @Test func theOrderFollowsAddsAndRemovals() throws {
        let engine = LayoutEngine(size: Size(width: 375, height: 667))
        var order = ViewOrderText()
        #expect(text(&order, engine) == "[]")
        try engine.addView("a")
        try engine.addView("b")
        #expect(text(&order, engine) == #"["a","b"]"#)
        // Appended at the end: a, b, then c under b.
        try engine.addView("c", parent: "b")
        #expect(text(&order, engine) == #"["a","b","c"]"#)
        // In the middle: d under a comes before b.
        try engine.addView("d", parent: "a")
        #expect(text(&order, engine) == #"["a","d","b","c"]"#)
        try engine.removeView("b")
        #expect(text(&order, engine) == #"["a","d"]"#)
        // Another engine with the same views reads its own tree.
        let other = LayoutEngine(size: Size(width: 375, height: 667))
        try other.addView("x")
        #expect(text(&order, other) == #"["x"]"#)
    }
}
