import Foundation
import IBFixtures
import Testing
@testable import Playground

/// `import` with `"textSizes": "measured"`: labels, buttons and text fields take their intrinsic sizes
/// from their text measured in the server's font (Inter), not from the frames Xcode saved.
///
/// Widths come from Inter 4.0's tables as fontTools reads them (Tests/text/inter_advances.py, the
/// source ShapingTextMeasurerTests uses): unitsPerEm 2816, ascender 2728, descender −680, line gap 0;
/// "Hello" is 2084 + 1640 + 668 + 668 + 1680 = 6740 units in Regular, with no kerning between its
/// letters. Sizes are rounded up to whole pixels (scale 2 here: half points).
@Suite struct ImportMeasuredTextTests {
    /// A 320 × 100 card with a one-line label, a two-line label written as `<string key="text">`, a
    /// text field, a title-only button in the default font and one with a 17 pt font and
    /// content insets. Every saved frame is deliberately wrong (10 × 10): measuring must not read them.
    static let card = IBFixture.xib("""
        <view contentMode="scaleToFill" id="card-1" userLabel="Card">
            <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <subviews>
                <label text="Hello" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-1" userLabel="Greeting">
                    <rect key="frame" x="0" y="0" width="10" height="10"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </label>
                <label numberOfLines="0" lineBreakMode="wordWrap" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-2" userLabel="Note">
                    <rect key="frame" x="0" y="0" width="10" height="10"/>
                    <string key="text">Hello&#10;Hello</string>
                    <fontDescription key="fontDescription" name="AvenirNext-Regular" family="Avenir Next" pointSize="17"/>
                </label>
                <textField borderStyle="roundedRect" placeholder="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="fld-1" userLabel="Field">
                    <rect key="frame" x="0" y="0" width="10" height="10"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </textField>
                <button buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-1" userLabel="Plain">
                    <rect key="frame" x="0" y="0" width="10" height="10"/>
                    <state key="normal" title="Hello"/>
                </button>
                <button buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-2" userLabel="Padded">
                    <rect key="frame" x="0" y="0" width="10" height="10"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    <inset key="contentEdgeInsets" minX="10" minY="0.0" maxX="10" maxY="0.0"/>
                    <state key="normal" title="Hello"/>
                </button>
            </subviews>
            <constraints>
                <constraint firstItem="lbl-1" firstAttribute="leading" secondItem="card-1" secondAttribute="leading" constant="20" id="c-1"/>
                <constraint firstItem="lbl-1" firstAttribute="centerY" secondItem="card-1" secondAttribute="centerY" id="c-2"/>
                <constraint firstItem="lbl-2" firstAttribute="leading" secondItem="card-1" secondAttribute="leading" constant="20" id="c-3"/>
                <constraint firstItem="lbl-2" firstAttribute="top" secondItem="card-1" secondAttribute="top" id="c-4"/>
                <constraint firstItem="fld-1" firstAttribute="leading" secondItem="card-1" secondAttribute="leading" constant="100" id="c-5"/>
                <constraint firstItem="fld-1" firstAttribute="top" secondItem="card-1" secondAttribute="top" id="c-6"/>
                <constraint firstItem="btn-1" firstAttribute="leading" secondItem="card-1" secondAttribute="leading" constant="200" id="c-7"/>
                <constraint firstItem="btn-1" firstAttribute="top" secondItem="card-1" secondAttribute="top" id="c-8"/>
                <constraint firstItem="btn-2" firstAttribute="leading" secondItem="card-1" secondAttribute="leading" constant="200" id="c-9"/>
                <constraint firstAttribute="bottom" secondItem="btn-2" secondAttribute="bottom" id="c-10"/>
            </constraints>
        </view>
        """)

    private func importing(_ client: SessionClient, textSizes: String) -> [String: Any] {
        client.send(["type": "import", "id": "imp", "format": "xib", "document": Self.card,
                     "textSizes": textSizes]).last ?? [:]
    }

    @Test func textIsMeasuredInTheServersFont() throws {
        let client = SessionClient()
        let reply = importing(client, textSizes: "measured")
        #expect(reply["type"] as? String == "scene")
        // 17 pt: "Hello" is 6740 × 17 / 2816 = 40.689 pt of advances, plus the system font's tracking
        // at 17 pt (−26/1000 em = −0.442 pt) after each of its 5 characters: 40.689 − 2.21 = 38.479
        // → 38.5 (up to the half point); a line is 3408 × 17 / 2816 = 20.574 pt → 21.
        // Centred on y = 50: top 50 − 10.5 = 39.5.
        #expect(client.frame("greeting") == [20, 39.5, 38.5, 21])
        // Two lines (the newline ends the first): 2 × 20.574 = 41.148 → 41.5; each line 38.5 wide.
        #expect(client.frame("note") == [20, 0, 38.5, 41.5])
        // Rounded rect field: the placeholder's 38.5 × 21 plus 7 pt each side and 8.5 above and
        // below: 52.5 × 38.
        #expect(client.frame("field") == [100, 0, 52.5, 38])
        // Default 15 pt button title: 6740 × 15 / 2816 = 35.902, tracking at 15 pt −16/1000 em = −0.24 pt
        // × 5 characters: 34.702 → 35; line 3408 × 15 / 2816 = 18.153 → 18.5, plus UIKit's 6 pt above
        // and below: 30.5.
        #expect(client.frame("plain") == [200, 0, 35, 30.5])
        // 17 pt title with 10 pt side insets (no default vertical padding then): 38.5 + 20 = 58.5 wide,
        // 21 tall, its bottom on the card's: y = 100 − 21 = 79.
        #expect(client.frame("padded") == [200, 79, 58.5, 21])
        let views = (reply["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
        let note = views.first { $0["id"] as? String == "note" }
        #expect(note?["kind"] as? String == "label")
        #expect(note?["numberOfLines"] as? Int == 0)
        #expect(note?["lines"] as? [String] == ["Hello", "Hello"])
        let warnings = reply["warnings"] as? [[String: Any]] ?? []
        // The Avenir Next label is measured in the system font, and says so.
        #expect(warnings.contains { $0["ibId"] as? String == "lbl-2" && ($0["message"] as? String)?.contains("AvenirNext") == true })
    }

    @Test func documentSizesStillComeFromTheSavedFrames() throws {
        let client = SessionClient()
        _ = importing(client, textSizes: "document")
        // The saved 10 × 10, centred on y = 50.
        #expect(client.frame("greeting") == [20, 45, 10, 10])
        #expect(client.frame("padded") == [200, 90, 10, 10])
    }
}
