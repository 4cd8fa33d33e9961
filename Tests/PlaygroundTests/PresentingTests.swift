import Foundation
import Testing
@testable import Playground

/// `pointer` and `step`: what a presenter shows its followers (docs/PROTOCOL.md, "pointer", "step").
@Suite struct PresentingTests {
    let registry = LocalShareRegistry(maxSharedSessions: 4, maxFollowers: 4)

    func client() -> SessionClient {
        let client = SessionClient()
        client.session.shareRegistry = registry
        return client
    }

    /// An owner with the built-in scene `name` under the manual clock, shared, and one follower.
    func presenter(_ name: String) -> (owner: SessionClient, follower: SessionClient, code: String) {
        let owner = client()
        owner.send(["type": "clock", "mode": "manual"])
        owner.send(["type": "load", "name": name, "id": 1])
        let code = owner.send(["type": "share", "id": 2]).last?["code"] as? String ?? ""
        let follower = client()
        follower.send(["type": "follow", "code": code])
        owner.drain()
        return (owner, follower, code)
    }

    // MARK: Pointer

    @Test func pointerReachesFollowersNotTheOwner() {
        let (owner, follower, _) = presenter("search-bar")
        owner.now = 1
        let answer = owner.send(["type": "pointer", "x": 120.5, "y": 300, "view": "searchBar", "id": 3])
        #expect(types(answer) == ["ok"])
        let seen = follower.drain()
        #expect(types(seen) == ["pointer"])
        #expect(seen[0]["x"] as? Double == 120.5 && seen[0]["y"] as? Double == 300)
        #expect(seen[0]["view"] as? String == "searchBar" && seen[0]["re"] is NSNull)
        // Off the canvas: no x or y, the selection kept.
        owner.now = 2
        owner.send(["type": "pointer", "view": "searchBar"])
        let left = follower.drain()
        #expect(left.first?["x"] is NSNull && left.first?["y"] is NSNull)
    }

    @Test func pointerIsThinnedToTheFrameRateNewestWins() {
        let (owner, follower, _) = presenter("search-bar")
        // 60 fps: one frame is 1/60 s ≈ 16.67 ms; with the 2 ms slack a pointer 14.67 ms after the last
        // forward goes out. Moves at 1.000, 1.005 and 1.010 s: the first at once, the others held.
        // The follower reads after each move, so it is never the reader that thins them.
        var seen: [Double] = []
        for (time, x) in [(1.0, 10.0), (1.005, 20.0), (1.010, 30.0)] {
            owner.now = time
            owner.send(["type": "pointer", "x": x, "y": 5])
            seen += follower.drain().compactMap { $0["x"] as? Double }
        }
        #expect(seen == [10])
        #expect(owner.session.wantsTicks)
        // 12 ms after the forward: still within the frame.
        owner.session.tick(now: 1.012)
        #expect(follower.drain().isEmpty)
        // 16.7 ms after it: the newest held position (30), and only it.
        owner.session.tick(now: 1.0167)
        #expect(follower.drain().compactMap { $0["x"] as? Double } == [30])
        #expect(!owner.session.wantsTicks)
    }

    @Test func aSlowFollowerGetsOnlyTheNewestPointer() {
        let (owner, follower, _) = presenter("search-bar")
        // Two moves a frame apart (0 and 20 ms) queue two forwards; the follower reads once, afterwards.
        owner.now = 1
        owner.send(["type": "pointer", "x": 1, "y": 1])
        owner.now = 1.02
        owner.send(["type": "pointer", "x": 2, "y": 2])
        #expect(follower.drain().compactMap { $0["x"] as? Double } == [2])
    }

    @Test func aLateFollowerSeesWhereThePresenterPoints() {
        let (owner, _, code) = presenter("search-bar")
        owner.now = 1
        owner.send(["type": "pointer", "x": 40, "y": 50, "view": "navView"])
        let late = client()
        let joined = late.send(["type": "follow", "code": code, "id": 1])
        #expect(types(joined) == ["pointer", "frames", "scene"])
        #expect(joined[0]["x"] as? Double == 40 && joined[0]["view"] as? String == "navView")
    }

    @Test func badPointersAreRefused() {
        let (owner, follower, _) = presenter("search-bar")
        let cases: [([String: Any], String)] = [
            (["type": "pointer", "x": 1], "missing-field"),
            (["type": "pointer", "y": 1], "missing-field"),
            (["type": "pointer", "x": 1e9, "y": 0], "invalid-value"),
            (["type": "pointer", "x": 1, "y": 1, "view": "nope"], "unknown-view"),
            (["type": "pointer", "x": "1", "y": 1], "invalid-field"),
            (["type": "batch", "ops": [["type": "pointer", "x": 1, "y": 1]]], "invalid-op"),
        ]
        for (message, code) in cases {
            var message = message
            message["id"] = 9
            let answer = owner.send(message).last ?? [:]
            #expect(answer["code"] as? String == code, "\(message)")
        }
        #expect(follower.drain().isEmpty)
        // A follower's pointer would change what others see: read-only.
        #expect(follower.send(["type": "pointer", "x": 1, "y": 1, "id": 1]).last?["code"] as? String == "read-only")
        // Unshared, a pointer is answered and kept nowhere.
        let alone = client()
        alone.send(["type": "load", "name": "search-bar"])
        #expect(types(alone.send(["type": "pointer", "x": 1, "y": 1, "id": 2])) == ["ok"])
    }

    // MARK: Steps

    @Test func theArticleScenesCarrySteps() {
        // Each starts with a step without ops (the scene as loaded), then tells its story.
        let expected = ["date-picker": 5, "search-bar": 4, "keyboard": 4, "keyboard-guide": 3, "keyboard-transform": 3]
        for (name, count) in expected {
            let owner = client()
            let scene = owner.send(["type": "load", "name": name, "id": 1]).last?["scene"] as? [String: Any]
            let steps = scene?["steps"] as? [[String: Any]] ?? []
            #expect(steps.count == count, "\(name)")
            #expect((steps.first?["ops"] as? [Any])?.isEmpty == true, "\(name)")
            #expect(steps.allSatisfy { ($0["title"] as? String)?.isEmpty == false }, "\(name)")
        }
    }

    @Test func steppingForwardAnimatesAndFollowersSeeTheTitle() {
        let (owner, follower, _) = presenter("search-bar")
        let first = owner.send(["type": "step", "index": 0, "id": 3])
        #expect(first.last?["type"] as? String == "step" && first.last?["index"] as? Int == 0)
        #expect(first.last?["count"] as? Int == 4 && first.last?["re"] as? Int == 3)
        let title = first.last?["title"] as? String
        let told = follower.drain().filter { $0["type"] as? String == "step" }
        #expect(told.count == 1 && told[0]["title"] as? String == title && told[0]["re"] is NSNull)
        // Step 1 runs `focus`: navTop 0 → −62 over 0.25 s, ease-in-out, symmetric about its middle, so
        // at 0.125 s the nav view is at −31; at 0.25 s at −62, and the search bar at −62 + 62 = 0.
        let focus = owner.send(["type": "step", "index": 1, "id": 4])
        #expect(focus.last?["index"] as? Int == 1)
        owner.advance(0.125)
        follower.drain()
        expectFrame(owner.frame("navView"), [0, -31, 375, 62])
        expectFrame(follower.frame("navView"), [0, -31, 375, 62])
        owner.advance(0.125)
        follower.drain()
        expectFrame(follower.frame("navView"), [0, -62, 375, 62])
        expectFrame(follower.frame("searchBar"), [0, 0, 375, 44])
        #expect(follower.alpha("cover") == 0.4)
    }

    @Test func steppingBackLandsAtOnceOnTheEarlierStep() {
        let (owner, follower, _) = presenter("search-bar")
        owner.send(["type": "step", "index": 1])
        owner.advance(0.25)
        expectFrame(owner.frame("navView"), [0, -62, 375, 62])
        // Back to 0: the scene as loaded, no animation (no advance needed); followers get it too.
        follower.drain()
        expectFrame(follower.frame("navView"), [0, -62, 375, 62])
        let back = owner.send(["type": "step", "index": 0, "id": 5])
        #expect(back.last?["index"] as? Int == 0)
        #expect(types(follower.drain()).contains("scene"))
        expectFrame(owner.frame("navView"), [0, 0, 375, 62])
        expectFrame(follower.frame("navView"), [0, 0, 375, 62])
        #expect(owner.alpha("cover") == 0)
        // Jumping to 2 from 0 is forward: steps 1 and 2 run, animated (at 0.125 s half way).
        owner.send(["type": "step", "index": 2])
        owner.advance(0.125)
        expectFrame(owner.frame("navView"), [0, -31, 375, 62])
        // Back to 1 rebuilds and replays steps 0 and 1 instantly: the end of `focus`, −62, at once.
        owner.send(["type": "step", "index": 1])
        expectFrame(owner.frame("navView"), [0, -62, 375, 62])
        #expect(owner.alpha("cancelButton") == 1)
    }

    @Test func steppingBackReplaysTheKeyboard() {
        let (owner, _, _) = presenter("keyboard")
        // Step 1 shows the 216 pt keyboard: bottomSpacing = 216, the bar's top 667 − 216 − 50 = 401.
        owner.send(["type": "step", "index": 1])
        owner.advance(0.25)
        expectFrame(owner.frame("inputBar"), [0, 401, 375, 50])
        owner.send(["type": "step", "index": 2])
        owner.advance(0.25)
        expectFrame(owner.frame("inputBar"), [0, 617, 375, 50])
        // Back to 1: the keyboard is shown again, at once (a saved document would not hold it).
        owner.send(["type": "step", "index": 1])
        expectFrame(owner.frame("inputBar"), [0, 401, 375, 50])
        expectFrame(owner.frame("messages"), [0, 20, 375, 381])
    }

    @Test func theDatePickerBugStepJumps() {
        let (owner, _, _) = presenter("date-picker")
        owner.send(["type": "step", "index": 3])
        // Step 4, the bug: pickerTop = 544 set inside the block with no layoutIfNeeded. The end-of-turn
        // pass applies it without animation: the picker's frame is at 544 at once, while the root's
        // bounds origin animates from 0 to 84 (half way, 42, at 0.125 s on the symmetric curve).
        owner.send(["type": "step", "index": 4])
        expectFrame(owner.frame("pickerContainer"), [0, 544, 375, 207])
        owner.advance(0.125)
        expectFrame(owner.bounds("root"), [0, 42, 375, 667])
    }

    @Test func aLateFollowerIsToldTheCurrentStep() {
        let (owner, _, code) = presenter("keyboard-guide")
        owner.send(["type": "step", "index": 1])
        let late = client()
        let joined = late.send(["type": "follow", "code": code, "id": 1])
        let step = joined.last?["step"] as? [String: Any]
        #expect(step?["index"] as? Int == 1 && step?["count"] as? Int == 3)
        #expect((step?["title"] as? String)?.hasPrefix("Show the keyboard") == true)
    }

    @Test func badStepsAreRefused() {
        let owner = client()
        owner.send(["type": "clock", "mode": "manual"])
        owner.send(["type": "load", "name": "search-bar"])
        for (index, code) in [(4.0, "unknown-step"), (-1, "unknown-step"), (1.5, "unknown-step")] {
            #expect(owner.send(["type": "step", "index": index, "id": 1]).last?["code"] as? String == code)
        }
        #expect(owner.send(["type": "step", "id": 1]).last?["code"] as? String == "missing-field")
        // A scene without steps has none to go to.
        owner.send(["type": "load", "scene": ["name": "plain"]])
        #expect(owner.send(["type": "step", "index": 0, "id": 2]).last?["code"] as? String == "unknown-step")
        // Steps must have titles.
        let untitled = owner.send(["type": "load", "scene": ["name": "x", "steps": [["ops": []]]], "id": 3])
        #expect(untitled.last?["code"] as? String == "missing-field")
        // A failing op names its step.
        let broken = owner.send(["type": "load", "id": 4, "scene": [
            "name": "broken", "steps": [["title": "go", "ops": [["type": "set", "constraint": "none", "constant": 1]]]],
        ]])
        #expect(broken.last?["type"] as? String == "scene")
        let failed = owner.send(["type": "step", "index": 0, "id": 5]).last ?? [:]
        #expect(failed["code"] as? String == "unknown-constraint")
        #expect((failed["message"] as? String)?.hasPrefix("steps[0]: ops[0]") == true)
    }

    @Test func stepsSurviveTheSceneDocument() {
        let owner = client()
        let loaded = owner.send(["type": "load", "name": "date-picker", "id": 1]).last?["scene"] as? [String: Any] ?? [:]
        let again = owner.send(["type": "load", "scene": loaded, "id": 2]).last?["scene"] as? [String: Any] ?? [:]
        let titles = { (document: [String: Any]) in (document["steps"] as? [[String: Any]])?.compactMap { $0["title"] as? String } }
        #expect(titles(again) == titles(loaded) && titles(loaded)?.count == 5)
    }
}
