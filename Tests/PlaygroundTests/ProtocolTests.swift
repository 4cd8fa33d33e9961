import Testing
@testable import Playground

@Suite struct ProtocolTests {
    @Test func helloAnnouncesProtocolAndScenes() {
        let client = SessionClient()
        let hello = client.received.first ?? [:]
        #expect(hello["type"] as? String == "hello")
        #expect(hello["protocol"] as? String == "layout-playground.v1")
        #expect(hello["version"] as? Int == 1)
        #expect(hello["scenes"] as? [String] == ["date-picker", "search-bar", "keyboard", "keyboard-guide",
                                                 "keyboard-transform", "keyboard-form"])
        #expect((hello["limits"] as? [String: Any])?["maxViews"] as? Int == 500)
        // The pickers' titles: the scene documents' "title" and the device presets' names.
        let scenes = hello["sceneTitles"] as? [String: String] ?? [:]
        #expect(scenes["search-bar"] == "Search bar pushes the nav bar away")
        #expect(scenes["keyboard-form"] == "Form that scrolls above the keyboard")
        #expect(scenes.count == 6)  // one title for each of the six scenes above
        let devices = hello["deviceTitles"] as? [String: String] ?? [:]
        #expect(devices["iphone-8"] == "iPhone 8")
        #expect(devices["ipad"] == "iPad Air")
    }

    /// A scene the server has never seen: a 62 pt nav view whose top goes 0 → −62 with layoutIfNeeded.
    @Test func inlineSceneAnimatesAsUIKitWould() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        let scene = navScene()
        let loaded = client.send(["type": "load", "scene": scene, "id": 1])
        #expect(types(loaded) == ["frames", "scene"])
        let document = loaded[1]["scene"] as? [String: Any]
        let constraints = document?["constraints"] as? [[String: Any]] ?? []
        #expect(constraints.count == 8)
        // Generated ids take the first free cN.
        #expect(constraints[1]["id"] as? String == "c1")
        #expect(constraints[1]["relation"] as? String == "==")
        #expect(constraints[1]["priority"] as? Double == 1000)
        expectFrame(client.frame("nav"), [0, 0, 390, 62])
        // list: 62 … 844 − 34 = 810.
        expectFrame(client.frame("list"), [0, 62, 390, 748])

        client.send(["type": "animate", "duration": 0.25, "id": 2, "ops": [
            ["type": "set", "constraint": "navTop", "constant": -62],
            ["type": "layoutIfNeeded", "view": "root"],
        ]])
        expectFrame(client.frame("nav"), [0, 0, 390, 62])
        client.advance(0.125)
        expectFrame(client.frame("nav"), [0, -31, 390, 62])
        expectFrame(client.frame("list"), [0, 31, 390, 779])
        let end = client.advance(0.125)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        #expect(end[1]["re"] as? Int == 2)
        expectFrame(client.frame("nav"), [0, -62, 390, 62])
        expectFrame(client.frame("list"), [0, 0, 390, 810])
    }

    @Test func framesCarryOnlyChangesAndCountUp() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        let first = client.send(["type": "load", "name": "search-bar"])[0]
        #expect((first["views"] as? [String: Any])?.count == 8)
        client.send(["type": "set", "constraint": "navHeight", "constant": 70])
        let update = client.received.last { $0["type"] as? String == "frames" } ?? [:]
        let changed = update["views"] as? [String: [String: Any]] ?? [:]
        // navView grows; everything below moves; titleLabel moves inside navView; searchField does not.
        #expect(Set(changed.keys) == ["navView", "titleLabel", "searchBar", "tableView", "cover"])
        #expect(changed["navView"]?.keys.sorted() == ["bounds", "frame"])
        #expect((update["seq"] as? Int ?? 0) > (first["seq"] as? Int ?? 0))
        #expect(update["final"] as? Bool == true)
    }

    @Test func conflictsAreReportedAndTheSessionGoesOn() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let reply = client.send(["type": "add", "id": "bad",
                                 "constraint": ["id": "navHeight2", "first": "navView.height", "constant": 100]])
        #expect(types(reply) == ["conflict", "ok"])
        #expect(reply[0]["broken"] as? String == "navHeight2")
        #expect(reply[0]["constraints"] as? [String] == ["navHeight", "navHeight2"])
        #expect((reply[0]["log"] as? String)?.contains("Will attempt to recover by breaking constraint") == true)
        expectFrame(client.frame("navView"), [0, 0, 375, 62])
        // Deactivating the older one heals the broken one.
        client.send(["type": "set", "constraint": "navHeight", "active": false])
        expectFrame(client.frame("navView"), [0, 0, 375, 100])
    }

    @Test func realtimeTicksStreamAndCoalesce() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        client.now = 10
        client.send(["type": "action", "name": "focus", "id": "go"])
        #expect(client.session.wantsTicks)
        // A choked client: five ticks pass before anything is sent. One frames holds the newest state.
        for step in 1...5 { client.session.tick(now: 10 + Double(step) / 60) }
        let batch = client.drain()
        #expect(types(batch) == ["frames"])
        let expected = -62 * TimingCurveProbe.easeInOut(5.0 / 60 / 0.25)
        expectFrame(client.frame("navView"), [0, expected, 375, 62])
        client.session.tick(now: 10.3)
        let end = client.drain()
        #expect(types(end) == ["frames", "animationEnd"])
        #expect(end[0]["final"] as? Bool == true)
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
        #expect(!client.session.wantsTicks)
    }

    @Test func loadInterruptsRunningAnimations() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        client.send(["type": "action", "name": "focus", "id": "a"])
        let reload = client.send(["type": "load", "name": "keyboard", "id": "b"])
        #expect(types(reload) == ["animationEnd", "frames", "scene"])
        #expect(reload[0]["re"] as? String == "a")
        #expect(reload[0]["finished"] as? Bool == false)
    }

    @Test func sceneRequestReturnsTheEditedScene() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        // Required to optional on an installed constraint is refused, as UIKit refuses it.
        let refused = client.send(["type": "set", "constraint": "navTop", "priority": 999, "id": 4])
        #expect(refused.last?["code"] as? String == "required-priority-change")
        client.send(["type": "set", "constraint": "navTop", "constant": -10])
        let reply = client.send(["type": "scene", "id": 5])
        let scene = reply.last?["scene"] as? [String: Any]
        let navTop = (scene?["constraints"] as? [[String: Any]])?.first { $0["id"] as? String == "navTop" }
        #expect(navTop?["constant"] as? Double == -10)
        #expect(navTop?["priority"] as? Double == 1000)
        #expect(reply.last?["re"] as? Int == 5)
    }
}

/// easeInOut evaluated through the engine's public curve, for expectations at arbitrary instants.
import AutoLayout
enum TimingCurveProbe {
    static func easeInOut(_ fraction: Double) -> Double {
        TimingCurve.easeInOut.progress(elapsed: fraction, duration: 1)
    }
}

@Suite struct ExchangeTests {
    /// The exchange shown at the end of docs/PROTOCOL.md, message for message.
    @Test func documentedExchange() {
        let client = SessionClient()
        #expect(types(client.send(["type": "clock", "mode": "manual", "id": 1])) == ["ok"])
        let loaded = client.send(["type": "load", "name": "search-bar", "id": 2])
        #expect(types(loaded) == ["frames", "scene"])
        #expect(loaded[0]["seq"] as? Int == 1)
        #expect(loaded[0]["keyboard"] as? [Double] == [0, 667, 375, 0])
        #expect(types(client.send(["type": "action", "name": "focus", "id": 3])) == ["ok"])
        let half = client.send(["type": "advance", "seconds": 0.125, "id": 4])
        #expect(types(half) == ["frames", "ok"])
        #expect(half[0]["seq"] as? Int == 2)
        #expect(half[0]["time"] as? Double == 0.125)
        #expect(half[0]["final"] as? Bool == false)
        let end = client.send(["type": "advance", "seconds": 0.125, "id": 5])
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        #expect(end[0]["seq"] as? Int == 3)
        #expect(end[0]["time"] as? Double == 0.25)
        #expect(end[1]["re"] as? Int == 3)
    }
}

@Suite struct FinalFrameTests {
    /// easeInOut's last microseconds move nothing visible at 10⁻⁶ precision; the end still gets its
    /// `final: true` frames, with no view in it.
    @Test func theFinalFrameIsSentEvenWhenTheEndChangesNothingVisible() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        client.send(["type": "animate", "duration": 1, "ops": [["type": "set", "view": "cover", "alpha": 1]]])
        let almost = client.advance(0.999_99)
        #expect(types(almost) == ["frames", "ok"])
        #expect(almost.first?["final"] as? Bool == false)
        let end = client.advance(0.000_01)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        #expect(end[0]["final"] as? Bool == true)
        #expect((end[0]["views"] as? [String: Any])?.isEmpty == true)
        // Nothing more is owed: an idle turn sends no frames.
        #expect(types(client.send(["type": "setNeedsLayout", "id": 9])) == ["ok"])
    }
}
