import Testing
@testable import Playground

/// Stack views and `hidden` through the protocol. A vertical stack `s` at (16, 20), 343 × 200, spacing
/// 8: a has an intrinsic height of 44 (it hugs), b has none (it takes the rest).
@Suite struct StackProtocolTests {
    private static var scene: [String: Any] { [
        "name": "stack",
        "root": ["size": [375, 667]],
        "views": [
            ["id": "s", "stack": ["axis": "vertical", "distribution": "fill", "alignment": "fill", "spacing": 8,
                                  "arranged": ["a", "b"]]],
            ["id": "a", "parent": "s", "intrinsicSize": [-1, 44]],
            ["id": "b", "parent": "s"],
        ],
        "constraints": [
            ["first": "s.top", "second": "root.top", "constant": 20],
            ["first": "s.leading", "second": "root.leading", "constant": 16],
            ["first": "s.trailing", "second": "root.trailing", "constant": -16],
            ["first": "s.height", "constant": 200],
        ],
    ] }

    private func loaded() -> SessionClient {
        let client = SessionClient()
        client.send(["type": "load", "scene": Self.scene, "id": "load"])
        return client
    }

    @Test func loadsAStackFromTheSceneDocument() {
        let client = loaded()
        // Width 375 − 16 − 16 = 343. a = 44 (its hugging holds), b = 200 − 44 − 8 = 148 at 44 + 8 = 52.
        expectFrame(client.frame("s"), [16, 20, 343, 200])
        expectFrame(client.frame("a"), [0, 0, 343, 44])
        expectFrame(client.frame("b"), [0, 52, 343, 148])
        let reply = client.send(["type": "scene", "id": 1]).last
        let views = (reply?["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
        let stack = views.first { $0["id"] as? String == "s" }?["stack"] as? [String: Any]
        #expect(stack?["axis"] as? String == "vertical")
        #expect(stack?["arranged"] as? [String] == ["a", "b"])
        #expect(stack?["spacing"] as? Double == 8)
        #expect(views.first { $0["id"] as? String == "a" }?["hidden"] as? Bool == false)
    }

    @Test func hidingCollapsesAndIsStreamed() {
        let client = loaded()
        let turn = client.send(["type": "set", "view": "a", "hidden": true, "id": 2])
        #expect(types(turn) == ["frames", "ok"])
        let changed = turn.first?["views"] as? [String: [String: Any]]
        #expect(changed?["a"]?["hidden"] as? Bool == true)
        // a collapses to height 0 at the top with no gap; b fills 0…200.
        expectFrame(client.frame("a"), [0, 0, 343, 0])
        expectFrame(client.frame("b"), [0, 0, 343, 200])
        client.send(["type": "set", "view": "a", "hidden": false])
        #expect(client.views["a"]?["hidden"] as? Bool == false)
        expectFrame(client.frame("b"), [0, 52, 343, 148])
    }

    @Test func setMergesTheStackConfiguration() {
        let client = loaded()
        client.send(["type": "set", "view": "s", "stack": ["axis": "horizontal", "distribution": "fillEqually"],
                     "id": 3])
        // Spacing 8 and the arranged views stay: widths (343 − 8) / 2 = 167.5; both 200 tall.
        expectFrame(client.frame("a"), [0, 0, 167.5, 200])
        expectFrame(client.frame("b"), [175.5, 0, 167.5, 200])
        client.send(["type": "set", "view": "s", "stack": ["arranged": ["b"]]])
        // Only b is arranged now: it fills the stack; a keeps its last frame (nothing constrains it).
        expectFrame(client.frame("b"), [0, 0, 343, 200])
    }

    @Test func animatedHiding() {
        let client = loaded()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "animate", "duration": 0.25, "curve": "linear", "id": "hide", "ops": [
            ["type": "set", "view": "a", "hidden": true],
            ["type": "layoutIfNeeded", "view": "root"],
        ]])
        client.advance(0.125)
        // Halfway (linear): a's height 44 → 0 is 22; b's top 52 → 0 is 26, height 148 → 200 is 174.
        expectFrame(client.frame("a"), [0, 0, 343, 22])
        expectFrame(client.frame("b"), [0, 26, 343, 174])
        client.advance(0.125)
        expectFrame(client.frame("b"), [0, 0, 343, 200])
    }

    @Test func addAStackThenArrange() {
        let client = loaded()
        client.send(["type": "add", "view": ["id": "row", "stack": ["spacing": 10]], "id": 4])
        client.send(["type": "add", "view": ["id": "x", "parent": "row", "intrinsicSize": [30, 20]]])
        client.send(["type": "add", "view": ["id": "y", "parent": "row", "intrinsicSize": [50, 40]]])
        client.send(["type": "add", "constraint": ["first": "row.top", "second": "root.top", "constant": 300]])
        client.send(["type": "add", "constraint": ["first": "row.left", "second": "root.left", "constant": 10]])
        let turn = client.send(["type": "set", "view": "row",
                                "stack": ["arranged": ["x", "y"], "alignment": "center"], "id": 5])
        #expect(types(turn).last == "ok")
        // An unsized horizontal stack: width 30 + 10 + 50 = 90, height the tallest (40); x centers at 20.
        expectFrame(client.frame("row"), [10, 300, 90, 40])
        expectFrame(client.frame("x"), [0, 10, 30, 20])
        expectFrame(client.frame("y"), [40, 0, 50, 40])
    }

    @Test func badStacksAreRefused() {
        let client = loaded()
        func code(_ message: [String: Any]) -> String? {
            client.send(message).last.flatMap { $0["code"] as? String }
        }
        #expect(code(["type": "set", "view": "s", "stack": ["distribution": "bogus"], "id": 1]) == "invalid-field")
        #expect(code(["type": "set", "view": "s", "stack": ["arranged": ["ghost"]], "id": 2]) == "unknown-view")
        #expect(code(["type": "set", "view": "s", "stack": ["arranged": ["s"]], "id": 3]) == "invalid-value")
        #expect(code(["type": "set", "view": "s", "stack": ["arranged": "a"], "id": 4]) == "invalid-field")
        #expect(code(["type": "set", "view": "a", "hidden": 1, "id": 5]) == "invalid-field")
        // A view added with arranged views that are not its subviews is not added.
        #expect(code(["type": "add", "view": ["id": "t", "stack": ["arranged": ["a"]]], "id": 6]) == "invalid-value")
        #expect(code(["type": "add", "view": ["id": "t"], "id": 7]) == nil)
        // Nothing changed: the stack still lays out a and b.
        expectFrame(client.frame("b"), [0, 52, 343, 148])
    }
}
