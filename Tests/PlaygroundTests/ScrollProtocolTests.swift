import Testing
@testable import Playground

/// A scroll view through the protocol: 375 × 667 root, 44 / 34 safe area; `scroller` fills the root,
/// `content` (1000 tall) is pinned to `scroller.content` and as wide as `scroller.frame`, `badge`
/// floats 10 pt below `scroller.frame.top`.
@Suite struct ScrollProtocolTests {
    private static var scene: [String: Any] { [
        "name": "scroll",
        "root": ["size": [375, 667], "safeArea": [44, 0, 34, 0]],
        "views": [
            ["id": "scroller", "kind": "scroll", "scroll": ["contentInset": [0, 0, 20, 0]]],
            ["id": "content", "parent": "scroller"],
            ["id": "badge", "parent": "scroller"],
        ],
        "constraints": [
            ["first": "scroller.top", "second": "root.top"],
            ["first": "scroller.bottom", "second": "root.bottom"],
            ["first": "scroller.leading", "second": "root.leading"],
            ["first": "scroller.trailing", "second": "root.trailing"],
            ["first": "content.top", "second": "scroller.content.top"],
            ["first": "content.bottom", "second": "scroller.content.bottom"],
            ["first": "content.leading", "second": "scroller.content.leading"],
            ["first": "content.trailing", "second": "scroller.content.trailing"],
            ["first": "content.width", "second": "scroller.frame.width"],
            ["first": "content.height", "constant": 1000],
            ["first": "badge.top", "second": "scroller.frame.top", "constant": 10],
            ["first": "badge.leading", "second": "scroller.frame.leading", "constant": 20],
            ["first": "badge.width", "constant": 50],
            ["first": "badge.height", "constant": 30],
        ],
    ] }

    private func scroll(_ client: SessionClient) -> [String: Any]? {
        let reply = client.send(["type": "scene", "id": "scene"]).last
        let views = (reply?["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
        return views.first { $0["id"] as? String == "scroller" }?["scroll"] as? [String: Any]
    }

    @Test func sceneEchoesContentSizeAndAdjustedInset() {
        let client = SessionClient()
        client.send(["type": "load", "scene": Self.scene, "id": "load"])
        let fields = scroll(client)
        #expect(fields?["contentSize"] as? [Double] == [375, 1000])
        // Automatic and 1000 > 667: vertical edges add the safe area: top 0 + 44, bottom 20 + 34 = 54.
        #expect(fields?["adjustedContentInset"] as? [Double] == [44, 0, 54, 0])
        #expect(fields?["contentOffset"] as? [Double] == [0, 0])
        expectFrame(client.frame("badge"), [20, 10, 50, 30])
    }

    @Test func contentOffsetMovesTheBoundsAndTheFloatingBadge() {
        let client = SessionClient()
        client.send(["type": "load", "scene": Self.scene, "id": "load"])
        client.send(["type": "set", "view": "scroller", "scroll": ["contentOffset": [0, 250]], "id": 1])
        // bounds.origin is the offset; the content frame stays, the badge is at 250 + 10 = 260.
        expectFrame(client.bounds("scroller"), [0, 250, 375, 667])
        expectFrame(client.frame("content"), [0, 0, 375, 1000])
        expectFrame(client.frame("badge"), [20, 260, 50, 30])
        // A plain bounds change (the page's wheel) moves the frame guide too.
        client.send(["type": "set", "view": "scroller", "bounds": [0, 100, 375, 667], "id": 2])
        expectFrame(client.frame("badge"), [20, 110, 50, 30])
        #expect(scroll(client)?["contentOffset"] as? [Double] == [0, 100])
    }

    @Test func badScrollFieldsAreRefused() {
        let client = SessionClient()
        client.send(["type": "load", "scene": Self.scene, "id": "load"])
        let reply = client.send(["type": "set", "view": "scroller",
                                 "scroll": ["contentInsetAdjustmentBehavior": "sometimes"], "id": 1]).last
        #expect(reply?["code"] as? String == "invalid-field")
        let offset = client.send(["type": "set", "view": "scroller", "scroll": ["contentOffset": [0]], "id": 2]).last
        #expect(offset?["code"] as? String == "invalid-field")
    }
}
