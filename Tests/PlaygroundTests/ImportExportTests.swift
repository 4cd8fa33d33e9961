import Foundation
import IBFixtures
import Testing
@testable import Playground

/// A scene imported from an Interface Builder document, exported as Swift: outlet names and IB ids
/// survive, and what the importer models (alignment insets, margins, text) reaches the code.
@Suite struct ImportExportTests {
    /// A settings row: its own margins (12 pt on every side, not from the safe area), a label with an
    /// outlet, a switch (its frame 2 pt wider than its alignment rectangle) pinned to the trailing margin.
    static let row = IBFixture.xib("""
        <view contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="row-1" userLabel="Row">
            <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <subviews>
                <label text="Wi-Fi" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-1" userLabel="Title">
                    <rect key="frame" x="12" y="20" width="44" height="20.5"/>
                    <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>
                </label>
                <switch opaque="NO" translatesAutoresizingMaskIntoConstraints="NO" id="sw-1">
                    <rect key="frame" x="259" y="14.5" width="51" height="31"/>
                </switch>
            </subviews>
            <edgeInsets key="layoutMargins" top="12" left="12" bottom="12" right="12"/>
            <constraints>
                <constraint firstItem="lbl-1" firstAttribute="leading" secondItem="row-1" secondAttribute="leadingMargin" id="c-lead"/>
                <constraint firstItem="lbl-1" firstAttribute="centerY" secondItem="row-1" secondAttribute="centerY" id="c-mid"/>
                <constraint firstAttribute="trailingMargin" secondItem="sw-1" secondAttribute="trailing" id="c-trail"/>
                <constraint firstItem="sw-1" firstAttribute="centerY" secondItem="row-1" secondAttribute="centerY" id="c-swmid"/>
            </constraints>
            <connections>
                <outlet property="titleLabel" destination="lbl-1" id="o-1"/>
                <outlet property="wifiSwitch" destination="sw-1" id="o-2"/>
            </connections>
        </view>
        """)

    private func exported(textSizes: String) -> [String] {
        let client = SessionClient()
        let reply = client.send(["type": "import", "id": "imp", "format": "xib", "document": Self.row,
                                 "textSizes": textSizes]).last
        #expect(reply?["type"] as? String == "scene")
        let code = client.send(["type": "export", "format": "swift", "id": "x"]).last?["text"] as? String ?? ""
        return code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func outletsIdsInsetsAndMarginsReachTheCode() {
        let lines = exported(textSizes: "document")
        // The switch keeps its outlet name and its IB id; its intrinsic size is the alignment
        // rectangle's (51 − 2 = 49 by 31) and the 2 pt overhang on the right is its alignment inset.
        #expect(lines.contains("let wifiSwitch = IntrinsicView(width: 49, height: 31, alignmentRectInsets: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 2))"))
        // No user label: the outlet is its scene id too, so only the IB id is noted.
        #expect(lines.contains("// Interface Builder id \"sw-1\""))
        #expect(lines.contains("override var alignmentRectInsets: UIEdgeInsets { insets }"))
        // The label is named after its outlet, not its user label (its scene id).
        #expect(lines.contains { $0.hasPrefix("let titleLabel = IntrinsicView(width: 44, height: 20.5") })
        #expect(lines.contains("// id \"title\", Interface Builder id \"lbl-1\""))
        // The root's own 12 pt margins, measured from its edges.
        #expect(lines.contains("root.layoutMargins = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)"))
        #expect(lines.contains("root.insetsLayoutMarginsFromSafeArea = false"))
        // Constraints keep their IB ids.
        #expect(lines.contains("root.layoutMarginsGuide.trailingAnchor.constraint(equalTo: wifiSwitch.trailingAnchor), // rootTrailingMargin (Interface Builder id \"c-trail\")"))
        #expect(lines.contains { $0.hasPrefix("titleLabel.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor)") && $0.hasSuffix("(Interface Builder id \"c-lead\")") })
    }

    @Test func measuredTextExportsAsALabel() {
        let lines = exported(textSizes: "measured")
        #expect(lines.contains("let titleLabel = UILabel()"))
        #expect(lines.contains("titleLabel.text = \"Wi-Fi\""))
        #expect(lines.contains("titleLabel.font = UIFont.systemFont(ofSize: 17, weight: .semibold)"))
        #expect(!lines.contains { $0.hasPrefix("let titleLabel = IntrinsicView") })
    }
}
