import AutoLayout
import Foundation

/// Writes a scene as UIKit code a person can paste into an app: one function that builds the views
/// inside a given root view (a view controller's `view`) and activates the constraints with layout
/// anchors.
///
/// - Views become `UIView`s (`UIStackView`s for stack views, `UIScrollView`s for scroll views,
///   `UILabel`s, `UIButton`s and `UITextField`s for text views with their text and font, and
///   `IntrinsicView`, a small subclass with a fixed `intrinsicContentSize` and `alignmentRectInsets`,
///   for other views with an intrinsic size or alignment insets) with
///   `translatesAutoresizingMaskIntoConstraints = false`, colors, alpha, transforms, hidden state,
///   non-default hugging and compression resistance, layout margins and
///   `insetsLayoutMarginsFromSafeArea`; the root's margins when they are not the system's.
/// - A view imported from an Interface Builder document is named after its outlet and keeps its IB
///   object id in a comment; so does each constraint.
/// - Constraints use anchors (`constraint(equalTo:constant:)`, `constraint(equalTo:multiplier:constant:)`
///   on dimensions, `constraint(equalToConstant:)`), and `NSLayoutConstraint(item:attribute:relatedBy:
///   toItem:attribute:multiplier:constant:)` where anchors cannot express them (a multiplier on a
///   location, a baseline of a layout guide). Optional priorities use a `withPriority(_:)` helper; each
///   line ends with the constraint's id as a comment. Inactive constraints are created and named but not
///   activated. The engine's own constraints (stack views, intrinsic sizes, guides) are left to UIKit,
///   which makes the same ones.
/// - Labels, buttons, text fields and scroll views become `UILabel`, `UIButton`, `UITextField` and
///   `UIScrollView` with their text, fonts, lines and insets (`ControlCode`); their intrinsic sizes are
///   UIKit's own.
/// - Guides: `root.safeArea` is `safeAreaLayoutGuide`, `root.keyboard` `keyboardLayoutGuide` (iOS 15),
///   `X.margins` `layoutMarginsGuide`; custom guides become `UILayoutGuide`s.
///
/// Ids become Swift identifiers: `-`-separated words in camel case, a leading digit or a keyword
/// prefixed or suffixed, clashes numbered.
struct SwiftExporter {
    private let scene: Scene
    private var engine: LayoutEngine { scene.engine }
    /// Swift names of views and custom guides, by item id.
    private var names: [String: String] = ["root": "root"]
    private var taken: Set<String>
    private var lines: [String] = []
    private let functionName: String

    /// The scene as a Swift source file.
    static func code(for scene: Scene) -> String {
        var exporter = SwiftExporter(scene: scene)
        return exporter.write()
    }

    private init(scene: Scene) {
        self.scene = scene
        let function = "layout" + Self.identifier(from: scene.name, capitalized: true, fallback: "Scene")
        functionName = function
        taken = Self.reservedNames.union(ControlCode.classNames).union(["root", function])
        // Outlet names first: they are the names the app's own code already uses for these views.
        for view in scene.engine.views {
            guard let outlet = scene.appearance[view.identifier]?.outlet, Self.isValidIdentifier(outlet),
                  !taken.contains(outlet) else { continue }
            taken.insert(outlet)
            names[view.identifier] = outlet
        }
        for view in scene.engine.views where names[view.identifier] == nil {
            names[view.identifier] = claim(view.identifier, fallback: "view")
        }
        for guide in customGuides {
            names[guide.identifier] = claim(guide.identifier, fallback: "guide")
        }
    }

    // MARK: Writing

    private mutating func write() -> String {
        let views = engine.views
        let usesIntrinsic = views.contains(where: isIntrinsicView)
        let constraints = engine.constraints
        let usesPriority = constraints.contains { $0.isActive && !$0.isRequired }
        let root = engine.root
        let insets = engine.safeAreaInsets
        emit("// Layout Playground: scene \"\(Self.comment(scene.name))\"" +
             (scene.title != scene.name ? " (\(Self.comment(scene.title)))" : "") + ".")
        emit("// Root view: \(number(root.frame.width)) × \(number(root.frame.height)) pt, safe area insets top " +
             "\(number(insets.top)), left \(number(insets.left)), bottom \(number(insets.bottom)), right " +
             "\(number(insets.right)); in an app they come from the device.")
        emit("// Call \(functionName)(in: view) from a view controller's viewDidLoad().")
        emit("")
        emit("import UIKit")
        if usesIntrinsic {
            emit("")
            emit("/// A view with a fixed natural size, standing in for an image or a control; its alignment")
            emit("/// rectangle can sit inside its frame, as a switch's does.")
            emit("final class IntrinsicView: UIView {")
            emit("    private let size: CGSize")
            emit("    private let insets: UIEdgeInsets")
            emit("")
            emit("    init(width: CGFloat, height: CGFloat, alignmentRectInsets: UIEdgeInsets = .zero) {")
            emit("        size = CGSize(width: width, height: height)")
            emit("        insets = alignmentRectInsets")
            emit("        super.init(frame: .zero)")
            emit("    }")
            emit("")
            emit("    required init?(coder: NSCoder) { fatalError(\"init(coder:) has not been implemented\") }")
            emit("")
            emit("    override var intrinsicContentSize: CGSize { size }")
            emit("    override var alignmentRectInsets: UIEdgeInsets { insets }")
            emit("}")
        }
        if usesPriority {
            emit("")
            emit("extension NSLayoutConstraint {")
            emit("    /// Sets the priority and returns the constraint, for use inside `NSLayoutConstraint.activate`.")
            emit("    func withPriority(_ priority: Float) -> NSLayoutConstraint {")
            emit("        self.priority = UILayoutPriority(priority)")
            emit("        return self")
            emit("    }")
            emit("}")
        }
        emit("")
        emit("func \(functionName)(in root: UIView) {")
        writeRootMargins()
        if root.boundsOrigin != .zero {
            emit("    root.bounds.origin = CGPoint(x: \(number(root.boundsOrigin.x)), y: \(number(root.boundsOrigin.y)))")
        }
        for view in views { writeView(view) }
        writeArrangedViews(views)
        writeGuides()
        writeConstraints(constraints)
        emit("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func writeView(_ view: View) {
        let name = self.name(view)
        let stack = engine.stack(of: view)
        emit("")
        if stack != nil {
            emit("    let \(name) = UIStackView()")
        } else if let control = ControlCode.initializer(of: view) {
            emit("    let \(name) = \(control)")
        } else if isIntrinsicView(view) {
            let size = view.intrinsicContentSize
            let insets = view.alignmentRectInsets == EdgeInsets() ? ""
                : ", alignmentRectInsets: \(edgeInsets(view.alignmentRectInsets))"
            emit("    let \(name) = IntrinsicView(width: \(metric(size.width)), height: \(metric(size.height))\(insets))")
        } else {
            emit("    let \(name) = UIView()")
        }
        let ibId = scene.appearance[view.identifier]?.ibId
        if view.identifier != name || ibId != nil {
            emit("    // " + [view.identifier != name ? "id \"\(Self.comment(view.identifier))\"" : nil,
                             ibId.map { "Interface Builder id \"\(Self.comment($0))\"" }].compactMap { $0 }.joined(separator: ", "))
        }
        if view.translatesAutoresizingMaskIntoConstraints {
            let frame = view.frame
            emit("    \(name).frame = CGRect(x: \(number(frame.minX)), y: \(number(frame.minY)), " +
                 "width: \(number(frame.width)), height: \(number(frame.height)))")
            let mask = view.autoresizingMask.names
            if !mask.isEmpty { emit("    \(name).autoresizingMask = [\(mask.map { "." + $0 }.joined(separator: ", "))]") }
        } else {
            emit("    \(name).translatesAutoresizingMaskIntoConstraints = false")
        }
        if let appearance = scene.appearance[view.identifier] {
            if let color = Self.color(appearance.color) {
                emit("    \(name).backgroundColor = \(color) // \(Self.comment(appearance.color))")
            }
            if appearance.label != view.identifier {
                emit("    \(name).accessibilityLabel = \(Self.stringLiteral(appearance.label))")
            }
        }
        for line in ControlCode.properties(of: view, name: name) { emit("    " + line) }
        if let stack {
            emit("    \(name).axis = .\(stack.axis.rawValue)")
            emit("    \(name).distribution = .\(stack.distribution.rawValue)")
            emit("    \(name).alignment = .\(stack.alignment.rawValue)")
            emit("    \(name).spacing = \(number(stack.spacing))")
            if stack.isLayoutMarginsRelativeArrangement {
                emit("    \(name).isLayoutMarginsRelativeArrangement = true")
            }
            if hasIntrinsicSize(view) {
                emit("    // playground intrinsic size \(metric(view.intrinsicContentSize.width)) × " +
                     "\(metric(view.intrinsicContentSize.height)) (a stack view's own comes from its views)")
            }
        }
        let axes = ["horizontal", "vertical"]
        for (axis, priority) in zip(axes, view.contentHuggingPriority) where priority != 250 {
            emit("    \(name).setContentHuggingPriority(UILayoutPriority(\(number(priority))), for: .\(axis))")
        }
        for (axis, priority) in zip(axes, view.compressionResistancePriority) where priority != 750 {
            emit("    \(name).setContentCompressionResistancePriority(UILayoutPriority(\(number(priority))), " +
                 "for: .\(axis))")
        }
        let margins = view.layoutMargins
        if margins != EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
            emit("    \(name).layoutMargins = \(edgeInsets(margins))")
        }
        if !view.insetsLayoutMarginsFromSafeArea { emit("    \(name).insetsLayoutMarginsFromSafeArea = false") }
        if view.alpha != 1 { emit("    \(name).alpha = \(number(view.alpha))") }
        if view.transform != .identity {
            let t = view.transform
            emit("    \(name).transform = CGAffineTransform(a: \(number(t.a)), b: \(number(t.b)), c: \(number(t.c)), " +
                 "d: \(number(t.d)), tx: \(number(t.tx)), ty: \(number(t.ty)))")
        }
        // A scroll view's bounds origin is its contentOffset, written with its other properties.
        if view.boundsOrigin != .zero, view.scrollView == nil {
            emit("    \(name).bounds.origin = CGPoint(x: \(number(view.boundsOrigin.x)), " +
                 "y: \(number(view.boundsOrigin.y)))")
        }
        if view.isHidden { emit("    \(name).isHidden = true") }
        if let parent = view.superview, !isArranged(view) {
            emit("    \(self.name(parent)).addSubview(\(name))")
        }
    }

    /// The root's margins when they are not the system minimum the engine starts with (0 pt top and
    /// bottom, 16 pt at the sides), and `insetsLayoutMarginsFromSafeArea` when it is off.
    private mutating func writeRootMargins() {
        let root = engine.root
        if root.layoutMargins != EdgeInsets(top: 0, left: 16, bottom: 0, right: 16) {
            emit("    // A view controller's root view keeps at least the system minimum margins unless its")
            emit("    // controller's viewRespectsSystemMinimumLayoutMargins is false.")
            emit("    root.layoutMargins = \(edgeInsets(root.layoutMargins))")
        }
        if !root.insetsLayoutMarginsFromSafeArea { emit("    root.insetsLayoutMarginsFromSafeArea = false") }
    }

    /// `addArrangedSubview` in order, once every view exists (it also adds the view as a subview).
    private mutating func writeArrangedViews(_ views: [View]) {
        for view in views {
            guard let stack = engine.stack(of: view), !stack.arrangedSubviews.isEmpty else { continue }
            emit("")
            for id in stack.arrangedSubviews {
                emit("    \(name(view)).addArrangedSubview(\(names[id] ?? id))")
            }
        }
    }

    private mutating func writeGuides() {
        let guides = customGuides
        guard !guides.isEmpty else { return }
        emit("")
        for guide in guides {
            let name = names[guide.identifier] ?? "guide"
            emit("    let \(name) = UILayoutGuide()")
            emit("    \(name).identifier = \(Self.stringLiteral(guide.identifier))")
            emit("    \(self.name(guide.owningView)).addLayoutGuide(\(name))")
        }
    }

    private mutating func writeConstraints(_ constraints: [LayoutConstraint]) {
        let active = constraints.filter(\.isActive)
        let inactive = constraints.filter { !$0.isActive }
        if !active.isEmpty {
            emit("")
            emit("    NSLayoutConstraint.activate([")
            for constraint in active {
                var line = "        \(expression(for: constraint))"
                if !constraint.isRequired { line += ".withPriority(\(number(constraint.priority)))" }
                line += ", // \(constraint.identifier)"
                if let ibId = scene.constraintIBIds[constraint.identifier] {
                    line += " (Interface Builder id \"\(Self.comment(ibId))\")"
                }
                if constraint.isBroken { line += " (broken in the playground: it conflicts)" }
                emit(line)
            }
            emit("    ])")
        }
        if !inactive.isEmpty {
            emit("")
            emit("    // Inactive constraints: set isActive = true to use them.")
            for constraint in inactive {
                let name = claim(constraint.identifier + "-constraint", fallback: "constraint")
                emit("    let \(name) = \(expression(for: constraint))")
                if !constraint.isRequired { emit("    \(name).priority = UILayoutPriority(\(number(constraint.priority)))") }
                emit("    \(name).identifier = \(Self.stringLiteral(constraint.identifier))")
            }
        }
    }

    // MARK: Constraints

    /// The constraint as an anchor expression, or `NSLayoutConstraint(item:…)` when anchors cannot say it.
    private func expression(for constraint: LayoutConstraint) -> String {
        let relation: String
        switch constraint.relation {
        case .equal: relation = "equal"
        case .lessThanOrEqual: relation = "lessThanOrEqual"
        case .greaterThanOrEqual: relation = "greaterThanOrEqual"
        }
        let first = anchor(constraint.firstItem, constraint.firstAttribute)
        guard let secondItem = constraint.secondItem, let secondAttribute = constraint.secondAttribute else {
            if let first {
                return "\(first).constraint(\(relation)ToConstant: \(number(constraint.constant)))"
            }
            return itemForm(constraint, relation: relation)
        }
        let second = anchor(secondItem, secondAttribute)
        let isDimension = constraint.firstAttribute.kind == .dimension
        guard let first, let second, isDimension || constraint.multiplier == 1 else {
            return itemForm(constraint, relation: relation)
        }
        var arguments = "\(relation)To: \(second)"
        if constraint.multiplier != 1 { arguments += ", multiplier: \(number(constraint.multiplier))" }
        if constraint.constant != 0 { arguments += ", constant: \(number(constraint.constant))" }
        return "\(first).constraint(\(arguments))"
    }

    private func itemForm(_ constraint: LayoutConstraint, relation: String) -> String {
        let second = constraint.secondItem.map(itemReference) ?? "nil"
        let secondAttribute = constraint.secondAttribute?.rawValue ?? "notAnAttribute"
        return "NSLayoutConstraint(item: \(itemReference(constraint.firstItem)), " +
            "attribute: .\(constraint.firstAttribute.rawValue), relatedBy: .\(relation), toItem: \(second), " +
            "attribute: .\(secondAttribute), multiplier: \(number(constraint.multiplier)), " +
            "constant: \(number(constraint.constant)))"
    }

    /// `item.xAnchor`, through `layoutMarginsGuide` for the margin attributes; nil where UIKit has no
    /// such anchor (a baseline of a layout guide).
    private func anchor(_ item: LayoutItem, _ attribute: LayoutAttribute) -> String? {
        var reference = itemReference(item)
        var plain = attribute
        if let base = attribute.marginBase {
            reference += ".layoutMarginsGuide"
            plain = base
        }
        let isBaseline = plain == .firstBaseline || plain == .lastBaseline
        if isBaseline, item is LayoutGuide || attribute.isMargin { return nil }
        return "\(reference).\(plain.rawValue)Anchor"
    }

    /// The Swift expression for a view or a guide.
    private func itemReference(_ item: LayoutItem) -> String {
        if let view = item as? View { return name(view) }
        guard let guide = item as? LayoutGuide else { return item.identifier }
        let owner = name(guide.owningView)
        switch guide.kind {
        case .safeArea: return "\(owner).safeAreaLayoutGuide"
        case .keyboard: return "\(owner).keyboardLayoutGuide"
        case .margins: return "\(owner).layoutMarginsGuide"
        case .custom: return names[guide.identifier] ?? "guide"
        case .scrollContent: return "\(owner).contentLayoutGuide"
        case .scrollFrame: return "\(owner).frameLayoutGuide"
        }
    }

    // MARK: Helpers

    private var customGuides: [LayoutGuide] {
        ([engine.root] + engine.views).flatMap { owner in
            owner.layoutGuides.values.filter { $0.kind == .custom }.sorted { $0.identifier < $1.identifier }
        }
    }

    private func name(_ view: View) -> String { names[view.identifier] ?? "root" }

    private func isArranged(_ view: View) -> Bool {
        guard let parent = view.superview, let stack = engine.stack(of: parent) else { return false }
        return stack.arrangedSubviews.contains(view.identifier)
    }

    /// Whether the view is written as an `IntrinsicView`: a plain view (no stack, text or scroll view)
    /// with an intrinsic size or alignment insets.
    private func isIntrinsicView(_ view: View) -> Bool {
        engine.stack(of: view) == nil && ControlCode.initializer(of: view) == nil
            && (hasIntrinsicSize(view) || view.alignmentRectInsets != EdgeInsets())
    }

    /// `UIEdgeInsets(top:left:bottom:right:)`.
    private func edgeInsets(_ insets: EdgeInsets) -> String { Self.edgeInsets(insets) }

    static func edgeInsets(_ insets: EdgeInsets) -> String {
        "UIEdgeInsets(top: \(number(insets.top)), left: \(number(insets.left)), bottom: \(number(insets.bottom)), " +
            "right: \(number(insets.right)))"
    }

    private func hasIntrinsicSize(_ view: View) -> Bool {
        view.intrinsicContentSize.width != View.noIntrinsicMetric
            || view.intrinsicContentSize.height != View.noIntrinsicMetric
    }

    private mutating func emit(_ line: String) { lines.append(line) }

    /// A fresh Swift identifier for `id`.
    private mutating func claim(_ id: String, fallback: String) -> String {
        let base = Self.identifier(from: id, capitalized: false, fallback: fallback)
        var candidate = base
        var index = 2
        while taken.contains(candidate) {
            candidate = "\(base)\(index)"
            index += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// `id` as a Swift identifier: words split at characters other than letters, digits and `_`, joined in
    /// camel case; a leading digit gets `fallback` in front, a keyword gets `fallback` behind.
    static func identifier(from id: String, capitalized: Bool, fallback: String) -> String {
        let words = id.split { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }.map(String.init)
        var result = ""
        for (index, word) in words.enumerated() {
            result += index == 0 && !capitalized ? word : word.prefix(1).uppercased() + word.dropFirst()
        }
        if result.isEmpty || result.allSatisfy({ $0 == "_" }) { return fallback }
        if let first = result.first, first.isNumber { result = fallback + result }
        if keywords.contains(result) { result += fallback.prefix(1).uppercased() + fallback.dropFirst() }
        return result
    }

    /// True when `text` is a Swift identifier this exporter could write: ASCII letters, digits and `_`,
    /// not starting with a digit, not a keyword.
    static func isValidIdentifier(_ text: String) -> Bool {
        guard let first = text.first, !first.isNumber, !keywords.contains(text), text != "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Swift's reserved words (keywords in declarations, statements, expressions and types).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "async", "some", "any", "Type", "Protocol", "consume", "borrowing",
        "consuming", "macro", "package", "actor", "nonisolated", "isolated", "discard", "copy", "each",
    ]

    /// Names the generated code uses, which a view must not shadow.
    static let reservedNames: Set<String> = [
        "UIView", "UIStackView", "UILayoutGuide", "UIColor", "UIEdgeInsets", "UILayoutPriority", "UIKit",
        "NSLayoutConstraint", "CGRect", "CGPoint", "CGSize", "CGFloat", "CGAffineTransform", "IntrinsicView",
        "NSCoder", "Float",
    ]

    private func number(_ value: Double) -> String { Self.number(value) }

    static func number(_ value: Double) -> String {
        let value = value + 0   // no −0
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    private func metric(_ value: Double) -> String {
        value == View.noIntrinsicMetric ? "UIView.noIntrinsicMetric" : number(value)
    }

    /// `UIColor(red:green:blue:alpha:)` for `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    static func color(_ text: String) -> String? {
        guard text.hasPrefix("#") else { return nil }
        var hex = String(text.dropFirst())
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else { return nil }
        let shifts: [UInt64] = hex.count == 8 ? [24, 16, 8, 0] : [16, 8, 0]
        var bytes: [UInt64] = shifts.map { (value >> $0) & 0xff }
        if bytes.count == 3 { bytes.append(255) }
        let rounded: [String] = bytes.map { byte in
            let channel = Double(byte) / 255
            return number((channel * 1000).rounded() / 1000)
        }
        return "UIColor(red: \(rounded[0]), green: \(rounded[1]), blue: \(rounded[2]), alpha: \(rounded[3]))"
    }

    /// A Swift string literal for any text.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f || (0x80..<0xa0).contains(scalar.value)
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Text safe inside a `//` comment: one line.
    static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            scalar.value < 0x20 || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator ? " " : Character(scalar)
        }.prefix(200))
    }
}
