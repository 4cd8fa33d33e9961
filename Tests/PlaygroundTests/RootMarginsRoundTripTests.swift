import Testing
@testable import Playground

/// The root's layout margins survive `scene` + `load`, as every other current value does (found by the
/// random scene sequences of Tests/socket/test_scenes.py, which reload what `scene` answers).
@Suite struct RootMarginsRoundTripTests {
    @Test func reloadingTheSceneKeepsTheRootMargins() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "scene": [
            "views": [["id": "a"]],
            "constraints": [["id": "k", "first": "a.left", "second": "root.leftMargin"],
                            ["id": "w", "first": "a.width", "constant": 10]],
        ]])
        // No safe area: the root's left margin is its own 16 pt by default, then the 40 pt set here.
        expectFrame(client.frame("a"), [16, 0, 10, 0])
        client.send(["type": "set", "view": "root", "layoutMargins": [0, 40, 0, 40]])
        expectFrame(client.frame("a"), [40, 0, 10, 0])
        let scene = client.send(["type": "scene", "id": 1]).last?["scene"] as? [String: Any] ?? [:]
        let root = scene["root"] as? [String: Any]
        #expect(root?["layoutMargins"] as? [Double] == [0, 40, 0, 40])
        let reloaded = client.send(["type": "load", "scene": scene, "id": 2])
        #expect(reloaded.last?["type"] as? String == "scene", "\(reloaded)")
        expectFrame(client.frame("a"), [40, 0, 10, 0])
    }

    @Test func negativeRootMarginsAreRefused() {
        let client = SessionClient()
        let reply = client.send(["type": "load", "scene": ["root": ["layoutMargins": [0, -1, 0, 0]]], "id": 1])
        #expect(reply.last?["code"] as? String == "invalid-value", "\(reply)")
    }
}
