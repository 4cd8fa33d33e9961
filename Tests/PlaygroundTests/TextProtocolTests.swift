import Testing
@testable import Playground

/// Labels through the protocol, measured with Inter by the real measurer. Inter 4.0's numbers, read
/// with fontTools (Tests/text/inter_advances.py): unitsPerEm 2816, ascender 2728, descender −680, no
/// line gap; "Hello" is 6740 units, a space 792. At 17 pt a unit is 17/2816 pt, and the system font's
/// tracking (Apple's table: −26/1000 em at 17 pt) takes 0.442 pt off every character, so "Hello" is
/// 40.689 − 5 × 0.442 = 38.479 pt, "Hello Hello" 14272 units = 86.159 − 11 × 0.442 = 81.297 pt,
/// "Hello Hello Hello" 21804 units = 131.629 − 17 × 0.442 = 124.115 pt and a line 3408 units =
/// 20.574 pt. Sizes round up to the 2× screen's half points.
@Suite struct TextProtocolTests {
    private static var scene: [String: Any] { [
        "name": "text",
        "root": ["size": [375, 667], "scale": 2],
        "views": [
            ["id": "title", "kind": "label", "text": "Hello", "font": ["size": 17]],
            ["id": "body", "kind": "label", "text": "Hello Hello Hello", "font": ["size": 17], "numberOfLines": 0],
            ["id": "mark"],
        ],
        "constraints": [
            ["first": "title.leading", "second": "root.leading", "constant": 16],
            ["first": "title.top", "second": "root.top", "constant": 20],
            ["first": "body.leading", "second": "root.leading", "constant": 16],
            ["first": "body.top", "second": "root.top", "constant": 100],
            ["id": "bodyWidth", "first": "body.width", "constant": 100],
            ["first": "mark.leading", "second": "root.leading", "constant": 200],
            ["first": "mark.width", "constant": 10],
            ["first": "mark.height", "constant": 10],
            ["first": "mark.bottom", "second": "title.firstBaseline"],
        ],
    ] }

    private func loaded() -> SessionClient {
        let client = SessionClient()
        let reply = client.send(["type": "load", "scene": Self.scene, "id": "load"])
        #expect(reply.last?["type"] as? String == "scene" || reply.last?["type"] as? String == "ok",
                "\(reply.last ?? [:])")
        return client
    }

    private func view(_ id: String, in client: SessionClient) -> [String: Any]? {
        let reply = client.send(["type": "scene", "id": "scene"]).last
        let views = (reply?["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
        return views.first { $0["id"] as? String == id }
    }

    @Test func labelTakesItsShapedSize() {
        let client = loaded()
        // 38.479 → 38.5 wide (76.96 px up to 77), 20.574 → 21 tall (41.1 px up to 42).
        expectFrame(client.frame("title"), [16, 20, 38.5, 21])
        let title = view("title", in: client)
        #expect(title?["kind"] as? String == "label")
        #expect(title?["text"] as? String == "Hello")
        #expect((title?["font"] as? [String: Any])?["weight"] as? String == "regular")
        #expect(title?["lines"] as? [String] == ["Hello"])
    }

    @Test func firstBaselineIsOneAscenderIntoTheText() {
        let client = loaded()
        // title: 20…41, center 30.5; one 20.574 line centered; baseline at 30.5 − 10.287 + 16.469 =
        // 36.682 → mark's bottom at 36.682, 10 tall: y = 26.682, rounded to the half point 26.5.
        expectFrame(client.frame("mark"), [200, 26.5, 10, 10])
    }

    @Test func wrappingLabelGrowsWhenItsWidthShrinks() {
        let client = loaded()
        // At 100: "Hello Hello" (81.297) fits, the third word (124.115) wraps: 2 lines = 41.15 → 41.5.
        expectFrame(client.frame("body"), [16, 100, 100, 41.5])
        #expect(view("body", in: client)?["lines"] as? [String] == ["Hello Hello", "Hello"])
        client.send(["type": "set", "constraint": "bodyWidth", "constant": 60, "id": 2])
        // At 60 each word is alone (81.297 > 60): 3 lines = 61.72 → 62, in the same turn.
        expectFrame(client.frame("body"), [16, 100, 60, 62])
        #expect(view("body", in: client)?["lines"] as? [String] == ["Hello", "Hello", "Hello"])
    }

    @Test func setChangesTextAndFont() {
        let client = loaded()
        client.send(["type": "set", "view": "title", "text": "Hello Hello", "id": 3])
        // 81.297 → 81.5 wide.
        expectFrame(client.frame("title"), [16, 20, 81.5, 21])
        client.send(["type": "set", "view": "title", "text": "Hello", "font": ["weight": "semibold"], "id": 4])
        // SemiBold "Hello" is 6944 units = 41.920 − 2.21 = 39.710 → 40 wide.
        expectFrame(client.frame("title"), [16, 20, 40, 21])
        client.send(["type": "set", "view": "title", "font": ["textStyle": "title1"], "id": 5])
        // title1 is 28 pt regular, tracked +14/1000 em = +0.392 pt a character: 6740 × 28 / 2816 = 67.017,
        // + 5 × 0.392 = 68.977 → 69 wide; 3408 × 28 / 2816 = 33.886 → 34 tall.
        expectFrame(client.frame("title"), [16, 20, 69, 34])
        #expect((view("title", in: client)?["font"] as? [String: Any])?["textStyle"] as? String == "title1")
    }

    @Test func badTextFieldsAreRefused() {
        let client = loaded()
        func error(_ message: [String: Any]) -> String? {
            let reply = client.send(message).last
            return reply?["type"] as? String == "error" ? reply?["code"] as? String : nil
        }
        #expect(error(["type": "set", "view": "mark", "text": "Hi", "id": 1]) == "missing-field")
        #expect(error(["type": "set", "view": "title", "font": ["weight": "heavyish"], "id": 2]) == "invalid-field")
        #expect(error(["type": "set", "view": "title", "font": ["size": 0], "id": 3]) == "invalid-field")
        #expect(error(["type": "set", "view": "title", "numberOfLines": 1.5, "id": 4]) == "invalid-field")
        #expect(error(["type": "set", "view": "title", "kind": "slider", "id": 5]) == "invalid-field")
        #expect(error(["type": "add", "view": ["id": "x", "kind": "label", "font": ["size": -1]], "id": 6])
                == "invalid-field")
        // Nothing changed: the title is as loaded and x was not added.
        expectFrame(client.frame("title"), [16, 20, 38.5, 21])
        #expect(view("x", in: client) == nil)
    }

    @Test func buttonAndTextFieldSizes() {
        let client = loaded()
        client.send(["type": "add", "view": ["id": "ok", "kind": "button", "title": "Hello"], "id": 1])
        client.send(["type": "add", "view": ["id": "name", "kind": "textField", "placeholder": "Hello",
                                             "borderStyle": "roundedRect", "font": ["size": 17]], "id": 2])
        let ok = view("ok", in: client)
        let name = view("name", in: client)
        #expect(ok?["kind"] as? String == "button")
        #expect(name?["placeholder"] as? String == "Hello")
        // Button: 15 pt title tracked −16/1000 em = −0.24 pt a character: 6740 × 15 / 2816 = 35.902 − 1.2 =
        // 34.702 → 35 wide; 3408 × 15 / 2816 = 18.15 → 18.5 + 6 + 6 = 30.5 tall. Field: 38.5 + 7 + 7 = 52.5
        // wide, rounded rect: 21 + 8.5 + 8.5 = 38 tall.
        #expect(ok?["intrinsicSize"] as? [Double] == [35, 30.5])
        #expect(name?["intrinsicSize"] as? [Double] == [52.5, 38])
    }
}
