import Foundation
import Testing
@testable import Playground

@Suite struct HandOverTests {
    let registry = LocalShareRegistry()

    /// An owner `o` with the nav scene under the manual clock, shared, and a follower `f` following it.
    func sharedPair() -> (owner: SessionClient, follower: SessionClient) {
        let owner = SessionClient(id: "o"), follower = SessionClient(id: "f")
        owner.session.shareRegistry = registry
        follower.session.shareRegistry = registry
        owner.send(["type": "clock", "mode": "manual"])
        owner.send(["type": "load", "scene": navScene()])
        let code = owner.send(["type": "share"]).last?["code"] as? String ?? ""
        follower.send(["type": "follow", "code": code])
        owner.drain()
        return (owner, follower)
    }

    @Test func theFollowersEventNamesFollowersAndTheController() {
        let (owner, _) = sharedPair()
        let told = owner.send(["type": "handOver", "to": "f", "id": 1])
        #expect(types(told) == ["followers", "ok"])
        #expect(told[0]["followers"] as? [String] == ["f"])
        #expect(told[0]["controller"] as? String == "f")
    }

    @Test func aFollowerWithTheControlsEditsTheOwnersSession() {
        let (owner, follower) = sharedPair()
        owner.send(["type": "handOver", "to": "f"])
        let granted = follower.drain()
        #expect(types(granted) == ["controls"] && granted[0]["granted"] as? Bool == true)
        // navTop = −30 puts nav at y = −30 and list.top at 62 − 30 = 32 (list is 844 − 34 − 32 = 778 tall).
        let answer = follower.send(["type": "set", "constraint": "navTop", "constant": -30, "id": 2])
        #expect(types(answer) == ["changes", "frames", "ok"])
        expectFrame(follower.frame("nav"), [0, -30, 390, 62])
        owner.drain()
        expectFrame(owner.frame("list"), [0, 32, 390, 778])
        // The owner watches: its edits are refused until it takes the controls back.
        let refused = owner.send(["type": "set", "constraint": "navTop", "constant": 0, "id": 3])
        #expect(refused.last?["code"] as? String == "read-only")
        #expect(owner.send(["type": "scene", "id": 4]).last?["type"] as? String == "scene")
        let back = owner.send(["type": "takeBack", "id": 5])
        #expect(types(back) == ["followers", "ok"] && back[0]["controller"] is NSNull)
        #expect(follower.drain().last?["granted"] as? Bool == false)
        #expect(follower.send(["type": "set", "constraint": "navTop", "constant": 0, "id": 6]).last?["code"] as? String == "read-only")
    }

    @Test func aControllersAnimationEndAnswersItsRequest() {
        let (owner, follower) = sharedPair()
        owner.send(["type": "handOver", "to": "f"])
        follower.drain()
        follower.send(["type": "animate", "duration": 0.5, "id": 9, "ops": [
            ["type": "set", "constraint": "navTop", "constant": -62], ["type": "layoutIfNeeded"],
        ]])
        // The owner's manual clock is the session's: the follower cannot advance it, the owner can't
        // either while the controls are away, so the controller does (advance is an edit of the clock).
        let end = follower.send(["type": "advance", "seconds": 0.5, "id": 10])
        #expect(end.contains { $0["type"] as? String == "animationEnd" && $0["re"] as? Int == 9 })
        let ownerEnd = owner.drain().first { $0["type"] as? String == "animationEnd" }
        #expect(ownerEnd?["re"] is NSNull)
        expectFrame(owner.frame("nav"), [0, -62, 390, 62])
    }

    @Test func badHandOversAreRefused() {
        let (owner, follower) = sharedPair()
        #expect(owner.send(["type": "handOver", "to": "nobody", "id": 1]).last?["code"] as? String == "unknown-follower")
        #expect(follower.send(["type": "handOver", "to": "o", "id": 2]).last?["code"] as? String == "not-shared")
        #expect(owner.send(["type": "handOver", "id": 3]).last?["code"] as? String == "missing-field")
    }

    @Test func theControlsComeBackWhenTheControllerLeaves() {
        let (owner, follower) = sharedPair()
        owner.send(["type": "handOver", "to": "f"])
        follower.send(["type": "unfollow"])
        let told = owner.drain()
        #expect(told.last?["controller"] is NSNull && told.last?["count"] as? Int == 0)
        #expect(owner.send(["type": "set", "constraint": "navTop", "constant": 5, "id": 1]).last?["type"] as? String == "ok")
    }

    @Test func aFollowerNeverLearnsTheOwnersToken() {
        let (owner, follower) = sharedPair()
        owner.send(["type": "handOver", "to": "f"])
        follower.send(["type": "set", "constraint": "navTop", "constant": -10])
        follower.send(["type": "export", "format": "json", "id": 1])
        owner.send(["type": "takeBack"])
        let seen = follower.received.map { Session.encode($0) }.joined()
        #expect(!seen.contains(owner.session.resumeToken))
    }

    @Test func followersGetTheNewSceneAfterAStructuralEdit() {
        let (owner, follower) = sharedPair()
        follower.drain()
        owner.send(["type": "add", "view": ["id": "badge"]])
        let seen = follower.drain()
        #expect(types(seen) == ["scene", "frames"])
        let views = (seen[0]["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
        #expect(views.contains { $0["id"] as? String == "badge" })
        // Complete: every view of the new scene.
        #expect(Set((seen[1]["views"] as? [String: Any] ?? [:]).keys) == ["root", "nav", "list", "badge"])
        owner.send(["type": "add", "constraint": ["id": "badgeTop", "first": "badge.top", "second": "nav.bottom"]])
        let constrained = follower.drain()
        #expect(types(constrained) == ["scene", "frames"])
        #expect(Set((constrained[1]["views"] as? [String: Any] ?? [:]).keys) == ["root", "nav", "list", "badge"])
        owner.send(["type": "remove", "view": "badge"])
        let removed = follower.drain()
        #expect(types(removed) == ["scene", "frames"])
        #expect(!(((removed[0]["scene"] as? [String: Any])?["views"] as? [[String: Any]]) ?? []).contains { $0["id"] as? String == "badge" })
    }
}
