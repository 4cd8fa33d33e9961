import Testing
@testable import Playground

/// Pause, resume, slow motion and seeking, through the protocol. The search-bar focus action moves
/// navView from y 0 to −62 in 0.25 s easeInOut (half way at t = 0.125).
@Suite struct TimelineTests {
    @Test func slowMotionStretchesRealTime() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        client.send(["type": "clock", "speed": 0.1])
        client.now = 1
        client.send(["type": "action", "name": "focus"])
        // 1.25 real seconds at 0.1 speed are 0.125 session seconds: half way.
        client.session.tick(now: 2.25)
        client.drain()
        expectFrame(client.frame("navView"), [0, -31, 375, 62])
        let bad = client.send(["type": "clock", "speed": 0, "id": 1])
        #expect(bad.last?["code"] as? String == "invalid-field")
    }

    @Test func pauseHoldsAndResumeContinues() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        client.now = 1
        client.send(["type": "action", "name": "focus"])
        client.now = 1.125
        client.send(["type": "pause", "id": 1])
        #expect(!client.session.wantsTicks)
        expectFrame(client.frame("navView"), [0, -31, 375, 62])
        client.now = 5
        client.send(["type": "resume", "id": 2])
        #expect(client.session.wantsTicks)
        client.session.tick(now: 5.125)
        client.drain()
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
    }

    @Test func seekScrubsBackAndForth() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        let start = (client.received.last { $0["type"] as? String == "frames" }?["time"] as? Double) ?? 0
        client.send(["type": "action", "name": "focus"])
        client.advance(1)
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
        client.send(["type": "seek", "time": start + 0.125, "id": 1])
        expectFrame(client.frame("navView"), [0, -31, 375, 62])
        client.send(["type": "seek", "time": start, "id": 2])
        expectFrame(client.frame("navView"), [0, 0, 375, 62])
        client.send(["type": "seek", "time": start + 0.25, "id": 3])
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
    }

    @Test func resumeAfterScrubbingBackPlaysOnFromTheInstantShown() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        // Paused at session time 1 (the real-time clock started at 0 with the session).
        client.now = 1
        client.send(["type": "pause", "id": 1])
        client.send(["type": "action", "name": "focus", "id": 2])
        // Past the end (the animation ends and is kept for the timeline), then back to half way.
        client.send(["type": "seek", "time": 2, "id": 3])
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
        #expect(client.received.filter { $0["type"] as? String == "animationEnd" }.count == 1)
        client.send(["type": "seek", "time": 1.125, "id": 4])
        expectFrame(client.frame("navView"), [0, -31, 375, 62])
        client.now = 5
        client.send(["type": "resume", "id": 5])
        #expect(client.session.wantsTicks)
        // Three quarters of the way a sixteenth of a second later, as if never paused.
        client.session.tick(now: 5 + 0.0625)
        client.drain()
        expectFrame(client.frame("navView"), [0, -62 * TimingCurveProbe.easeInOut(0.75), 375, 62])
        #expect(client.received.last { $0["type"] as? String == "frames" }?["final"] as? Bool == false)
        client.session.tick(now: 5.2)
        client.drain()
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
        #expect(client.received.last { $0["type"] as? String == "frames" }?["final"] as? Bool == true)
        // The block completed at its first end; playing it again reports nothing more.
        #expect(client.received.filter { $0["type"] as? String == "animationEnd" }.count == 1)
    }

    @Test func realTimeAfterScrubbingTheManualClockPlaysOn() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        let start = (client.received.last { $0["type"] as? String == "frames" }?["time"] as? Double) ?? -1
        client.send(["type": "action", "name": "focus"])
        client.advance(1)
        client.send(["type": "seek", "time": start + 0.0625, "id": 1])
        expectFrame(client.frame("navView"), [0, -62 * TimingCurveProbe.easeInOut(0.25), 375, 62])
        client.now = 3
        client.send(["type": "clock", "mode": "realtime", "id": 2])
        client.session.tick(now: 3 + 0.0625)
        client.drain()
        expectFrame(client.frame("navView"), [0, -31, 375, 62])
    }

    @Test func seekNeedsAStoppedClock() {
        let client = SessionClient()
        let reply = client.send(["type": "seek", "time": 1, "id": 1])
        #expect(reply.last?["code"] as? String == "clock-not-manual")
    }

    @Test func optionsThroughTheProtocol() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        client.send(["type": "animate", "duration": 1, "curve": "linear", "options": ["autoreverse"], "id": 1,
                     "ops": [["type": "set", "view": "cover", "alpha": 1]]])
        client.advance(1.5)
        #expect(abs((client.alpha("cover") ?? -1) - 0.5) < 1e-6)
        let end = client.advance(0.5)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        #expect(client.alpha("cover") == 1)
        let bad = client.send(["type": "animate", "options": ["sideways"], "ops": [], "id": 2])
        #expect(bad.last?["code"] as? String == "invalid-field")
    }
}
