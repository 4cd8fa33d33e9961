import Testing
@testable import AutoLayout

/// Solver-level frames agree within 1e-6 pt.
func expectRect(_ actual: Rect, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = [x, y, width, height]
    let ok = zip(actual.components, expected).allSatisfy { abs($0 - $1) < 1e-6 }
    #expect(ok, "got \(actual.components), expected \(expected)", sourceLocation: sourceLocation)
}

extension LayoutEngine {
    /// Adds `first == second × multiplier + constant` from "view.attribute" names.
    @discardableResult
    func constrain(_ id: String, _ first: String, _ relation: LayoutRelation = .equal, _ second: String? = nil,
                   multiplier: Double = 1, constant: Double = 0, priority: Double = 1000) throws -> LayoutConstraint {
        func anchor(_ name: String) throws -> (LayoutItem, LayoutAttribute) {
            let dot = try #require(name.lastIndex(of: "."))
            let item = try #require(self.item(named: String(name[..<dot])))
            let attribute = try #require(LayoutAttribute(rawValue: String(name[name.index(after: dot)...])))
            return (item, attribute)
        }
        let (firstItem, firstAttribute) = try anchor(first)
        let other = try second.map(anchor)
        let constraint = LayoutConstraint(identifier: id, item: firstItem, attribute: firstAttribute,
                                          relatedBy: relation, toItem: other?.0, attribute: other?.1,
                                          multiplier: multiplier, constant: constant, priority: priority)
        try add(constraint)
        return constraint
    }

    /// Pins the four edges of view `id` to those of `item` (a view or guide name), as `<id>-top`,
    /// `<id>-leading`, `<id>-bottom` and `<id>-trailing`.
    func pinEdges(_ id: String, to item: String) throws {
        for edge in ["top", "leading", "bottom", "trailing"] {
            try constrain("\(id)-\(edge)", "\(id).\(edge)", .equal, "\(item).\(edge)")
        }
    }

    /// Pins a view with top/leading/width/height constraints.
    func pin(_ id: String, x: Double, y: Double, width: Double, height: Double, to parent: String = "root") throws {
        try constrain("\(id)-left", "\(id).left", .equal, "\(parent).left", constant: x)
        try constrain("\(id)-top", "\(id).top", .equal, "\(parent).top", constant: y)
        try constrain("\(id)-width", "\(id).width", constant: width)
        try constrain("\(id)-height", "\(id).height", constant: height)
    }
}

/// A measurer whose numbers are easy to do by hand: every character advances half the point size,
/// the ascender is 0.8 × size, the descender −0.2 × size, no line gap (a line is `size` tall). It wraps
/// greedily at single spaces on its own, independently of the playground's line breaker.
struct MonospaceMeasurer: TextMeasurer {
    func metrics(of font: Font) -> FontMetrics? {
        FontMetrics(ascender: 0.8 * font.size, descender: -0.2 * font.size, leading: 0)
    }

    func layout(_ text: String, font: Font, width: Double?, wrapping: TextWrapping) -> TextLayout? {
        let advance = font.size / 2
        var lines: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = lines.last, Double(last.count + 1 + word.count) * advance <= (width ?? .infinity) {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return TextLayout(lines: lines.map { TextLine(text: $0, width: Double($0.count) * advance) },
                          metrics: metrics(of: font)!)
    }
}
