import AutoLayout
import Testing
@testable import Playground

/// `undo` and `redo` over ten edits of every kind on the search bar scene.
@Suite struct UndoTests {
    /// Every view's model frame and alpha after layout, by id.
    private func state(_ client: SessionClient) -> [String: [Double]] {
        let engine = client.session.scene.engine
        engine.layoutIfNeeded()
        var result: [String: [Double]] = [:]
        for view in engine.views { result[view.identifier] = view.frame.components + [view.alpha] }
        return result
    }

    private func ok(_ client: SessionClient, _ message: [String: Any]) {
        let answer = client.send(message).last ?? [:]
        #expect(answer["type"] as? String != "error", "\(message): \(answer)")
    }

    /// Ten edits: constants, an add (a view with its constraints), a priority, `active`, a constraint
    /// removed, a view property, a view removed.
    private let edits: [[String: Any]] = [
        ["type": "set", "constraint": "navTop", "constant": -10],
        ["type": "set", "constraint": "navHeight", "constant": 80],
        ["type": "set", "constraint": "searchHeight", "constant": 50],
        ["type": "set", "constraint": "fieldLeading", "constant": 16],
        ["type": "batch", "ops": [
            ["type": "add", "view": ["id": "badge"]],
            ["type": "add", "constraint": ["id": "badgeTop", "first": "badge.top", "second": "searchBar.bottom",
                                          "constant": 10]],
            ["type": "add", "constraint": ["id": "badgeLeading", "first": "badge.leading", "second": "root.leading",
                                          "constant": 20]],
            ["type": "add", "constraint": ["id": "badgeHeight", "first": "badge.height", "constant": 24]],
            ["type": "add", "constraint": ["id": "badgeMax", "first": "badge.width", "relation": "<=",
                                          "constant": 60]],
            ["type": "add", "constraint": ["id": "badgeWide", "first": "badge.width", "constant": 100,
                                          "priority": 500]],
            ["type": "add", "constraint": ["id": "badgeNarrow", "first": "badge.width", "constant": 40,
                                          "priority": 250]],
        ]],
        ["type": "set", "constraint": "badgeWide", "priority": 600],
        ["type": "set", "constraint": "badgeWide", "active": false],
        ["type": "remove", "constraint": "badgeWide"],
        ["type": "set", "view": "badge", "alpha": 0.5],
        ["type": "remove", "view": "cover"],
    ]

    @Test func tenEditsUndoneAndRedoneGiveBackTheFramesOfEachStep() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        var states = [state(client)]
        for (index, edit) in edits.enumerated() {
            ok(client, edit.merging(["id": 100 + index]) { $1 })
            states.append(state(client))
        }
        // By hand, first: the loaded scene (navView 0…62, searchBar 62…106, tableView 106…667).
        #expect(states[0]["navView"] == [0, 0, 375, 62, 1])
        #expect(states[0]["searchBar"] == [0, 62, 375, 44, 1])
        #expect(states[0]["tableView"] == [0, 106, 375, 561, 1])
        #expect(states[0]["badge"] == nil)
        // Last: navView y −10, height 80 → bottom 70; searchBar 70…120; field 16 in, 8 from the right and
        // 8 from top and bottom: [16, 8, 375 − 24, 50 − 16]; tableView 120…667 = 547; title bottom
        // 80 − 10 = 70 → y 48, x 187.5 − 60; badge at (20, 120 + 10), 24 tall, width: badgeMax (≤ 60)
        // required and badgeWide gone, so badgeNarrow's 40; alpha 0.5; cover gone.
        let last = states[10]
        #expect(last["navView"] == [0, -10, 375, 80, 1])
        #expect(last["searchBar"] == [0, 70, 375, 50, 1])
        #expect(last["searchField"] == [16, 8, 351, 34, 1])
        #expect(last["tableView"] == [0, 120, 375, 547, 1])
        #expect(last["titleLabel"] == [127.5, 48, 120, 22, 1])
        #expect(last["badge"] == [20, 130, 40, 24, 0.5])
        #expect(last["cover"] == nil)
        // Step 5 by hand: badgeWide (@500) beats badgeNarrow (@250) up to badgeMax: width 60.
        #expect(states[5]["badge"] == [20, 130, 60, 24, 1])

        for step in stride(from: 9, through: 0, by: -1) {
            let answer = client.send(["type": "undo", "id": 200 + step]).last ?? [:]
            #expect(answer["type"] as? String == "scene", "\(answer)")
            #expect(answer["undo"] as? Int == step)
            #expect(answer["redo"] as? Int == 10 - step)
            #expect(state(client) == states[step], "after undoing to step \(step)")
        }
        let nothing = client.send(["type": "undo", "id": 300]).last ?? [:]
        #expect(nothing["code"] as? String == "nothing-to-undo")
        for step in 1...10 {
            let answer = client.send(["type": "redo", "id": 400 + step]).last ?? [:]
            #expect(answer["type"] as? String == "scene", "\(answer)")
            #expect(state(client) == states[step], "after redoing to step \(step)")
        }
        let none = client.send(["type": "redo", "id": 500]).last ?? [:]
        #expect(none["code"] as? String == "nothing-to-redo")
    }

    @Test func aNewEditClearsRedoAndLoadClearsEverything() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        ok(client, ["type": "set", "constraint": "navTop", "constant": -10, "id": 2])
        ok(client, ["type": "undo", "id": 3])
        ok(client, ["type": "set", "constraint": "navHeight", "constant": 70, "id": 4])
        #expect(client.send(["type": "redo", "id": 5]).last?["code"] as? String == "nothing-to-redo")
        // A failed edit changes nothing and leaves no step: one step (navHeight) to undo.
        client.send(["type": "set", "constraint": "nope", "constant": 1, "id": 6])
        let undone = client.send(["type": "undo", "id": 7]).last ?? [:]
        #expect(undone["undo"] as? Int == 0)
        #expect(state(client)["navView"] == [0, 0, 375, 62, 1])
        ok(client, ["type": "set", "constraint": "navTop", "constant": -5, "id": 8])
        client.send(["type": "load", "name": "search-bar", "id": 9])
        #expect(client.send(["type": "undo", "id": 10]).last?["code"] as? String == "nothing-to-undo")
    }

    @Test func theHistoryIsBoundedByTheAnnouncedLimit() {
        let client = SessionClient()
        let hello = client.received.first ?? [:]
        let limit = (hello["limits"] as? [String: Any])?["maxUndoSteps"] as? Int
        #expect(limit == 100)
        client.send(["type": "load", "name": "search-bar", "id": 1])
        // Alternating constraints: each set is a step of its own.
        for step in 1...105 {
            let id = step % 2 == 1 ? "navTop" : "navHeight"
            ok(client, ["type": "set", "constraint": id, "constant": step % 2 == 1 ? -Double(step) : Double(60 + step),
                        "id": step + 1])
        }
        var undone = 0
        while client.send(["type": "undo", "id": 1000 + undone]).last?["type"] as? String == "scene" { undone += 1 }
        #expect(undone == 100)
        // The oldest five steps were forgotten: navTop −1, navHeight 62, navTop −3, navHeight 64 and
        // navTop −5 stay, so the view is back at y −5 and 64 tall, not at the loaded 0 and 62.
        #expect(state(client)["navView"] == [0, -5, 375, 64, 1])
    }

    @Test func aSliderDragOfOneViewsAlphaIsOneStep() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        for (index, alpha) in [0.9, 0.7, 0.4].enumerated() {
            ok(client, ["type": "set", "view": "navView", "alpha": alpha, "id": 2 + index])
        }
        ok(client, ["type": "set", "view": "searchBar", "alpha": 0.5, "id": 10])
        ok(client, ["type": "set", "view": "searchBar", "alpha": 0.5, "hidden": false, "id": 11])
        // The drag of navView's alpha is one step, searchBar's a second; the set of two fields changed
        // nothing (alpha 0.5 already, not hidden) and is none.
        let first = client.send(["type": "undo", "id": 12]).last ?? [:]
        #expect(first["undo"] as? Int == 1)
        #expect(state(client)["navView"]?.last == 0.4)
        #expect(state(client)["searchBar"]?.last == 1)
        let second = client.send(["type": "undo", "id": 13]).last ?? [:]
        #expect(second["undo"] as? Int == 0)
        #expect(state(client)["navView"]?.last == 1)
    }

    @Test func aSliderDragOfOneConstantIsOneStep() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        for (index, constant) in [-5.0, -10, -20, -31].enumerated() {
            ok(client, ["type": "set", "constraint": "navTop", "constant": constant, "id": 2 + index])
        }
        ok(client, ["type": "set", "constraint": "navHeight", "constant": 70, "id": 10])
        let first = client.send(["type": "undo", "id": 11]).last ?? [:]
        #expect(first["undo"] as? Int == 1)
        #expect(state(client)["navView"] == [0, -31, 375, 62, 1])
        let second = client.send(["type": "undo", "id": 12]).last ?? [:]
        #expect(second["undo"] as? Int == 0)
        #expect(state(client)["navView"] == [0, 0, 375, 62, 1])
    }
}
