import Testing
@testable import Playground

/// A solver fault (a broken invariant the solver reports instead of trapping) costs one turn: the
/// session answers `internal`, rebuilds its scene from its document, and carries on.
@Suite struct SolverFaultRecoveryTests {
    private func client(acceptingFaults: Bool = true) -> (SessionClient, Box) {
        let client = SessionClient()
        let log = Box()
        client.session.acceptsPlantedFaults = acceptingFaults
        client.session.faultLog = { log.lines.append($0) }
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        return (client, log)
    }

    /// Collects the session's fault log.
    final class Box { var lines: [String] = [] }

    @Test func aPlantedFaultIsAnsweredInternalAndTheSceneIsRebuilt() {
        let (client, log) = client()
        // navView is 62 tall at y = 0 (see SearchBarSceneTests).
        expectFrame(client.frame("navView"), [0, 0, 375, 62])
        #expect(types(client.send(["type": "plantFault", "id": "p"])) == ["ok"])
        // The next solver call fails: the turn that changed navTop answers internal.
        let reply = client.send(["type": "set", "constraint": "navTop", "constant": -20, "id": "x"])
        let error = reply.last
        #expect(error?["type"] as? String == "error")
        #expect(error?["code"] as? String == "internal")
        #expect(error?["re"] as? String == "x")
        #expect(log.lines.count == 1 && log.lines[0].contains("planted fault"))
        // The scene was rebuilt from its document, navTop with the constant it had reached in the model
        // (-20: the constraint took the value before the solver failed), and a complete frames went out.
        let full = reply.first { $0["type"] as? String == "frames" }
        let streamed = Set(((full?["views"] as? [String: Any]) ?? [:]).keys)
        let scene = client.send(["type": "scene"]).last?["scene"] as? [String: Any]
        let listed = Set(((scene?["views"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
        #expect(!listed.isEmpty && listed.isSubset(of: streamed), "\(listed) not all in \(streamed)")
        expectFrame(client.frame("navView"), [0, -20, 375, 62])
        // navTop 0 → −62: the search bar (below the 62 pt nav view) ends at y = 0.
        let next = client.send(["type": "set", "constraint": "navTop", "constant": -62, "id": "y"])
        #expect(next.last?["type"] as? String == "ok")
        expectFrame(client.frame("navView"), [0, -62, 375, 62])
        expectFrame(client.frame("searchBar"), [0, 0, 375, 44])
        #expect(log.lines.count == 1)
    }

    @Test func aFaultDuringAnAnimationEndsItUnfinished() {
        let (client, _) = client()
        client.send(["type": "action", "name": "focus", "id": 1])
        client.advance(0.125)
        client.send(["type": "plantFault"])
        let reply = client.send(["type": "set", "constraint": "navTop", "constant": 0, "id": 2])
        let end = reply.first { $0["type"] as? String == "animationEnd" }
        #expect(end?["re"] as? Int == 1)
        #expect(end?["finished"] as? Bool == false)
        #expect(reply.last?["code"] as? String == "internal")
        // Rebuilt from the model values: navTop's constant is now 0, so navView is back at y = 0.
        expectFrame(client.frame("navView"), [0, 0, 375, 62])
    }

    @Test func plantFaultIsUnknownUnlessTheServerAllowsIt() {
        let (client, _) = client(acceptingFaults: false)
        let reply = client.send(["type": "plantFault", "id": "p"])
        #expect(reply.last?["code"] as? String == "unknown-type")
        let next = client.send(["type": "set", "constraint": "navTop", "constant": -62, "id": "y"])
        #expect(next.last?["type"] as? String == "ok")
    }
}
