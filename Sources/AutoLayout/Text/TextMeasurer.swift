/// Where lines may break when text wraps.
public enum TextWrapping: Hashable, Sendable {
    /// At word boundaries (after spaces and hyphens); a word wider than the line breaks between
    /// characters, as `NSLineBreakMode.byWordWrapping` does.
    case words
    /// Between any two characters (`byCharWrapping`).
    case characters
}

/// One laid-out line: its text (without the spaces it ends with) and its width in points.
public struct TextLine: Hashable, Sendable {
    public let text: String
    /// The sum of the line's advances (points), trailing spaces excluded.
    public let width: Double

    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}

/// Text laid out in one font: its lines and the font's metrics. The size is the bounding box of the
/// lines: the widest line by `lines.count` line heights.
public struct TextLayout: Hashable, Sendable {
    public let lines: [TextLine]
    public let metrics: FontMetrics

    public init(lines: [TextLine], metrics: FontMetrics) {
        self.lines = lines
        self.metrics = metrics
    }

    /// The widest line (points).
    public var width: Double { lines.map(\.width).max() ?? 0 }

    /// `count` line heights (points): the height of the first `count` lines.
    public func height(lines count: Int) -> Double { Double(count) * metrics.lineHeight }
}

/// Measures text below the layout engine: the engine asks for the lines of a string in a font at a
/// width and never sees a font file.
///
/// Implementations shape the text (advances and kerning from the font) and cache results by
/// (text, font, width, wrapping), since layout asks again on every pass.
public protocol TextMeasurer: Sendable {
    /// The font's vertical metrics at its size; nil when the font cannot be loaded.
    func metrics(of font: Font) -> FontMetrics?

    /// `text` laid out in `font`, wrapped greedily at `width` points (nil: no wrapping, one line per
    /// paragraph). Newlines always end a line. Nil when the font cannot be loaded.
    func layout(_ text: String, font: Font, width: Double?, wrapping: TextWrapping) -> TextLayout?
}
