import Testing
@testable import Playground

/// Which broken constraint heals: the latest-changed of a conflicting set is the one that stays
/// broken, "changed" meaning added, activated, or given a constant or a priority.
@Suite struct HealingOrderTests {
    /// View `a` at the root's top left, 10 high, with three required widths: k1 50, k2 90, k3 30.
    /// Loading adds k1 (fits), then k2 and k3, which each conflict with k1 and break.
    private func threeWidths() -> SessionClient {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        let reply = client.send(["type": "load", "scene": [
            "views": [["id": "a"]],
            "constraints": [
                ["id": "left", "first": "a.left", "second": "root.left"],
                ["id": "top", "first": "a.top", "second": "root.top"],
                ["id": "height", "first": "a.height", "constant": 10],
                ["id": "k1", "first": "a.width", "constant": 50],
                ["id": "k2", "first": "a.width", "constant": 90],
                ["id": "k3", "first": "a.width", "constant": 30],
            ],
        ] as [String: Any]])
        let conflicts = reply.filter { $0["type"] as? String == "conflict" }
        #expect(conflicts.map { $0["broken"] as? String } == ["k2", "k3"])
        #expect(conflicts.map { $0["constraints"] as? [String] } == [["k1", "k2"], ["k1", "k3"]])
        expectFrame(client.frame("a"), [0, 0, 50, 10])
        return client
    }

    /// The ids of the constraints the scene marks broken.
    private func broken(_ client: SessionClient) -> [String] {
        let scene = client.send(["type": "scene"]).first { $0["type"] as? String == "scene" }
        let constraints = (scene?["scene"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
        return constraints.filter { $0["broken"] as? Bool == true }.compactMap { $0["id"] as? String }
    }

    @Test func withNothingChangedTheEarlierAddedHeals() {
        let client = threeWidths()
        // k1 goes; k2 (added before k3) is retried first and fits: width 90, k3 stays broken.
        client.send(["type": "set", "constraint": "k1", "active": false])
        expectFrame(client.frame("a"), [0, 0, 90, 10])
        #expect(broken(client) == ["k3"])
    }

    @Test func aChangedConstantMakesItTheLatest() {
        let client = threeWidths()
        // k2 → 91 still conflicts with k1: reported again, k2 broken, and now the latest of k2/k3.
        let reply = client.send(["type": "set", "constraint": "k2", "constant": 91])
        #expect(types(reply).first == "conflict")
        #expect(reply.first?["broken"] as? String == "k2")
        // k1 goes: k3 (changed earlier) is retried first and fits (width 30); k2 (91) stays broken.
        client.send(["type": "set", "constraint": "k1", "active": false])
        expectFrame(client.frame("a"), [0, 0, 30, 10])
        #expect(broken(client) == ["k2"])
    }

    @Test func aPriorityTouchMakesItTheLatest() {
        let client = threeWidths()
        // Setting k2's priority to 1000 (required stays required, so UIKit allows it on a broken one)
        // reinstalls it: it conflicts again and becomes the latest change.
        let reply = client.send(["type": "set", "constraint": "k2", "priority": 1000])
        #expect(reply.first?["broken"] as? String == "k2")
        client.send(["type": "set", "constraint": "k1", "active": false])
        expectFrame(client.frame("a"), [0, 0, 30, 10])
        #expect(broken(client) == ["k2"])
    }

    @Test func reactivatingMakesItTheLatest() {
        let client = threeWidths()
        // Deactivating k2 takes it out of the broken ones; reactivating it is a change: it conflicts
        // with k1 again and is now later than k3.
        client.send(["type": "set", "constraint": "k2", "active": false])
        #expect(broken(client) == ["k3"])
        let reply = client.send(["type": "set", "constraint": "k2", "active": true])
        #expect(reply.first?["broken"] as? String == "k2")
        client.send(["type": "set", "constraint": "k1", "active": false])
        expectFrame(client.frame("a"), [0, 0, 30, 10])
        #expect(broken(client) == ["k2"])
    }

    @Test func anInstalledConstraintIsNeverTakenOutForABrokenOne() {
        let client = threeWidths()
        // k2 → 50 agrees with k1: it heals at once (width 50) and is the latest change.
        client.send(["type": "set", "constraint": "k2", "constant": 50])
        #expect(broken(client) == ["k3"])
        // k1 goes: k2 stays in (width 50); k3 (30) is retried, conflicts with k2, and stays broken.
        client.send(["type": "set", "constraint": "k1", "active": false])
        expectFrame(client.frame("a"), [0, 0, 50, 10])
        #expect(broken(client) == ["k3"])
        // k2 goes too: k3 heals, width 30.
        client.send(["type": "set", "constraint": "k2", "active": false])
        expectFrame(client.frame("a"), [0, 0, 30, 10])
        #expect(broken(client).isEmpty)
    }

    @Test func aSavedSceneBreaksTheSameConstraintOnReload() {
        let client = threeWidths()
        client.send(["type": "set", "constraint": "k2", "constant": 91])
        client.send(["type": "set", "constraint": "k1", "active": false])
        let scene = client.send(["type": "scene"]).first { $0["type"] as? String == "scene" }?["scene"]
        let again = SessionClient()
        again.send(["type": "clock", "mode": "manual"])
        let reply = again.send(["type": "load", "scene": scene as Any])
        // k2, saved as broken, is added last and breaks against k3: [k3, k2].
        #expect(reply.first { $0["type"] as? String == "conflict" }?["constraints"] as? [String] == ["k3", "k2"])
        expectFrame(again.frame("a"), [0, 0, 30, 10])
        #expect(broken(again) == ["k2"])
    }
}

/// Sizes are never negative, through the protocol, and the built-in scenes never need one.
@Suite struct NonNegativeSizeProtocolTests {
    @Test func aViewPinnedPastItselfIsAConflict() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "scene": [
            "views": [["id": "a"]],
            "constraints": [
                ["id": "top", "first": "a.top", "second": "root.top"],
                ["id": "height", "first": "a.height", "constant": 20],
                ["id": "wish", "first": "a.width", "constant": 40, "priority": 250],
                ["id": "left", "first": "a.left", "second": "root.left", "constant": 100],
            ],
        ] as [String: Any]])
        // 375 − 300 − 100 = −25: the added one breaks; the report lists the visible constraints only.
        let reply = client.send(["type": "add", "constraint": [
            "id": "right", "first": "a.right", "second": "root.right", "constant": -300]])
        #expect(types(reply).first == "conflict")
        #expect(reply.first?["broken"] as? String == "right")
        #expect(Set(reply.first?["constraints"] as? [String] ?? [])
                == ["left", "right", "UIView-Encapsulated-Layout-Width"])
        // x 100, width from the 250 wish: 40.
        expectFrame(client.frame("a"), [100, 0, 40, 20])
    }

    @Test func builtInScenesReportNoConflictThroughTheirActionsKeyboardAndDevices() {
        for name in SceneLibrary.builtIn.names {
            let client = SessionClient()
            client.send(["type": "clock", "mode": "manual"])
            client.send(["type": "load", "name": name])
            let scene = client.send(["type": "scene"]).first { $0["type"] as? String == "scene" }?["scene"]
            let actions = (scene as? [String: Any])?["actions"] as? [[String: Any]] ?? []
            for action in actions {
                client.send(["type": "action", "name": action["name"] as? String ?? ""])
                client.advance(2)
            }
            for device in ["iphone-se", "iphone-x", "ipad"] {
                for orientation in ["portrait", "landscape"] {
                    client.send(["type": "device", "name": device, "orientation": orientation, "duration": 0])
                    client.send(["type": "keyboard", "show": true, "duration": 0])
                    client.send(["type": "keyboard", "show": false, "duration": 0])
                }
            }
            let conflicts = client.received.filter { $0["type"] as? String == "conflict" }
            #expect(conflicts.isEmpty, "\(name): \(conflicts.map { $0["log"] ?? "" })")
            #expect(!client.received.contains { $0["type"] as? String == "error" }, "\(name)")
        }
    }
}
