/// Interface Builder documents for the importer's tests and its benchmark, written in one place: the
/// document wrappers Xcode 15 writes, the elements a document repeats (a frame rect, a constraint), and
/// the benchmark's storyboard of settings rows built from them.
///
/// Everything is XML text as Interface Builder saves it; numbers are points. Nothing here is checked:
/// the importer reads what these return, and the tests work their expected frames out by hand.
public enum IBFixture {
    /// The 375 × 667 pt iPhone 8 (`retina4_7`), portrait: the device of a document that names no other.
    public static let iPhone8 = #"<device id="retina4_7" orientation="portrait" appearance="light"/>"#

    /// A `.xib` document holding `body` (top-level objects) after the File's Owner placeholder, on
    /// `device`, with `resources` (e.g. `<image name=…/>` elements).
    public static func xib(_ body: String, device: String = iPhone8, resources: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
            \(device)
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                \(body)
            </objects>
            <resources>\(resources)</resources>
        </document>
        """
    }

    /// A `.storyboard` document of `scenes` (`<scene>` elements) whose initial view controller is
    /// `initial`, on `device`.
    public static func storyboard(initial: String, device: String = iPhone8, scenes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" initialViewController="\(initial)">
            \(device)
            <scenes>
            \(scenes)
            </scenes>
        </document>
        """
    }

    /// `<rect key="frame" …/>`: a view's frame in its superview, points.
    public static func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        #"<rect key="frame" x="\#(number(x))" y="\#(number(y))" width="\#(number(width))" height="\#(number(height))"/>"#
    }

    /// A `<constraint>` as Interface Builder writes one: `first.firstAttribute relation
    /// second.secondAttribute × multiplier + constant` at `priority`; an absent item or attribute is
    /// omitted, as Xcode omits it (a missing `firstItem` is the view holding the constraint).
    /// `multiplier` is Xcode's text (`"1:2"`, `"0.5"`); `placeholder` marks a build-time placeholder.
    public static func constraint(_ first: String?, _ firstAttribute: String, _ relation: String? = nil,
                                  _ second: String? = nil, _ secondAttribute: String? = nil,
                                  multiplier: String? = nil, constant: Double? = nil, priority: Int? = nil,
                                  placeholder: Bool = false, id: String) -> String {
        var attributes: [String] = []
        if let first { attributes.append(#"firstItem="\#(first)""#) }
        attributes.append(#"firstAttribute="\#(firstAttribute)""#)
        if let relation { attributes.append(#"relation="\#(relation)""#) }
        if let second { attributes.append(#"secondItem="\#(second)""#) }
        if let secondAttribute { attributes.append(#"secondAttribute="\#(secondAttribute)""#) }
        if let multiplier { attributes.append(#"multiplier="\#(multiplier)""#) }
        if let constant { attributes.append(#"constant="\#(number(constant))""#) }
        if let priority { attributes.append(#"priority="\#(priority)""#) }
        if placeholder { attributes.append(#"placeholder="YES""#) }
        attributes.append(#"id="\#(id)""#)
        return "<constraint \(attributes.joined(separator: " "))/>"
    }

    /// The import benchmark's storyboard: `rows` settings rows of three views each (row, label,
    /// switch), chained 8 pt apart down a view controller's view from its safe area's top, each row
    /// pinned to the view's margins, 44 pt tall; the root is 375 pt wide and tall enough for the rows.
    public static func settingsRows(_ rows: Int) -> String {
        var subviews = ""
        var constraints = ""
        for index in 0..<rows {
            let row = "row-\(index)", label = "lbl-\(index)", toggle = "sw-\(index)"
            subviews += """
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(row)" userLabel="Row \(index)">
                    \(frame(16, Double(20 + index * 52), 343, 44))
                    <subviews>
                        <label text="Setting \(index)" translatesAutoresizingMaskIntoConstraints="NO" id="\(label)">\(frame(16, 12, 120, 20.5))</label>
                        <switch opaque="NO" translatesAutoresizingMaskIntoConstraints="NO" id="\(toggle)">\(frame(278, 6.5, 51, 31))</switch>
                    </subviews>
                    <constraints>
                        \(constraint(label, "leading", nil, row, "leading", constant: 16, id: "\(row)-l"))
                        \(constraint(label, "centerY", nil, row, "centerY", id: "\(row)-c"))
                        \(constraint(nil, "trailing", nil, toggle, "trailing", constant: 16, id: "\(row)-t"))
                        \(constraint(toggle, "centerY", nil, row, "centerY", id: "\(row)-s"))
                        \(constraint(toggle, "leading", "greaterThanOrEqual", label, "trailing", constant: 8, id: "\(row)-g"))
                        \(constraint(nil, "height", constant: 44, id: "\(row)-h"))
                    </constraints>
                </view>

                """
            let above = index == 0
                ? constraint(row, "top", nil, "safe", "top", constant: 0, id: "\(row)-top")
                : constraint(row, "top", nil, "row-\(index - 1)", "bottom", constant: 8, id: "\(row)-top")
            constraints += """
                \(above)
                \(constraint(row, "leading", nil, "main", "leadingMargin", id: "\(row)-lead"))
                \(constraint("main", "trailingMargin", nil, row, "trailing", id: "\(row)-trail"))

                """
        }
        return storyboard(initial: "vc", scenes: """
            <scene sceneID="s"><objects>
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="main">
                        \(frame(0, 0, 375, Double(max(667, 40 + rows * 52))))
                        <subviews>
            \(subviews)
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="safe"/>
                        <constraints>
            \(constraints)
                        </constraints>
                    </view>
                </viewController>
            </objects></scene>
            """)
    }

    /// `value` as Interface Builder writes it: whole numbers without a fraction except zero (`0.0`).
    private static func number(_ value: Double) -> String {
        if value == 0 { return "0.0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
