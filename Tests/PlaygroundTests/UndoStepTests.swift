import Foundation
import Testing
@testable import Playground

/// Undo steps hold what their edit changed (`SceneChange`), yet give back the whole document, entry
/// for entry and in order; the history's bytes are bounded per session and per process.
@Suite struct UndoStepTests {
    /// The document of `client`'s scene as JSON text, written here (not through the session's cache).
    private func documentText(_ client: SessionClient) -> String {
        Session.encode(SceneWriter.document(of: client.session.scene))
    }

    private func ok(_ client: SessionClient, _ message: [String: Any]) {
        let answer = client.send(message).last ?? [:]
        #expect(answer["type"] as? String != "error", "\(message["type"] ?? ""): \(answer["message"] ?? "")")
    }

    /// Where `a` and `b` first differ, with some text around it; nil when they are equal.
    private func difference(_ a: String, _ b: String) -> String? {
        guard a != b else { return nil }
        let common = zip(a, b).prefix { $0 == $1 }.count
        return "at \(common): …\(a.dropFirst(max(0, common - 80)).prefix(200))… vs …\(b.dropFirst(max(0, common - 80)).prefix(200))…"
    }

    /// Edits of every kind an edit-sized step records, each undone and redone: the document after the
    /// undo is the one before the edit, after the redo the one after it.
    @Test func everyRecordedEditGivesBackTheDocumentBeforeAndAfterIt() {
        let edits: [[String: Any]] = [
            ["type": "set", "constraint": "navHeight", "constant": 80],
            ["type": "set", "constraint": "navTop", "active": false, "constant": -3],
            ["type": "set", "view": "navView", "alpha": 0.5],
            ["type": "set", "view": "root", "safeArea": [44, 0, 34, 0]],
            ["type": "set", "view": "searchBar", "intrinsicSize": [100, 30], "contentHugging": [300, 300]],
            ["type": "add", "view": ["id": "badge", "parent": "searchBar", "label": "Badge"]],
            ["type": "add", "constraint": ["first": "badge.width", "constant": 24]],
            ["type": "add", "format": "H:|-[badge]", "idPrefix": "badgeH"],
            ["type": "add", "guide": ["id": "spacer"]],
            // The middle of the list first, then its neighbour: both go back in their places.
            ["type": "batch", "ops": [
                ["type": "remove", "constraint": "navHeight"],
                ["type": "remove", "constraint": "navTop"],
                ["type": "add", "constraint": ["id": "navHeight", "first": "navView.height", "constant": 50]],
            ]],
            // A required width the cover cannot have (pinned to both edges of the 375-point root): it
            // breaks; taking coverTrailing out heals it, and the step keeps the healed one's entry too.
            ["type": "add", "constraint": ["id": "tall", "first": "cover.width", "constant": 5000]],
            ["type": "set", "constraint": "coverTrailing", "active": false],
            ["type": "animate", "duration": 0.25, "ops": [
                ["type": "set", "constraint": "searchHeight", "constant": 60], ["type": "layoutIfNeeded"],
            ]],
        ]
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual", "id": 1])
        client.send(["type": "load", "name": "search-bar", "id": 2])
        var documents = [documentText(client)]
        for (index, edit) in edits.enumerated() {
            ok(client, edit.merging(["id": 10 + index]) { $1 })
            client.advance(1)
            documents.append(documentText(client))
            if index == 10 || index == 11 {
                #expect(client.session.scene.engine.constraint("tall")?.isBroken == (index == 10))
            }
            #expect(difference(documents[index + 1], documents[index]) != nil, "edit \(index) changed the document")
            guard case .change(let change)? = client.session.history.undoStack.last else {
                Issue.record("edit \(index) was recorded as a whole document")
                continue
            }
            // Its own entries, not the scene's (search-bar: 5 views, 15 constraints).
            #expect(change.views.count + change.constraints.count <= 4, "edit \(index): \(change)")
        }
        for index in stride(from: edits.count - 1, through: 0, by: -1) {
            ok(client, ["type": "undo", "id": 100 + index])
            #expect(difference(documentText(client), documents[index]) == nil, "after undoing edit \(index)")
        }
        for index in 0..<edits.count {
            ok(client, ["type": "redo", "id": 200 + index])
            #expect(difference(documentText(client), documents[index + 1]) == nil, "after redoing edit \(index)")
        }
    }

    /// A step of one constant on a 750-item scene holds one constraint's entry: about 150 bytes, where
    /// the whole document is about 180 KB.
    @Test func aStepHoldsTheEntriesItsEditTouched() throws {
        var views: [[String: Any]] = []
        var constraints: [[String: Any]] = []
        for index in 0..<150 {
            views.append(["id": "v\(index)"])
            constraints.append(index == 0
                ? ["id": "top0", "first": "v0.top", "second": "root.top", "constant": 40]
                : ["id": "top\(index)", "first": "v\(index).top", "second": "v\(index - 1).bottom", "constant": 2])
            constraints.append(["id": "lead\(index)", "first": "v\(index).leading", "second": "root.leading"])
            constraints.append(["id": "trail\(index)", "first": "v\(index).trailing", "second": "root.trailing"])
            constraints.append(["id": "h\(index)", "first": "v\(index).height", "constant": 4])
        }
        let client = SessionClient()
        client.send(["type": "load", "scene": ["views": views, "constraints": constraints], "id": 1])
        let whole = documentText(client).utf8.count
        ok(client, ["type": "set", "constraint": "top0", "constant": 50, "id": 2])
        ok(client, ["type": "set", "constraint": "h1", "constant": 10, "id": 3])
        #expect(client.session.history.undoStack.count == 2)
        #expect(client.session.history.bytes < 500, "\(client.session.history.bytes) bytes of \(whole)")
        #expect(whole > 100_000)
    }

    /// Two sessions share a process budget of 2,000 bytes: the second one's edits push out its own
    /// oldest steps, never past the budget, and the first keeps all of its own.
    @Test func theProcessBudgetBoundsEverySessionsStepsTogether() {
        var limits = SessionLimits()
        limits.maxUndoBytesPerProcess = 2_000
        let budget = UndoBudget()
        let clients = (0..<2).map { index in
            let session = Session(id: "s\(index)", now: 0, limits: limits)
            session.history = UndoHistory(budget: budget)
            let client = SessionClient(wrapping: session, now: 0)
            client.drain()
            client.send(["type": "load", "name": "search-bar", "id": 1])
            return client
        }
        // Alternating constraints, so each set is a step of its own; one step is one constraint's entry
        // (about 140 bytes), so 2,000 bytes hold at most 14.
        for step in 0..<5 {
            ok(clients[0], ["type": "set", "constraint": step % 2 == 0 ? "navTop" : "navHeight",
                            "constant": Double(100 + step), "id": 10 + step])
        }
        let first = clients[0].session.history.bytes
        #expect(clients[0].session.history.undoStack.count == 5)
        for step in 0..<40 {
            ok(clients[1], ["type": "set", "constraint": step % 2 == 0 ? "navTop" : "navHeight",
                            "constant": Double(100 + step), "id": 10 + step])
            #expect(budget.bytes <= 2_000)
        }
        let second = clients[1].session.history
        #expect(second.undoStack.count < 40 && second.undoStack.count > 5)
        #expect(budget.bytes == first + second.bytes)
        #expect(clients[0].session.history.undoStack.count == 5)
        // The newest steps stayed: undoing the last (navHeight 139) gives back its 137.
        ok(clients[1], ["type": "undo", "id": 100])
        #expect(clients[1].session.scene.engine.constraint("navHeight")?.constant == 137)
    }

    /// The history's steps come back from a journal snapshot as they were kept: an edit-sized step and
    /// a whole document.
    @Test func stepsSurviveTheJournalForm() throws {
        var change = SceneChange()
        change.constraints["navTop"] = SceneItemState(text: #"{"id":"navTop","constant":0}"#, predecessor: nil)
        change.views["badge"] = SceneItemState(text: nil, predecessor: "navView")
        change.root = #"{"size":[375,667]}"#
        for step in [UndoStep.change(change), .document(#"{"views":[]}"#)] {
            let text = Session.encode(["undo": [step.journalForm]])
            let decoded = try Fields.decode(text).raw["undo"] as? [Any] ?? []
            #expect(decoded.compactMap(UndoStep.init(journalForm:)) == [step])
        }
    }
}
