import Foundation
import Testing
@testable import Playground

/// An edit's answer says what it changed in the scene document, in the document's own shape, and a
/// shared session's followers are told the same (`ChangeAnnouncement`), so a copy of the document kept
/// from those answers equals the document the server writes.
@Suite struct ChangeAnnouncementTests {
    private func document(_ client: SessionClient) -> [String: Any] {
        SceneWriter.document(of: client.session.scene)
    }

    /// `scene` with `changes` applied as the page applies them (Public/scene-changes.js): entries
    /// replaced or added by id, removed ones dropped, lists put in the announced order.
    private func applied(_ changes: [String: Any], to scene: [String: Any]) -> [String: Any] {
        var result = scene
        for (key, orderKey) in [("views", "viewOrder"), ("constraints", "constraintOrder")] {
            var entries = (scene[key] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0) }
            let removed = Set((changes["removed"] as? [String: Any])?[key] as? [String] ?? [])
            entries.removeAll { removed.contains($0.0) }
            for entry in changes[key] as? [[String: Any]] ?? [] {
                let id = entry["id"] as? String ?? ""
                if let index = entries.firstIndex(where: { $0.0 == id }) { entries[index].1 = entry } else { entries.append((id, entry)) }
            }
            if let order = changes[orderKey] as? [String] {
                let byID = Dictionary(entries, uniquingKeysWith: { $1 })
                entries = order.compactMap { id in byID[id].map { (id, $0) } }
            }
            result[key] = entries.map(\.1)
        }
        for key in ["root", "guides"] where changes[key] != nil { result[key] = changes[key] }
        if (result["guides"] as? [Any])?.isEmpty == true { result["guides"] = nil }
        return result
    }

    /// The presenter sets navHeight's constant to 90: its `ok` and the follower's `changes` event both
    /// carry navHeight's entry with constant 90, and nothing else.
    @Test func aConstantSetIsAnnouncedToTheSenderAndTheFollowers() throws {
        let registry = LocalShareRegistry(maxSharedSessions: 2, maxFollowers: 2)
        let owner = SessionClient(), follower = SessionClient()
        owner.session.shareRegistry = registry
        follower.session.shareRegistry = registry
        owner.send(["type": "load", "name": "search-bar", "id": 1])
        let code = owner.send(["type": "share", "id": 2]).last?["code"] as? String ?? ""
        follower.send(["type": "follow", "code": code, "id": 3])
        let answer = owner.send(["type": "set", "constraint": "navHeight", "constant": 90, "id": 4]).last ?? [:]
        #expect(answer["type"] as? String == "ok")
        #expect(answer["undo"] as? Int == 1 && answer["redo"] as? Int == 0)
        let event = try #require(follower.drain().first { $0["type"] as? String == "changes" })
        for changes in [answer["changes"], event["changes"]] {
            let constraints = (changes as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
            #expect(constraints.count == 1)
            #expect(constraints.first?["id"] as? String == "navHeight" && constraints.first?["constant"] as? Double == 90)
            #expect(((changes as? [String: Any])?["views"] as? [Any])?.isEmpty == true)
        }
    }

    /// Edits of every kind, recorded entry by entry or as whole documents: the copy kept from the
    /// answers equals the document the server writes after each.
    @Test func aCopyKeptFromTheAnswersIsTheDocument() {
        let client = SessionClient()
        var copy = client.send(["type": "load", "name": "search-bar", "id": 1]).last?["scene"] as? [String: Any] ?? [:]
        let edits: [[String: Any]] = [
            ["type": "set", "constraint": "navHeight", "constant": 80],
            ["type": "set", "view": "root", "safeArea": [44, 0, 34, 0]],
            ["type": "add", "view": ["id": "badge", "parent": "navView"]],
            ["type": "add", "constraint": ["first": "badge.width", "constant": 24]],
            ["type": "add", "guide": ["id": "spacer"]],
            ["type": "batch", "ops": [
                ["type": "remove", "constraint": "navTop"],
                ["type": "add", "constraint": ["id": "navTop", "first": "navView.top", "second": "root.top", "constant": 5]],
            ]],
            // Kept whole for undo: told by comparing the documents before and after.
            ["type": "action", "name": "focus"],
            ["type": "remove", "view": "badge"],
            ["type": "set", "view": "root", "bounds": [0, 0, 320, 568]],
        ]
        for (index, edit) in edits.enumerated() {
            let answer = client.send(edit.merging(["id": 10 + index]) { $1 }).last ?? [:]
            #expect(answer["type"] as? String == "ok", "edit \(index): \(answer)")
            guard let changes = answer["changes"] as? [String: Any] else {
                Issue.record("edit \(index) answered without changes")
                continue
            }
            copy = applied(changes, to: copy)
            #expect(Session.encode(copy) == Session.encode(document(client)), "after edit \(index)")
        }
    }
}
