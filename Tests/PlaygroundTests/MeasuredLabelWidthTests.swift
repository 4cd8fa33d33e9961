import AutoLayout
import Foundation
import Testing
import TextShaping
@testable import Playground

/// Our text widths (Inter, shaped with HarfBuzz) against Apple's: the single-line labels of the
/// Interface Builder corpus (`IBDocumentFolder`) whose saved frame width is their intrinsic width,
/// which Xcode measured with the system font. Prints the distribution docs/INTERFACE-BUILDER.md gives
/// ("Measured text widths"); skipped without the documents.
///
/// A label counts when it has plain text on one line (`numberOfLines` 1, no newline, no
/// `adjustsFontSizeToFit`), a system font or a text style (custom fonts and italics are not ours to
/// measure), and its width in the imported layout is its intrinsic width: moving the intrinsic width
/// by ±4 pt moves the laid-out width by exactly as much (so neither a constraint, a truncation nor
/// autoresizing fixes it), and the layout agrees with the saved frame within 0.5 pt. That selection
/// never looks at our measured widths.
@Suite(.enabled(if: !IBDocumentFolder.documents().isEmpty,
                "the Interface Builder documents of SOURCES.md are not in Tests/fixtures/interface-builder/documents"))
struct MeasuredLabelWidthTests {
    /// One measured label: Apple's width (the saved frame's), ours (pixel-ceiled as UILabel reports it).
    struct Sample {
        let name: String
        let apple: Double
        let ours: Double
        /// (ours − apple) / apple.
        var error: Double { (ours - apple) / apple }
    }

    /// The font of a label's `<fontDescription>`: `type="system"` (with `weight`), `boldSystem`, or a
    /// text `style`; nil for custom fonts, italics and anything else.
    static func font(of label: IBElement) -> Font? {
        guard let description = label.child("fontDescription", key: "fontDescription") else { return nil }
        if let style = description["style"] { return IBSceneBuilder.textStyles[style].map { Font(textStyle: $0) } }
        guard let size = description.number("pointSize") else { return nil }
        switch description["type"] {
        case "system":
            let weight = description["weight"].map { Font.Weight(rawValue: $0) } ?? .regular
            return weight.flatMap { try? Font(size: size, weight: $0) }
        case "boldSystem": return try? Font(size: size, weight: .bold)
        default: return nil
        }
    }

    /// The single-line plain-text labels of a document, by IB id: their text and font.
    static func labels(in document: IBElement) -> [String: (text: String, font: Font)] {
        var found: [String: (text: String, font: Font)] = [:]
        document.forEach { element in
            guard element.name == "label", let id = element.id, let text = element["text"], !text.isEmpty,
                  !text.contains("\n"), (element["numberOfLines"] ?? "1") == "1",
                  !element.flag("adjustsFontSizeToFit"), let font = font(of: element) else { return }
            found[id] = (text, font)
        }
        return found
    }

    /// Whether `view`'s laid-out width follows its intrinsic width by ±4 pt (then put back).
    static func widthFollowsIntrinsic(_ view: View, in engine: LayoutEngine) -> Bool {
        let intrinsic = view.intrinsicContentSize
        let width = view.frame.width
        guard intrinsic.width >= 4 else { return false }
        defer {
            try? engine.setIntrinsicContentSize(intrinsic, of: view)
            engine.layoutIfNeeded()
        }
        for step in [4.0, -4.0] {
            guard (try? engine.setIntrinsicContentSize(Size(width: intrinsic.width + step, height: intrinsic.height),
                                                       of: view)) != nil else { return false }
            engine.layoutIfNeeded()
            guard abs(view.frame.width - (width + step)) < 1e-6 else { return false }
        }
        return true
    }

    static func samples() throws -> [Sample] {
        let measurer = ShapingTextMeasurer.shared
        var samples: [Sample] = []
        for url in IBDocumentFolder.documents() {
            let text = try String(contentsOf: url, encoding: .utf8)
            let labels = labels(in: try IBXMLReader.read(text, maxElements: 200_000))
            guard !labels.isEmpty else { continue }
            let first = try IBImporter.importDocument(text, rootID: nil, maxElements: 200_000)
            for root in first.roots {
                var result = try IBImporter.importDocument(text, rootID: root.id, maxElements: 200_000)
                let scene = try IBImporter.scene(of: &result, time: 0, limits: SessionLimits())
                let engine = scene.engine
                for (id, appearance) in scene.appearance.sorted(by: { $0.key < $1.key }) {
                    guard let ibId = appearance.ibId, let label = labels[ibId], let view = engine.view(id),
                          let saved = result.savedFrames[id], !result.staleViews.contains(id),
                          abs(view.frame.width - saved.width) <= 0.5, widthFollowsIntrinsic(view, in: engine),
                          let layout = measurer.layout(label.text, font: label.font, width: nil, wrapping: .words)
                    else { continue }
                    let ours = (layout.width * engine.scale - 1e-9).rounded(.up) / engine.scale
                    samples.append(Sample(name: "\(url.lastPathComponent)/\(id) \"\(label.text)\" \(label.font.size) pt "
                                          + label.font.weight.rawValue, apple: saved.width, ours: ours))
                }
            }
        }
        return samples
    }

    /// The value below which `fraction` of the sorted `values` lie (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        let rank = max(0, min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[rank]
    }

    @Test func medianWidthErrorIsWithinThreePercent() throws {
        let samples = try Self.samples()
        #expect(samples.count >= 20, "only \(samples.count) labels qualify")
        guard !samples.isEmpty else { return }
        let absolute = samples.map { abs($0.error) * 100 }
        let signed = samples.map { $0.error * 100 }
        let median = Self.percentile(absolute, 0.5)
        let p90 = Self.percentile(absolute, 0.9)
        let worst = absolute.max() ?? 0
        print(String(format: "measured label widths: %d labels, |error| median %.2f %%, p90 %.2f %%, max %.2f %%; signed median %.2f %%",
                     samples.count, median, p90, worst, Self.percentile(signed, 0.5)))
        if ProcessInfo.processInfo.environment["IB_REPORT"] == "widths" {
            for sample in samples.sorted(by: { abs($0.error) > abs($1.error) }) {
                print(String(format: "%+.2f %%  apple %.2f ours %.2f  ", sample.error * 100, sample.apple, sample.ours)
                      + sample.name)
            }
        }
        #expect(median <= 3, "median |error| \(median) %")
    }
}
