import Testing
import PlaygroundClient

// The client against the real server: the built binary (LAYOUT_PLAYGROUND_BIN, else
// .build/debug/layout-playground) on a free port, one per test. Expected frames come from the
// search-bar scene's constraints by hand: navView is pinned to the root's top (navTop, constant 0),
// full width 375 and 62 tall (navHeight), so its frame is [0, 0, 375, 62]; navTop's constant −10
// moves it to y = −10.

@Suite struct PlaygroundClientTests {
    @Test func loadAndSetReturnTheFramesTheyCaused() async throws {
        let playground = try await Playground.start()
        #expect(playground.hello["protocol"]?.string == "layout-playground.v1")
        let loaded = try await playground.load("search-bar")
        #expect(loaded.type == "scene")
        try await playground.assertFrame("navView", Rect(0, 0, 375, 62))
        let moved = try await playground.set(constraint: "navTop", ["constant": -10])
        #expect(moved.type == "ok")
        #expect(moved.frames.last?.rect("navView") == Rect(0, -10, 375, 62))
        try await playground.assertFrame("navView", Rect(0, -10, 375, 62))
        await playground.close()
    }

    @Test func aFailedFrameAssertionNamesExpectedActualAndConstraints() async throws {
        let playground = try await Playground.start()
        _ = try await playground.load("search-bar")
        let failure = await #expect(throws: FrameMismatch.self) {
            try await playground.assertFrame("navView", Rect(0, 5, 375, 62), tolerance: 0.5)
        }
        let text = failure?.description ?? ""
        #expect(text.hasPrefix("navView: expected [0, 5, 375, 62], got [0, 0, 375, 62] (y off by -5; tolerance 0.5) — constraints: "))
        #expect(text.contains("navTop") && text.contains("navHeight"))
        await playground.close()
    }

    @Test func anErrorAnswerThrowsWithItsCode() async throws {
        let playground = try await Playground.start()
        _ = try await playground.load("search-bar")
        let error = await #expect(throws: PlaygroundClientError.self) {
            try await playground.set(constraint: "navTop", ["constant": 1, "priorty": 750])
        }
        #expect(error?.code == "unknown-field")
        if case .server(_, _, let answer) = error { #expect(answer["suggestion"]?.string == "priority") }
        await playground.close()
    }

    /// navTop animated from 0 to −62 over 1 s, linear: at 0.25 s navView is a quarter of the way,
    /// y = −62 / 4 = −15.5; at 1 s it is at −62, the frames are final and animationEnd has come.
    @Test func animationOnTheManualClock() async throws {
        let playground = try await Playground.start()
        _ = try await playground.load("search-bar")
        _ = try await playground.clock("manual")
        let started = try await playground.animate([["type": "set", "constraint": "navTop", "constant": -62],
                                                    ["type": "layoutIfNeeded"]], duration: 1, curve: "linear")
        let quarter = try await playground.advance(0.25)
        #expect(quarter.frames.last?.final == false)
        try await playground.assertFrame("navView", Rect(0, -15.5, 375, 62))
        let end = try await playground.advance(0.75)
        #expect(end.frames.last?.final == true)
        #expect(end.events.map { $0["type"]?.string } == ["animationEnd"])
        #expect(end.events.first?["re"] == started.message["re"])
        try await playground.assertFrame("navView", Rect(0, -62, 375, 62))
        await playground.close()
    }

    @Test func aLenientConnectionIgnoresUnknownFields() async throws {
        let server = try ServerProcess()
        let playground = try await Playground.connect(to: server.url, lenient: true)
        #expect(playground.hello["strict"] == false)
        _ = try await playground.load("search-bar")
        #expect(try await playground.set(constraint: "navTop", ["constant": -10, "priorty": 750]).type == "ok")
        try await playground.assertFrame("navView", Rect(0, -10, 375, 62))
        await playground.close()
        server.stop()
    }

    @Test func connectingWhereNothingListensThrows() async throws {
        await #expect(throws: PlaygroundClientError.self) { try await Playground.connect(to: "ws://127.0.0.1:1/") }
        await #expect(throws: PlaygroundClientError.badURL("http://127.0.0.1/")) {
            try await Playground.connect(to: "http://127.0.0.1/")
        }
    }

    /// The server going away (SIGTERM: it closes every WebSocket with 1001) ends the session: the
    /// next request throws `closed` instead of waiting for an answer that cannot come.
    @Test func aRequestAfterTheServerStoppedThrowsClosed() async throws {
        let server = try ServerProcess()
        let playground = try await Playground.connect(to: server.url)
        _ = try await playground.load("search-bar")
        server.stop()
        await #expect(throws: PlaygroundClientError.closed) { try await playground.scene() }
        await playground.close()
    }

    @Test func assertionsHaveATolerance() throws {
        try assertRect(Rect(0, 0, 10, 10.0000004), Rect(0, 0, 10, 10))   // within 1e-6
        #expect(throws: FrameMismatch.self) { try assertRect(Rect(0, 0, 11, 8), Rect(0, 0, 10, 10)) }
        do {
            try assertRect(Rect(0, 0, 11, 8), Rect(0, 0, 10, 10), view: "box")
        } catch {
            #expect(String(describing: error) == "box: expected [0, 0, 10, 10], got [0, 0, 11, 8] (width off by +1, height off by -2; tolerance 1e-06)")
        }
        #expect(throws: FrameMismatch.self) { try assertRect(nil, Rect(0, 0, 10, 10)) }
    }

    @Test func jsonValuesKeepBooleansApartFromNumbers() throws {
        let value = try JSONValue.decode(#"{"a":true,"b":1,"c":[0.5,"x",null]}"#)
        #expect(value["a"] == .bool(true))
        #expect(value["b"] == .number(1))
        #expect(value["c"] == [0.5, "x", nil])
        #expect(value.description == #"{"a":true,"b":1,"c":[0.5,"x",null]}"#)
    }
}
