/// The intrinsic content size and baselines of a label, button or text field, from a measured layout.
///
/// Sizes are rounded up to whole pixels, as UIKit rounds text bounds up (`boundingRect` sizes are
/// fractional; UILabel and UIButton report them ceiled to the screen's pixels).
struct TextSizing {
    /// UIKit pads a system button's title 6 pt above and below while `contentEdgeInsets` is all zero
    /// (a 15 pt title, 18 pt tall in San Francisco, gives the standard 30 pt button; an 18 pt title of
    /// 21 pt gives 33 pt). Any non-zero insets replace that padding.
    static let defaultButtonVerticalPadding = 6.0
    /// Padding (points, each side) around a text field's text by border style: none for `none`, and
    /// for the bordered styles 7 pt horizontally (the inset of UITextField's `textRect(forBounds:)` for
    /// a bordered field); vertically 8.5 pt for `roundedRect`, 7 pt for `line` and `bezel`. UIKit does
    /// not document them. The rounded rectangle's is what Interface Builder saves: every one of the
    /// 106 unconstrained 14 pt rounded-rect fields of the documents in docs/INTERFACE-BUILDER.md (Xcode
    /// 13 to 26) is 34 pt tall, the system font's 14 pt line (16.7 pt, 17 in whole pixels) plus 17.
    /// The other two are approximations.
    static func textFieldPadding(_ style: TextContent.BorderStyle) -> (horizontal: Double, vertical: Double) {
        switch style {
        case .none: (0, 0)
        case .roundedRect: (7, 8.5)
        case .line, .bezel: (7, 7)
        }
    }

    let intrinsicSize: Size
    /// The first and last baselines from the view's center (points, down positive).
    let baselineOffsets: (first: Double, last: Double)

    /// - Parameters:
    ///   - content: the view's text and its properties.
    ///   - shown: the text laid out at the wrapping width, lines not yet limited to `numberOfLines`.
    ///   - naturalWidth: the text's width unwrapped (points), which an automatically wrapping label
    ///     reports as its intrinsic width so that it can widen again when given room.
    ///   - scale: pixels per point, for rounding up.
    init(content: TextContent, shown: TextLayout, naturalWidth: Double, scale: Double) {
        func ceilToPixels(_ value: Double) -> Double { (value * scale - 1e-9).rounded(.up) / scale }
        let metrics = shown.metrics
        let limit = content.numberOfLines == 0 ? shown.lines.count : min(content.numberOfLines, shown.lines.count)
        let lines = Array(shown.lines.prefix(limit))
        let textWidth = lines.map(\.width).max() ?? 0
        let textHeight = Double(lines.count) * metrics.lineHeight
        var centerShift = 0.0
        switch content.kind {
        case .label:
            let automatic = content.wraps && content.preferredMaxLayoutWidth == 0
            intrinsicSize = Size(width: ceilToPixels(automatic ? naturalWidth : textWidth),
                                 height: ceilToPixels(textHeight))
        case .button:
            let insets = content.contentEdgeInsets
            let vertical = insets == .zero
                ? 2 * Self.defaultButtonVerticalPadding : insets.top + insets.bottom
            intrinsicSize = Size(width: ceilToPixels(textWidth) + insets.left + insets.right,
                                 height: ceilToPixels(metrics.lineHeight) + vertical)
            // The title is centered in the rectangle the insets leave.
            centerShift = (insets.top - insets.bottom) / 2
        case .textField:
            let padding = Self.textFieldPadding(content.borderStyle)
            intrinsicSize = Size(width: ceilToPixels(textWidth) + 2 * padding.horizontal,
                                 height: ceilToPixels(metrics.lineHeight) + 2 * padding.vertical)
        }
        // Text is centered vertically (UILabel draws its lines in the middle of its bounds, UIButton
        // and UITextField center their one line); a baseline is one ascender below its line's top.
        let blockHeight = Double(max(lines.count, 1)) * metrics.lineHeight
        let firstBaseline = centerShift - blockHeight / 2 + metrics.ascender
        baselineOffsets = (first: firstBaseline, last: firstBaseline + blockHeight - metrics.lineHeight)
    }
}
