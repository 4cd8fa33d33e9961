import Dispatch
import Synchronization
import Testing
import AutoLayout
@testable import TextShaping

/// Expected values come from Inter 4.0's own tables as read by Python's fontTools (an independent
/// reader): unitsPerEm 2816; hhea ascender 2728, descender −680, line gap 0; hmtx advances (Regular)
/// H 2084, e 1640, l 668, o 1680, space 792, w 2288, r 1048, d 1748 ("world" 7432); (SemiBold) "Hello" 6944 in all.
/// `python3 Tests/text/inter_advances.py` prints them again. Every character also carries the system
/// font's tracking from Apple's table: −26/1000 em at 17 pt, −0.442 pt (`SystemFontTracking`).
@Suite struct ShapingTextMeasurerTests {
    /// 17 pt tracking: −26 × 17 / 1000 points a character.
    static let tracking17 = -26.0 * 17 / 1000

    let measurer = ShapingTextMeasurer(directory: ShapingTextMeasurer.debianFontDirectory)

    private func expectClose(_ actual: Double?, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs((actual ?? .nan) - expected) < 1e-9, "got \(String(describing: actual)), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    @Test func metricsScaleWithThePointSize() throws {
        let metrics = try #require(measurer.metrics(of: try Font(size: 17)))
        expectClose(metrics.ascender, 17.0 * 2728 / 2816)    // 16.46875
        expectClose(metrics.descender, -17.0 * 680 / 2816)   // −4.10511…
        expectClose(metrics.leading, 0)
        expectClose(metrics.lineHeight, 17.0 * 3408 / 2816)  // 20.57386…
    }

    @Test func helloAt17PointsIsTheSumOfItsAdvances() throws {
        let layout = try #require(measurer.layout("Hello", font: try Font(size: 17), width: nil, wrapping: .words))
        #expect(layout.lines.map(\.text) == ["Hello"])
        // 2084 + 1640 + 668 + 668 + 1680 = 6740 units × 17 / 2816 = 40.68892… pt, less 5 × 0.442.
        expectClose(layout.width, 6740.0 * 17 / 2816 + 5 * Self.tracking17)
        let bold = try #require(measurer.layout("Hello", font: try Font(size: 17, weight: .semibold), width: nil,
                                                wrapping: .words))
        // SemiBold: 6944 units × 17 / 2816 = 41.92045… pt, less 5 × 0.442.
        expectClose(bold.width, 6944.0 * 17 / 2816 + 5 * Self.tracking17)
    }

    @Test func wrapsAtTheLastSpaceThatFits() throws {
        let font = try Font(size: 17)
        // "Hello Hello" = 6740 + 792 + 6740 = 14272 units = 86.16 pt less 11 × 0.442 = 81.297 pt: wider
        // than 60, and "Hello " (7532 units = 45.47 − 2.652 = 42.82 pt) fits, so it breaks after the
        // space; the space hangs and is not counted.
        let layout = try #require(measurer.layout("Hello Hello", font: font, width: 60, wrapping: .words))
        #expect(layout.lines.map(\.text) == ["Hello", "Hello"])
        expectClose(layout.lines[0].width, 6740.0 * 17 / 2816 + 5 * Self.tracking17)
        expectClose(layout.lines[1].width, 6740.0 * 17 / 2816 + 5 * Self.tracking17)
        // At 81.3 pt (> 81.297) it stays on one line, 81.297 wide.
        let wide = try #require(measurer.layout("Hello Hello", font: font, width: 81.3, wrapping: .words))
        #expect(wide.lines.map(\.text) == ["Hello Hello"])
        expectClose(wide.width, 14272.0 * 17 / 2816 + 11 * Self.tracking17)
    }

    @Test func shapingAppliesKerning() throws {
        // "world" is 7432 units by its hmtx advances; Inter's GPOS kerning pulls pairs in, so the
        // shaped width is narrower (kerning is what a plain sum of advances misses).
        let layout = try #require(measurer.layout("world", font: try Font(size: 17), width: nil, wrapping: .words))
        #expect(layout.width < 7432.0 * 17 / 2816 - 0.1)
    }

    @Test func characterWrappingAndNewlines() throws {
        let font = try Font(size: 17)
        // At 20 pt: H + e = 3724 units = 22.48 − 0.884 = 21.60 pt does not fit, so "H"; e + l + l = 2976
        // units = 17.97 − 1.326 = 16.64 fits and + o (4656 = 28.11 − 1.768 = 26.34) does not: "ell", "o".
        let layout = try #require(measurer.layout("Hello", font: font, width: 20, wrapping: .characters))
        #expect(layout.lines.map(\.text) == ["H", "ell", "o"])
        // A word wider than the line breaks between characters in word wrapping too.
        let words = try #require(measurer.layout("Hello", font: font, width: 20, wrapping: .words))
        #expect(words.lines.map(\.text) == ["H", "ell", "o"])
        let paragraphs = try #require(measurer.layout("Hello\nworld", font: font, width: nil, wrapping: .words))
        #expect(paragraphs.lines.map(\.text) == ["Hello", "world"])
    }

    @Test func missingFontsAreReportedNotFatal() throws {
        let nowhere = ShapingTextMeasurer(directory: "/nonexistent")
        #expect(nowhere.metrics(of: try Font(size: 17)) == nil)
        #expect(nowhere.layout("Hello", font: try Font(size: 17), width: nil, wrapping: .words) == nil)
    }

    @Test func trackingFollowsApplesTable() {
        // Apple's values in 1/1000 em: 12 pt 0, 10 pt +12, 13 pt −6, 17 pt −26, 28 pt +14; 80 pt and up 0.
        expectClose(SystemFontTracking.tracking(size: 12), 0)
        expectClose(SystemFontTracking.tracking(size: 10), 12.0 * 10 / 1000)
        expectClose(SystemFontTracking.tracking(size: 13), -6.0 * 13 / 1000)
        expectClose(SystemFontTracking.tracking(size: 17), -26.0 * 17 / 1000)
        expectClose(SystemFontTracking.tracking(size: 28), 14.0 * 28 / 1000)
        expectClose(SystemFontTracking.tracking(size: 140), 0)
        // Between whole sizes it is interpolated: 16.5 pt is halfway from −20 to −26, −23/1000 em.
        expectClose(SystemFontTracking.tracking(size: 16.5), -23.0 * 16.5 / 1000)
    }

    /// Four threads measuring at once, each "Hello" with n more "l"s in it (only the pairs of "Hello",
    /// none kerned), get what the tables give: 6740 + 668 × n units of Regular at 17 pt, less the
    /// tracking of each of the 5 + n characters.
    @Test func threadsMeasuringAtOnceGetTheTablesWidths() throws {
        let font = try Font(size: 17)
        let widths = Mutex<[Int: Double]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for n in stride(from: thread, to: 40, by: 4) {
                let text = "Hel" + String(repeating: "l", count: n) + "lo"
                let width = measurer.layout(text, font: font, width: nil, wrapping: .words)?.width ?? .nan
                widths.withLock { $0[n] = width }
            }
        }
        let measured = widths.withLock { $0 }
        #expect(measured.count == 40)
        for n in 0..<40 {
            expectClose(measured[n], (6740.0 + 668 * Double(n)) * 17 / 2816 + Double(5 + n) * Self.tracking17)
        }
    }
}
