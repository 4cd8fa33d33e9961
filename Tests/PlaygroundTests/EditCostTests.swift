import Foundation
import Testing
@testable import Playground

/// What edits cost on large scenes: a single-field view `set` skips the rehearsal, a rehearsal is
/// charged linearly in the scene's size, and an edit reuses the scene document the previous one wrote
/// while the model has not changed (`SceneDocuments`), with undo still restoring exactly.
@Suite struct EditCostTests {
    /// A column of `count` bars (ids `v0`…): each one view and four constraints (top, leading,
    /// trailing, height), so `5 × count` views and constraints.
    private func column(_ count: Int) -> [String: Any] {
        var views: [[String: Any]] = []
        var constraints: [[String: Any]] = []
        for index in 0..<count {
            views.append(["id": "v\(index)"])
            constraints.append(index == 0
                ? ["id": "top0", "first": "v0.top", "second": "root.top", "constant": 40]
                : ["id": "top\(index)", "first": "v\(index).top", "second": "v\(index - 1).bottom", "constant": 2])
            constraints.append(["id": "lead\(index)", "first": "v\(index).leading", "second": "root.leading", "constant": 16])
            constraints.append(["id": "trail\(index)", "first": "v\(index).trailing", "second": "root.trailing", "constant": -16])
            constraints.append(["id": "h\(index)", "first": "v\(index).height", "constant": 4])
        }
        return ["views": views, "constraints": constraints]
    }

    /// The document of `client`'s scene as JSON text, written here (not through the session's cache).
    private func documentText(_ client: SessionClient) -> String {
        Session.encode(SceneWriter.document(of: client.session.scene))
    }

    @Test func theRehearsalChargeIsLinearInTheSceneSize() {
        // By hand from the constants (units per item, base units): 10 items, 750 and the largest scene
        // `load` takes (500 views + 2,000 constraints).
        let perItem = SessionLimits.rehearsalUnitsPerItem
        let base = SessionLimits.rehearsalBaseUnits
        #expect(perItem == 800 && base == 10_000)
        #expect(SessionLimits.rehearsalCost(items: 0) == 10_000)
        #expect(SessionLimits.rehearsalCost(items: 10) == 18_000)       // 800 × 10 + 10,000
        #expect(SessionLimits.rehearsalCost(items: 750) == 610_000)     // 800 × 750 + 10,000
        #expect(SessionLimits.rehearsalCost(items: 2_500) == 2_010_000) // 800 × 2,500 + 10,000
    }

    @Test func onlyEditsOfMoreThanOneEngineCallAreRehearsed() throws {
        func rehearsed(_ message: [String: Any]) throws -> Bool {
            try MessageType.named["set"]?.rehearsed.holds(for: Fields(message)) == true
        }
        for field in ["alpha", "hidden", "intrinsicSize", "contentHugging", "compressionResistance", "center",
                      "transform", "layoutMargins", "translatesAutoresizingMaskIntoConstraints"] {
            #expect(try !rehearsed(["type": "set", "view": "v0", field: 1]), "\(field)")
        }
        #expect(try rehearsed(["type": "set", "view": "v0", "alpha": 0.5, "hidden": true]))
        #expect(try rehearsed(["type": "set", "view": "v0", "bounds": [0, 0, 10, 10]]))
        #expect(try rehearsed(["type": "set", "view": "v0", "alpha": 0.5, "text": "a"]))
        #expect(try !rehearsed(["type": "set", "constraint": "top0", "constant": 1]))
    }

    /// 30 `set alpha` in one second on a 750-item scene under the server's limits are all applied.
    ///
    /// Work, by hand (`SessionLimits.server`: the bucket holds 4,000,000 units and refills 2,000,000 a
    /// second): the load of 750 items costs 800 × 750 + 10,000 = 610,000; each set costs 1 × (1 + 750)
    /// = 751 and is not rehearsed, so the 30 cost 22,530. Rehearsed, each would cost 610,000 more (the
    /// bucket, full again at 1 s and refilled 66,667 between sets, dry after eight).
    @Test func thirtyAlphaSetsInASecondOnA750ItemSceneAreAllApplied() throws {
        let session = Session(id: "alpha", now: 0, limits: .server)
        let client = SessionClient(wrapping: session, now: 0)
        client.drain()
        client.send(["type": "clock", "mode": "manual", "id": 1])
        let loaded = client.send(["type": "load", "scene": column(150), "id": 2])
        #expect(loaded.last?["type"] as? String == "scene")
        #expect(session.scene.engine.viewCount + session.scene.engine.constraints.count == 750)
        for index in 0..<30 {
            client.now = 1 + Double(index) / 30
            let alpha = Double(index % 10) / 10          // 0, 0.1, …, 0.9, 0, …
            let answer = client.send(["type": "set", "view": "v75", "alpha": alpha, "id": 10 + index]).last ?? [:]
            #expect(answer["type"] as? String == "ok", "set \(index): \(answer)")
            #expect(session.scene.engine.view("v75")?.alpha == alpha)
        }
    }

    /// UIKit's animated edit (a constant set inside the block, then `layoutIfNeeded`), 30 times in one
    /// second on a 750-item scene under the server's limits: all applied, none rehearsed.
    ///
    /// Work, by hand (`SessionLimits.server`: 4,000,000 units, refilled 2,000,000 a second): the load
    /// costs 2 × 750² + 1 = 1,125,001; an animate costs 1 × (1 + 750) = 751 for itself and 751 for each
    /// of its two ops, 2,253 in all, so the 30 cost 67,590. Rehearsed, each cost 610,000 more
    /// (800 × 750 + 10,000): the bucket ran dry after five.
    @Test func thirtyAnimatedConstantEditsInASecondOnA750ItemSceneAreAllApplied() throws {
        let session = Session(id: "animate", now: 0, limits: .server)
        let client = SessionClient(wrapping: session, now: 0)
        client.drain()
        client.send(["type": "clock", "mode": "manual", "id": 1])
        #expect(client.send(["type": "load", "scene": column(150), "id": 2]).last?["type"] as? String == "scene")
        for index in 0..<30 {
            client.now = 1 + Double(index) / 30
            let constant = Double(40 + index)
            let answer = client.send(["type": "animate", "duration": 0.2, "id": 10 + index, "ops": [
                ["type": "set", "constraint": "top0", "constant": constant], ["type": "layoutIfNeeded", "view": "root"],
            ]]).last ?? [:]
            #expect(answer["type"] as? String == "ok", "animate \(index): \(answer)")
            #expect(session.scene.engine.constraint("top0")?.constant == constant)
        }
    }

    /// An unrehearsed animate of one change is refused whole: a misspelt field of the block, a
    /// `layoutIfNeeded` of an unknown view, a bad constant and ops past the message's op limit all
    /// leave the scene as it was.
    @Test func aRefusedAnimateOfOneChangeChangesNothing() {
        var limits = SessionLimits()
        // One op a message: the set fits, the layoutIfNeeded after it does not.
        limits.maxOpsPerMessage = 1
        let tight = SessionClient(wrapping: Session(id: "tight", now: 0, limits: limits), now: 0)
        tight.drain()
        let client = SessionClient()
        for target in [client, tight] {
            target.send(["type": "load", "scene": column(2), "id": 1])
        }
        let set: [String: Any] = ["type": "set", "constraint": "top0", "constant": 99]
        let layout: [String: Any] = ["type": "layoutIfNeeded", "view": "root"]
        let cases: [(SessionClient, [String: Any], String)] = [
            (client, ["type": "animate", "duraton": 1, "ops": [set, layout]], "unknown-field"),
            (client, ["type": "animate", "ops": [set, ["type": "layoutIfNeeded", "view": "nope"]]], "unknown-view"),
            (client, ["type": "animate", "ops": [["type": "set", "constraint": "top0", "constant": "high"], layout]],
             "invalid-field"),
            (tight, ["type": "animate", "ops": [set, layout]], "too-many-ops"),
        ]
        for (index, (target, message, code)) in cases.enumerated() {
            let before = documentText(target)
            let answer = target.send(message.merging(["id": 10 + index]) { $1 }).last ?? [:]
            #expect(answer["code"] as? String == code, "case \(index): \(answer)")
            #expect(target.session.scene.engine.constraint("top0")?.constant == 40)
            #expect(documentText(target) == before, "case \(index) changed the scene")
        }
    }

    @Test func aRefusedBatchIsChargedItsRollBackAndAGoodOneItsOpsAlone() {
        var limits = SessionLimits()
        limits.maxWorkPerMessage = 40_000
        limits.workPerSecond = 40_000
        let session = Session(id: "t", now: 0, limits: limits)
        let client = SessionClient(wrapping: session, now: 0)
        client.drain()
        // 2 bars: n = 10 items. The load costs 800n + 10,000 = 18,000 units: 22,000 left.
        #expect(client.send(["type": "load", "scene": column(2), "id": 1]).last?["type"] as? String == "scene")
        // A batch of two constant sets runs live, unrehearsed: 1 + n = 11 for the batch and 11 for each
        // op, 33; three of them leave 21,901.
        let batch: [String: Any] = ["type": "batch", "id": 2, "ops": [
            ["type": "set", "constraint": "top0", "constant": 10], ["type": "set", "constraint": "h0", "constant": 5],
        ]]
        for id in 2...4 { #expect(client.send(batch.merging(["id": id]) { $1 }).last?["type"] as? String == "ok") }
        // One whose second op names no constraint: 33 for the ops, and the rollback of the first op's
        // change rebuilds the scene, 18,000: 3,868 left, then −14,165 after the second (run: the bucket
        // was not in debt), and the next batch is refused.
        let refused: [String: Any] = ["type": "batch", "id": 5, "ops": [
            ["type": "set", "constraint": "top0", "constant": 99], ["type": "set", "constraint": "ghost", "constant": 5],
        ]]
        for id in 5...6 {
            #expect(client.send(refused.merging(["id": id]) { $1 }).last?["code"] as? String == "unknown-constraint")
            #expect(session.scene.engine.constraint("top0")?.constant == 10)
        }
        #expect(client.send(batch.merging(["id": 7]) { $1 }).last?["code"] as? String == "rate-limited")
    }

    @Test func refusedSingleFieldViewSetsChangeNothing() {
        let client = SessionClient()
        client.send(["type": "load", "scene": column(2), "id": 1])
        let before = documentText(client)
        for edit in [
            #"{"type":"set","view":"v0","alpha":1.5,"id":2}"#,
            #"{"type":"set","view":"v0","intrinsicSize":[-5,3],"id":3}"#,
            #"{"type":"set","view":"v0","hidden":true,"hiden":true,"id":4}"#,
            #"{"type":"set","view":"v0","contentHugging":[251,2000],"id":5}"#,
            #"{"type":"set","view":"ghost","alpha":0.5,"id":6}"#,
        ] {
            let answers = client.send(text: edit)
            #expect(types(answers) == ["error"], "\(edit): \(answers)")
        }
        #expect(documentText(client) == before)
        #expect(client.send(["type": "undo", "id": 7]).last?["code"] as? String == "nothing-to-undo")
    }

    /// Two animations, then two undos: each gives back the document as it was, written independently
    /// of the session's cache; and a change made by a message that is not an edit (`device`) is in the
    /// step of the next edit, not the document the edit before it wrote.
    @Test func undoRestoresExactlyWhenEditsReuseTheDocument() throws {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual", "id": 1])
        client.send(["type": "load", "name": "search-bar", "id": 2])
        let loaded = documentText(client)
        func animate(_ constant: Double, id: Int) {
            let answers = client.send(["type": "animate", "duration": 1, "id": id, "ops": [
                ["type": "set", "constraint": "navTop", "constant": constant], ["type": "layoutIfNeeded"],
            ]])
            #expect(types(answers).last == "ok", "\(answers)")
        }
        animate(-62, id: 3)
        let first = documentText(client)
        client.advance(0.5)
        animate(-20, id: 4)
        #expect(documentText(client) != first)
        client.advance(1)
        client.send(["type": "undo", "id": 5])
        #expect(documentText(client) == first)
        client.send(["type": "undo", "id": 6])
        #expect(documentText(client) == loaded)

        client.send(["type": "set", "view": "navView", "alpha": 0.5, "id": 7])
        client.send(["type": "device", "name": "iphone-x", "id": 8])
        let onTheDevice = documentText(client)
        #expect(onTheDevice.contains("iphone-x"))
        client.send(["type": "set", "view": "navView", "alpha": 0.25, "id": 9])
        client.send(["type": "undo", "id": 10])
        #expect(documentText(client) == onTheDevice)
    }

    /// Ticks of a running animation change what is shown, not the model: the document the animation's
    /// edit wrote stays current, and the next edit starts from it.
    @Test func ticksLeaveTheModelsGenerationAlone() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        client.send(["type": "animate", "duration": 1, "id": 2, "ops": [
            ["type": "set", "constraint": "navTop", "constant": -62], ["type": "layoutIfNeeded"],
        ]])
        let generation = client.session.documents.generation
        for step in 1...30 { client.session.tick(now: Double(step) / 60) }
        #expect(client.session.scene.engine.isAnimating)
        #expect(client.session.documents.generation == generation)
        #expect(client.session.sceneText() == documentText(client))
    }
}
