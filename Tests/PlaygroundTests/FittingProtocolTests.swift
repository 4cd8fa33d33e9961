import Testing
@testable import Playground

/// `systemLayoutSizeFitting` through the protocol on a self-sizing cell measured with Inter by the real
/// measurer (numbers as in TextProtocolTests, tracking included: at 17 pt "Hello" is 38.479 pt, "Hello
/// Hello" 81.297, "Hello Hello Hello" 124.115, a line 20.574; sizes round up to the 2× screen's half
/// points). The cell's
/// body label is inset 16 on the sides and 12 above and below: the cell is 32 wider and 24 taller.
@Suite struct FittingProtocolTests {
    private static var scene: [String: Any] { [
        "name": "cell",
        "root": ["size": [375, 667], "scale": 2],
        "views": [
            ["id": "cell"],
            ["id": "body", "parent": "cell", "kind": "label", "text": "Hello Hello Hello", "font": ["size": 17],
             "numberOfLines": 0],
        ],
        "constraints": [
            ["first": "cell.leading", "second": "root.leading"],
            ["first": "cell.trailing", "second": "root.trailing"],
            ["first": "cell.top", "second": "root.top", "constant": 100],
            ["first": "body.leading", "second": "cell.leading", "constant": 16],
            ["first": "body.trailing", "second": "cell.trailing", "constant": -16],
            ["first": "body.top", "second": "cell.top", "constant": 12],
            ["first": "body.bottom", "second": "cell.bottom", "constant": -12],
        ],
    ] }

    private func loaded() -> SessionClient {
        let client = SessionClient()
        client.send(["type": "load", "scene": Self.scene])
        return client
    }

    private func fit(_ client: SessionClient, _ fields: [String: Any]) -> [String: Any] {
        var message: [String: Any] = ["type": "systemLayoutSizeFitting", "view": "cell", "id": "fit"]
        message.merge(fields) { _, new in new }
        return client.send(message).last ?? [:]
    }

    @Test func cellHeightAtTargetWidths() {
        let client = loaded()
        // Width 132: the body is 100; "Hello Hello" (81.297) fits, the third word (124.115) does not:
        // 2 lines = 41.148 → 41.5. Cell 12 + 41.5 + 12 = 65.5.
        let two = fit(client, ["targetSize": [132, 0], "horizontalFittingPriority": 1000, "verticalFittingPriority": 50])
        #expect(two["type"] as? String == "fittingSize")
        #expect(two["re"] as? String == "fit")
        #expect(two["view"] as? String == "cell")
        #expect(two["size"] as? [Double] == [132, 65.5])
        // Width 100: the body is 68 < 81.297: 3 lines = 61.722 → 62. Cell 86.
        let three = fit(client, ["targetSize": [100, 0], "horizontalFittingPriority": 1000, "verticalFittingPriority": 50])
        #expect(three["size"] as? [Double] == [100, 86])
        // In the window nothing moved: 375 wide, the body 343 holds one 21 pt line: 12 + 21 + 12 = 45.
        expectFrame(client.frame("cell"), [0, 100, 375, 45])
    }

    @Test func compressedAndExpanded() {
        let client = loaded()
        // The body's unwrapped 124.115 → 124.5 resists (750) the width 0 wanted at 50: 124.5 + 32 = 156.5,
        // one line (124.115 ≤ 124.5): 45 tall.
        #expect(fit(client, [:])["size"] as? [Double] == [156.5, 45])
        #expect(fit(client, ["targetSize": "compressed"])["size"] as? [Double] == [156.5, 45])
        // Hugging (250) beats the 10 000 000 wanted at 50.
        #expect(fit(client, ["targetSize": "expanded"])["size"] as? [Double] == [156.5, 45])
    }

    @Test func badInputIsAnError() {
        let client = loaded()
        #expect(fit(client, ["targetSize": "huge"])["code"] as? String == "invalid-field")
        #expect(fit(client, ["targetSize": [1, 2, 3]])["code"] as? String == "invalid-field")
        #expect(fit(client, ["targetSize": [-1, 0]])["code"] as? String == "invalid-field")
        #expect(fit(client, ["horizontalFittingPriority": 0])["code"] as? String == "invalid-priority")
        #expect(fit(client, ["view": "nope"])["code"] as? String == "unknown-view")
        let nested = client.send(["type": "batch", "ops": [["type": "systemLayoutSizeFitting", "view": "cell"]], "id": 9])
        #expect(nested.last?["code"] as? String == "invalid-op")
    }

    @Test func ambiguousScrollableContentSizeIsReported() {
        let client = SessionClient()
        client.send(["type": "load", "scene": [
            "name": "scroll",
            "views": [["id": "scroller", "kind": "scroll"], ["id": "content", "parent": "scroller"]],
            "constraints": [
                ["first": "scroller.leading", "second": "root.leading"], ["first": "scroller.trailing", "second": "root.trailing"],
                ["first": "scroller.top", "second": "root.top"], ["first": "scroller.bottom", "second": "root.bottom"],
                ["first": "content.top", "second": "scroller.content.top"],
                ["first": "content.leading", "second": "scroller.content.leading"],
                ["first": "content.trailing", "second": "scroller.content.trailing"],
                ["first": "content.bottom", "second": "scroller.content.bottom"],
                ["id": "contentHeight", "first": "content.height", "constant": 1000],
            ],
        ] as [String: Any]])
        let reply = client.send(["type": "ambiguity", "id": "a"]).last ?? [:]
        let scroll = reply["scrollableContentSize"] as? [String: Any]
        let scroller = scroll?["scroller"] as? [String: Any]
        #expect(scroller?["axes"] as? [String] == ["horizontal"])
        #expect(scroller?["message"] as? String
                == "Scrollable content size is ambiguous for \"scroller\": content width not determined by the constraints on scroller.content")
        #expect((reply["views"] as? [String: Any])?["content"] as? [String] == ["horizontal"])
        client.send(["type": "add", "constraint": ["first": "content.width", "second": "scroller.frame.width"]])
        let fixed = client.send(["type": "ambiguity", "id": "b"]).last ?? [:]
        #expect((fixed["scrollableContentSize"] as? [String: Any])?.isEmpty == true)
    }
}
