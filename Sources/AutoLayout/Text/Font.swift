/// A font as UIKit describes one to layout: a point size and a weight, or a Dynamic Type text style.
///
/// The engine never opens font files: it hands a `Font` to its `TextMeasurer`, which maps it to a face.
public struct Font: Hashable, Sendable {
    /// The weight names and values of `UIFont.Weight` (`UIFont.Weight.regular.rawValue` is 0,
    /// `.semibold` 0.3, …; Apple, "UIFont.Weight").
    public enum Weight: String, CaseIterable, Hashable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// `UIFont.Weight.rawValue`, from −0.8 (ultraLight) to 0.62 (black).
        public var value: Double {
            switch self {
            case .ultraLight: -0.8
            case .thin: -0.6
            case .light: -0.4
            case .regular: 0
            case .medium: 0.23
            case .semibold: 0.3
            case .bold: 0.4
            case .heavy: 0.56
            case .black: 0.62
            }
        }
    }

    /// The Dynamic Type styles of `UIFont.TextStyle`, with the size and weight Apple's Human Interface
    /// Guidelines list for the default (Large) content size category ("Typography: Specifications").
    public enum TextStyle: String, CaseIterable, Hashable, Sendable {
        case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

        /// Points at the Large content size category.
        public var size: Double {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            }
        }

        /// Every style is regular but `headline`, which is semibold.
        public var weight: Weight { self == .headline ? .semibold : .regular }
    }

    /// The point size, > 0.
    public let size: Double
    public let weight: Weight
    /// The text style this font was made from, if any (`UIFont.preferredFont(forTextStyle:)`).
    public let textStyle: TextStyle?

    /// The system font of `size` points and `weight` (`UIFont.systemFont(ofSize:weight:)`).
    /// - Throws: `LayoutError.invalidValue` unless `size` is finite and in (0, 1000].
    public init(size: Double, weight: Weight = .regular) throws {
        guard size.isFinite, size > 0, size <= 1000 else {
            throw LayoutError.invalidValue("a font size is in (0, 1000] points")
        }
        self.size = size
        self.weight = weight
        self.textStyle = nil
    }

    /// The font of a Dynamic Type style at the Large content size (`preferredFont(forTextStyle:)`).
    public init(textStyle: TextStyle) {
        size = textStyle.size
        weight = textStyle.weight
        self.textStyle = textStyle
    }

    /// `UIFont.systemFont(ofSize: 17)`: UILabel's default font.
    public static let labelDefault = Font(textStyle: .body).plain
    /// `UIFont.systemFont(ofSize: 15)`: the title font of a system `UIButton`.
    public static let buttonDefault = Font(uncheckedSize: 15)

    /// This font without its text style (same size and weight).
    var plain: Font { Font(uncheckedSize: size, weight: weight) }

    private init(uncheckedSize size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
        self.textStyle = nil
    }
}

/// A font's vertical metrics scaled to its point size (points), as `UIFont`'s `ascender`, `descender`
/// (negative, below the baseline), `leading` (the line gap) and `lineHeight`.
public struct FontMetrics: Hashable, Sendable {
    public let ascender: Double
    public let descender: Double
    public let leading: Double

    /// - Parameters: ascender (≥ 0), descender (≤ 0) and line gap in points.
    public init(ascender: Double, descender: Double, leading: Double) {
        self.ascender = ascender
        self.descender = descender
        self.leading = leading
    }

    /// The distance between baselines of consecutive lines: ascender − descender + leading (how
    /// `UIFont.lineHeight` is defined, and the OpenType hhea rule for line spacing).
    public var lineHeight: Double { ascender - descender + leading }
}
