/// The text a label, button or text field shows and the UIKit properties that size it.
///
/// Set it with `LayoutEngine.setTextContent(_:of:)`; the engine derives the view's intrinsic content
/// size and its baselines from it through the engine's `TextMeasurer`.
public struct TextContent: Hashable, Sendable {
    /// Which UIKit control the view is.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// `UILabel`: the text's size.
        case label
        /// A system `UIButton` with a title: the title's size plus `contentEdgeInsets`.
        case button
        /// `UITextField`: one line of text (or the placeholder) plus the border style's padding.
        case textField
    }

    /// `NSLineBreakMode`: how a line that does not fit wraps or is cut.
    public enum LineBreakMode: String, CaseIterable, Hashable, Sendable {
        case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

        /// Multi-line text wraps at words in every mode but `byCharWrapping`; the truncating and
        /// clipping modes change only how the last line is cut.
        public var wrapping: TextWrapping { self == .byCharWrapping ? .characters : .words }
    }

    /// `NSTextAlignment` (left-to-right layout: `natural` is `left`).
    public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
        case natural, left, center, right, justified
    }

    /// `UITextField.BorderStyle`.
    public enum BorderStyle: String, CaseIterable, Hashable, Sendable {
        case none, line, bezel, roundedRect
    }

    public var kind: Kind
    /// The label's text, the button's title or the field's text.
    public var text: String
    public var font: Font
    /// The most lines shown; 0 is unlimited (`numberOfLines`). Buttons and text fields use 1.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    public var textAlignment: TextAlignment
    /// The width (points) multi-line text wraps at when sizing itself; 0 is automatic: the width the
    /// previous layout pass gave the view (`preferredMaxLayoutWidth`).
    public var preferredMaxLayoutWidth: Double
    /// Button padding around the title (`contentEdgeInsets`); all zero means UIKit's default padding.
    public var contentEdgeInsets: EdgeInsets
    /// A text field's placeholder, which sizes an empty field.
    public var placeholder: String
    public var borderStyle: BorderStyle

    /// A control of `kind` with UIKit's defaults: a 17 pt label on one line, a 15 pt button title,
    /// a 17 pt text field with no border, tail truncation for labels and buttons.
    public init(kind: Kind, text: String = "") {
        self.kind = kind
        self.text = text
        font = kind == .button ? .buttonDefault : .labelDefault
        numberOfLines = 1
        lineBreakMode = kind == .textField ? .byClipping : .byTruncatingTail
        textAlignment = .natural
        preferredMaxLayoutWidth = 0
        contentEdgeInsets = .zero
        placeholder = ""
        borderStyle = .none
    }

    /// Whether the text may take more than one line, so its height depends on its width.
    public var wraps: Bool { kind == .label && numberOfLines != 1 }

    /// What is measured: a text field's placeholder when its text is empty.
    var measuredText: String { kind == .textField && text.isEmpty ? placeholder : text }

    /// Checks the numbers: `numberOfLines` in 0…10 000, `preferredMaxLayoutWidth` and the insets
    /// finite, the width ≥ 0, text and placeholder at most 10 000 characters.
    /// - Throws: `LayoutError.invalidValue` naming the field.
    func validate() throws {
        guard (0...10_000).contains(numberOfLines) else {
            throw LayoutError.invalidValue("numberOfLines is in 0…10000 (0: unlimited)")
        }
        guard preferredMaxLayoutWidth.isFinite, preferredMaxLayoutWidth >= 0, preferredMaxLayoutWidth < 1e6 else {
            throw LayoutError.invalidValue("preferredMaxLayoutWidth is finite and ≥ 0 (0: automatic)")
        }
        guard contentEdgeInsets.components.allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else {
            throw LayoutError.invalidValue("contentEdgeInsets are finite")
        }
        guard text.count <= 10_000, placeholder.count <= 10_000 else {
            throw LayoutError.invalidValue("text and placeholder hold at most 10000 characters")
        }
    }
}
