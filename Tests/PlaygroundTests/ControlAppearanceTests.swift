import Foundation
import IBFixtures
import Testing
@testable import Playground

/// A scene document's `control` field: read from a view, written back by `scene`, its refusals, and
/// the Interface Builder importer filling it from a control's element.
@Suite struct ControlAppearanceTests {
    /// Loads a one-view scene whose view `v` has `control`; returns the last reply.
    @discardableResult
    private func load(_ client: SessionClient, control: Any) -> [String: Any] {
        client.send(["type": "load", "id": "load", "scene": [
            "name": "controls",
            "views": [["id": "v", "frame": [0, 0, 100, 30], "control": control] as [String: Any]],
        ] as [String: Any]]).last ?? [:]
    }

    /// The `control` object the session's scene document holds for view `id`.
    private func control(_ client: SessionClient, _ id: String) -> [String: Any]? {
        let scene = client.send(["type": "scene", "id": "s"]).last?["scene"] as? [String: Any]
        let views = scene?["views"] as? [[String: Any]] ?? []
        return views.first { $0["id"] as? String == id }?["control"] as? [String: Any]
    }

    private func expectRefusal(_ control: Any, code: String, mentioning words: [String],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let client = SessionClient()
        let reply = load(client, control: control)
        #expect(reply["type"] as? String == "error", "\(reply)", sourceLocation: sourceLocation)
        #expect(reply["code"] as? String == code, "\(reply)", sourceLocation: sourceLocation)
        let message = reply["message"] as? String ?? ""
        for word in words { #expect(message.contains(word), "\(message) lacks \(word)", sourceLocation: sourceLocation) }
    }

    @Test func everyFieldIsReadAndWrittenBack() {
        let client = SessionClient()
        load(client, control: ["kind": "segmentedControl", "segments": ["Day", "Week", "Month"], "selectedSegment": 2])
        let segmented = control(client, "v")
        #expect(segmented?["kind"] as? String == "segmentedControl")
        #expect(segmented?["segments"] as? [String] == ["Day", "Week", "Month"])
        #expect(segmented?["selectedSegment"] as? Int == 2)

        load(client, control: ["kind": "textField", "title": "Ada", "placeholder": "Name"])
        let field = control(client, "v")
        #expect(field?["title"] as? String == "Ada")
        #expect(field?["placeholder"] as? String == "Name")

        load(client, control: ["kind": "switch", "on": false])
        #expect(control(client, "v")?["on"] as? Bool == false)

        load(client, control: ["kind": "imageView", "image": "star"])
        #expect(control(client, "v")?["image"] as? String == "star")

        // Only the fields given are written: a bare button has its kind and nothing else.
        load(client, control: ["kind": "button"])
        #expect(control(client, "v").map { Set($0.keys) } == ["kind"])
    }

    @Test func aTitleOfTwoHundredCharactersIsKept() {
        let client = SessionClient()
        let title = String(repeating: "a", count: 200)
        load(client, control: ["kind": "button", "title": title])
        #expect(control(client, "v")?["title"] as? String == title)
    }

    @Test func refusals() {
        expectRefusal(["kind": "stepper"], code: "invalid-field", mentioning: ["control.kind", "\"button\""])
        // Three segments: indices 0…2, so 3 is outside them; −1 and 1.5 are no index at all.
        for index in [3, -1, 1.5] {
            expectRefusal(["kind": "segmentedControl", "segments": ["A", "B", "C"], "selectedSegment": index],
                          code: "invalid-field", mentioning: ["control.selectedSegment"])
        }
        // A selected segment with no segments selects nothing there is.
        expectRefusal(["kind": "segmentedControl", "selectedSegment": 0], code: "invalid-field", mentioning: ["control.selectedSegment"])
        expectRefusal(["kind": "button", "title": String(repeating: "a", count: 201)],
                      code: "invalid-field", mentioning: ["control.title", "200"])
        expectRefusal(["title": "Send"], code: "missing-field", mentioning: ["kind", "control"])
        expectRefusal(["kind": 7], code: "invalid-field", mentioning: ["kind"])
        expectRefusal("button", code: "invalid-field", mentioning: ["control"])
    }

    /// A 375 × 667 screen holding a button titled "Sign in", a text field whose placeholder is
    /// "Email", a switch that is on and a segmented control of Day / Week with Week selected.
    static let controls = IBFixture.xib("""
        <view contentMode="scaleToFill" id="root-1">
            \(IBFixture.frame(0, 0, 375, 667))
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <subviews>
                <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="button-1" userLabel="Sign In">
                    \(IBFixture.frame(20, 20, 60, 30))
                    <state key="normal" title="Sign in"/>
                </button>
                <textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" placeholder="Email" translatesAutoresizingMaskIntoConstraints="NO" id="field-1" userLabel="Email">
                    \(IBFixture.frame(20, 70, 335, 34))
                    <fontDescription key="fontDescription" type="system" pointSize="14"/>
                </textField>
                <switch opaque="NO" contentMode="scaleToFill" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="switch-1" userLabel="Remember">
                    \(IBFixture.frame(20, 120, 51, 31))
                </switch>
                <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="1" translatesAutoresizingMaskIntoConstraints="NO" id="seg-1" userLabel="Range">
                    \(IBFixture.frame(20, 170, 200, 32))
                    <segments>
                        <segment title="Day"/>
                        <segment title="Week"/>
                    </segments>
                </segmentedControl>
            </subviews>
        </view>
        """)

    @Test func theImporterFillsControlFromTheDocument() throws {
        let client = SessionClient()
        let reply = client.send(["type": "import", "id": "imp", "format": "xib", "document": Self.controls]).last ?? [:]
        #expect(reply["type"] as? String == "scene", "\(reply)")
        let scene = reply["scene"] as? [String: Any] ?? [:]
        let views = scene["views"] as? [[String: Any]] ?? []
        let byIB = { (ibId: String) in views.first { $0["ibId"] as? String == ibId }?["control"] as? [String: Any] }
        let button = try #require(byIB("button-1"))
        #expect(button["kind"] as? String == "button")
        #expect(button["title"] as? String == "Sign in")
        let field = try #require(byIB("field-1"))
        #expect(field["kind"] as? String == "textField")
        #expect(field["placeholder"] as? String == "Email")
        #expect(field["title"] == nil)
        let toggle = try #require(byIB("switch-1"))
        #expect(toggle["kind"] as? String == "switch")
        #expect(toggle["on"] as? Bool == true)
        let segmented = try #require(byIB("seg-1"))
        #expect(segmented["kind"] as? String == "segmentedControl")
        #expect(segmented["segments"] as? [String] == ["Day", "Week"])
        #expect(segmented["selectedSegment"] as? Int == 1)
        // The plain view holding them shows no control.
        #expect(views.first { $0["ibId"] as? String == "root-1" }?["control"] == nil)
    }
}
