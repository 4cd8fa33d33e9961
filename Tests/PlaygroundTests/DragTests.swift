import Testing
@testable import Playground

/// `drag` through the protocol: the frames of the dragged view come in the same turn, before the answer.
@Suite struct DragTests {
    /// `card` 100 × 60, free horizontally, its top at 50 @500 (below the drag's 800).
    private func loaded() -> SessionClient {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "scene": [
            "views": [["id": "card"], ["id": "tag", "parent": "card"]],
            "constraints": [
                ["first": "card.width", "constant": 100], ["first": "card.height", "constant": 60],
                ["first": "card.top", "second": "root.top", "constant": 50, "priority": 500],
                ["first": "tag.width", "constant": 20], ["first": "tag.height", "constant": 10],
                ["first": "tag.top", "second": "card.top", "constant": 4],
                ["first": "tag.left", "second": "card.left", "relation": ">="],
                ["first": "tag.right", "second": "card.right", "relation": "<="],
            ],
        ] as [String: Any]])
        return client
    }

    @Test func beginMoveEndStreamFrames() {
        let client = loaded()
        expectFrame(client.frame("card"), [0, 50, 100, 60])
        let begun = client.send(["type": "drag", "view": "card", "phase": "begin", "point": [30, 40], "id": 1])
        #expect(types(begun) == ["frames", "ok"])
        expectFrame(client.frame("card"), [30, 40, 100, 60])
        client.send(["type": "drag", "view": "card", "phase": "move", "point": [35.5, 300], "id": 2])
        expectFrame(client.frame("card"), [35.5, 300, 100, 60])
        let ended = client.send(["type": "drag", "view": "card", "phase": "end", "id": 3])
        #expect(types(ended) == ["frames", "ok"])
        // x is free and stays where dropped; the top constraint (@500) takes y back to 50.
        expectFrame(client.frame("card"), [35.5, 50, 100, 60])
    }

    @Test func subviewsMoveInTheirSuperviewsBoundsSpace() {
        let client = loaded()
        client.send(["type": "drag", "view": "tag", "point": [50, 30], "id": 1])
        // Bounded by the card (0…80 for x), the required top keeps y at 4.
        expectFrame(client.frame("tag"), [50, 4, 20, 10])
        client.send(["type": "drag", "view": "tag", "point": [500, 30], "id": 2])
        expectFrame(client.frame("tag"), [80, 4, 20, 10])
        client.send(["type": "drag", "view": "tag", "phase": "end", "point": [10, 0], "id": 3])
        expectFrame(client.frame("tag"), [10, 4, 20, 10])
    }

    @Test func badDragsAreRefused() {
        let client = loaded()
        func code(_ message: [String: Any]) -> String? {
            var message = message
            message["id"] = "x"
            return client.send(message).last?["code"] as? String
        }
        #expect(code(["type": "drag", "view": "ghost", "point": [0, 0]]) == "unknown-view")
        #expect(code(["type": "drag", "view": "root", "point": [0, 0]]) == "invalid-field")
        #expect(code(["type": "drag", "view": "card", "phase": "fling", "point": [0, 0]]) == "invalid-field")
        #expect(code(["type": "drag", "view": "card", "phase": "begin"]) == "missing-field")
        #expect(code(["type": "drag", "view": "card", "point": [0]]) == "invalid-field")
        #expect(code(["type": "drag", "point": [0, 0]]) == "missing-field")
        // Ending a drag that never began is harmless.
        #expect(client.send(["type": "drag", "view": "card", "phase": "end", "id": 9]).last?["type"] as? String == "ok")
        expectFrame(client.frame("card"), [0, 50, 100, 60])
    }
}
