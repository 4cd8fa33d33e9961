import Testing
@testable import Playground

/// Seed article 2: navTop 0 → −62 with the cover fading to 0.4 in 0.25 s easeInOut.
/// easeInOut is symmetric, so at t = 0.125 s progress is exactly 0.5.
@Suite struct SearchBarSceneTests {
    @Test func focusAnimatesNavAndCover() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual", "id": 1])
        let loaded = client.send(["type": "load", "name": "search-bar", "id": 2])
        #expect(types(loaded) == ["frames", "scene"])
        // navView: top 0, height 62; searchBar under it: 62…106; tableView 106…667 = 561 tall.
        expectFrame(client.frame("navView"), [0, 0, 375, 62])
        expectFrame(client.frame("searchBar"), [0, 62, 375, 44])
        expectFrame(client.frame("tableView"), [0, 106, 375, 561])
        // titleLabel: width 120 centered: x = 187.5 − 60; bottom = 62 − 10 → y = 30.
        expectFrame(client.frame("titleLabel"), [127.5, 30, 120, 22])
        #expect(client.alpha("cover") == 0)
        // The field spans the bar less 8 on each side; Cancel (60 × 28) waits, hidden, at the right.
        expectFrame(client.frame("searchField"), [8, 8, 359, 28])
        expectFrame(client.frame("cancelButton"), [307, 8, 60, 28])
        #expect(client.alpha("cancelButton") == 0)

        let started = client.send(["type": "action", "name": "focus", "id": 3])
        // The model jumped, the presentation has not moved yet: nothing to stream.
        #expect(types(started) == ["ok"])
        expectFrame(client.frame("navView"), [0, 0, 375, 62])

        client.advance(0.125)
        // Half way: y = 0 + (−62 − 0) × 0.5 = −31; searchBar 62 − 31 = 31; cover 0.4 × 0.5 = 0.2.
        expectFrame(client.frame("navView"), [0, -31, 375, 62])
        expectFrame(client.frame("searchBar"), [0, 31, 375, 44])
        #expect(abs((client.alpha("cover") ?? -1) - 0.2) < 1e-6)
        // The field's trailing edge moves from 367 to 307 − 8 = 299: half way, width (359 + 291) / 2.
        expectFrame(client.frame("searchField"), [8, 8, 325, 28])

        let ended = client.advance(0.125)
        #expect(types(ended) == ["frames", "animationEnd", "ok"])
        #expect(ended[1]["re"] as? Int == 3)
        #expect(ended[1]["finished"] as? Bool == true)
        #expect(ended[0]["final"] as? Bool == true)
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
        expectFrame(client.frame("searchBar"), [0, 0, 375, 44])
        expectFrame(client.frame("tableView"), [0, 44, 375, 623])
        #expect(abs((client.alpha("cover") ?? -1) - 0.4) < 1e-6)
        expectFrame(client.frame("searchField"), [8, 8, 291, 28])
        #expect(client.alpha("cancelButton") == 1)
    }
}
