import Foundation
import Testing
@testable import Playground

/// A refused edit changes nothing: every mutating message whose later part is bad (an unknown field,
/// a bad value, an unknown id, an op that fails) leaves the scene document, the solved frames and the
/// frames stream exactly as they were, and sends no `frames`.
@Suite struct AllOrNothingTests {
    /// The search bar scene (navTop 0: navView 0…62, searchBar 62…106, tableView 106…667), then `edit`.
    /// Expects `code`; returns the scene document and every view's frame before and after.
    private func refuse(_ edit: String, code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual", "id": 1])
        client.send(["type": "load", "name": "search-bar", "id": 2])
        let documentBefore = Session.encode(SceneWriter.document(of: client.session.scene))
        let framesBefore = frames(client)
        let answers = client.send(text: edit)
        #expect(answers.count == 1, "only the error goes out, no frames: \(answers)", sourceLocation: sourceLocation)
        #expect(answers.last?["type"] as? String == "error", "\(answers)", sourceLocation: sourceLocation)
        #expect(answers.last?["code"] as? String == code, "\(answers)", sourceLocation: sourceLocation)
        #expect(Session.encode(SceneWriter.document(of: client.session.scene)) == documentBefore,
                "the scene document changed", sourceLocation: sourceLocation)
        #expect(frames(client) == framesBefore, "the frames changed", sourceLocation: sourceLocation)
        // By hand, the loaded scene: navView 0…62, searchBar 62…106 (44 high), tableView 106…667.
        #expect(framesBefore["navView"] == [0, 0, 375, 62], sourceLocation: sourceLocation)
        #expect(framesBefore["searchBar"] == [0, 62, 375, 44], sourceLocation: sourceLocation)
        // The session still edits: navTop −31 moves navView up 31 pt.
        client.send(["type": "set", "constraint": "navTop", "constant": -31, "id": 9])
        #expect(frames(client)["navView"] == [0, -31, 375, 62], sourceLocation: sourceLocation)
    }

    /// Every view's solved frame, by id.
    private func frames(_ client: SessionClient) -> [String: [Double]] {
        let engine = client.session.scene.engine
        engine.layoutIfNeeded()
        var result: [String: [Double]] = [:]
        for view in engine.views { result[view.identifier] = view.frame.components }
        return result
    }

    @Test func aSetWithAMisspeltFieldChangesNothing() {
        refuse(#"{"type":"set","constraint":"navTop","constant":-62,"priorty":750,"id":"x"}"#, code: "unknown-field")
        refuse(#"{"type":"set","constraint":"navTop","constant":-62,"active":true,"colour":1,"id":"x"}"#, code: "unknown-field")
        refuse(#"{"type":"set","view":"navView","alpha":0.5,"colr":"red","id":"x"}"#, code: "unknown-field")
    }

    @Test func aBatchWhoseLastOpFailsChangesNothing() {
        refuse(#"{"type":"batch","ops":[{"type":"set","constraint":"navTop","constant":-62},"#
               + #"{"type":"set","constraint":"navHeight","constant":80,"animate":true}],"id":"x"}"#, code: "unknown-field")
        refuse(#"{"type":"batch","ops":[{"type":"set","constraint":"navTop","constant":-62},"#
               + #"{"type":"set","constraint":"ghost","constant":1}],"id":"x"}"#, code: "unknown-constraint")
        refuse(#"{"type":"batch","ops":[{"type":"add","view":{"id":"badge"}},"#
               + #"{"type":"add","constraint":{"first":"badge.top","second":"root.top"}},"#
               + #"{"type":"remove","view":"nobody"}],"id":"x"}"#, code: "unknown-view")
        refuse(#"{"type":"batch","ops":[{"type":"set","constraint":"navTop","constant":-62},"#
               + #"{"type":"set","constraint":"navTop","constant":1e308}],"id":"x"}"#, code: "invalid-value")
    }

    @Test func anAnimateWithABadOpOrSpringChangesNothing() {
        refuse(#"{"type":"animate","duration":0.3,"ops":[{"type":"set","constraint":"navTop","constant":-62},"#
               + #"{"type":"layoutIfNeeded","veiw":"root"}],"id":"x"}"#, code: "unknown-field")
        refuse(#"{"type":"animate","duration":0.3,"curve":{"spring":{"damping":0.5,"dampnig":1}},"#
               + #""ops":[{"type":"set","constraint":"navTop","constant":-62}],"id":"x"}"#, code: "unknown-field")
    }

    @Test func anAddWhoseConstraintIsBadAddsNoView() {
        refuse(#"{"type":"add","constraint":{"first":"navView.width","relation":">=","constnat":4},"id":"x"}"#,
               code: "unknown-field")
        refuse(#"{"type":"add","view":{"id":"badge","parent":"navView","alpah":1},"id":"x"}"#, code: "unknown-field")
        refuse(#"{"type":"add","constraint":{"first":"navView.top","second":"nowhere.top"},"id":"x"}"#, code: "unknown-item")
    }

    @Test func aDragWithAnUnknownFieldMovesNothing() {
        refuse(#"{"type":"drag","view":"searchBar","phase":"move","point":[0,300],"pointt":1,"id":"x"}"#,
               code: "unknown-field")
    }

    @Test func aGoodBatchStillAppliesWholeAndCountsItsOpsOnce() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        // Both ops apply: navTop −62 puts navView at y −62; navHeight 80 makes it 80 high.
        let answers = client.send(["type": "batch", "id": 2, "ops": [
            ["type": "set", "constraint": "navTop", "constant": -62],
            ["type": "set", "constraint": "navHeight", "constant": 80],
        ]])
        #expect(answers.last?["type"] as? String == "ok", "\(answers)")
        #expect(frames(client)["navView"] == [0, -62, 375, 80])
        // The rehearsal's ops are not counted against the message: a batch of exactly the limit runs.
        let limit = client.session.limits.maxOpsPerMessage
        let ops = [[String: Any]](repeating: ["type": "setNeedsLayout"], count: limit)
        let full = client.send(["type": "batch", "id": 3, "ops": ops])
        #expect(full.last?["type"] as? String == "ok", "\(full.last ?? [:])")
    }

    @Test func theRehearsalIsChargedToTheWorkBucket() {
        var limits = SessionLimits()
        limits.maxWorkPerMessage = 30_000
        limits.workPerSecond = 30_000
        let session = Session(id: "t", now: 0, limits: limits)
        func answer(_ text: String) -> [String: Any] {
            session.receive(text, now: 0)
            var last: [String: Any] = [:]
            while let sent = session.nextOutgoing() {
                last = (try? JSONSerialization.jsonObject(with: Data(sent.utf8))) as? [String: Any] ?? [:]
            }
            return last
        }
        _ = answer("{}")   // drains hello (and answers missing-field, charging no work)
        // 3 views and 2 constraints, n = 5: the load costs 800n + 10,000 = 14,000 of the bucket's 30,000.
        let load = #"{"type":"load","scene":{"views":[{"id":"a"},{"id":"b"},{"id":"c"}],"constraints":["#
            + #"{"first":"a.width","constant":10},{"first":"b.width","constant":20}]},"id":1}"#
        #expect(answer(load)["type"] as? String == "scene")
        // Two empty batches are not rehearsed (their undo step records what they change): 1 + n = 6
        // units each, 15,988 left.
        #expect(answer(#"{"type":"batch","ops":[],"id":2}"#)["type"] as? String == "ok")
        #expect(answer(#"{"type":"batch","ops":[],"id":3}"#)["type"] as? String == "ok")
        // A keyboard message is: 6 units, and 800n + 10,000 = 14,000 for its scratch scene: 1,982 left,
        // then −12,024 after the second (run: the bucket was not in debt), and the third is refused.
        #expect(answer(#"{"type":"keyboard","show":false,"id":4}"#)["type"] as? String == "ok")
        #expect(answer(#"{"type":"keyboard","show":false,"id":5}"#)["type"] as? String == "ok")
        #expect(answer(#"{"type":"keyboard","show":false,"id":6}"#)["code"] as? String == "rate-limited")
    }
}
