import Testing
@testable import Playground

/// Constraints without an `id` are named `c1`, `c2`, …: the first id of that form not taken when the
/// constraint goes in, whether a document's constraints go in as one run or one `add` at a time.
struct UnnamedConstraintIDTests {
    /// A 100 pt box pinned by five constraints, the second named `c3` by the document.
    private func boxScene() -> [String: Any] {
        ["name": "box", "root": ["size": [375, 667]],
         "views": [["id": "box"]],
         "constraints": [
             ["first": "box.top", "second": "root.top", "constant": 10],
             ["id": "c3", "first": "box.leading", "second": "root.leading", "constant": 20],
             ["first": "box.width", "constant": 100],
             ["first": "box.height", "constant": 100],
             ["first": "box.trailing", "relation": "<=", "second": "root.trailing"],
         ]]
    }

    private func ids(_ messages: [[String: Any]]) -> [String] {
        let scene = messages.first { $0["type"] as? String == "scene" }?["scene"] as? [String: Any]
        return (scene?["constraints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aDocumentsUnnamedConstraintsTakeTheFirstFreeIDsInOrder() {
        let client = SessionClient()
        let loaded = client.send(["type": "load", "scene": boxScene(), "id": 1])
        // c1 for the first; c3 is the document's own; then c2 (still free), c4 (c3 taken), c5.
        #expect(ids(loaded) == ["c1", "c3", "c2", "c4", "c5"])
        // top 10, leading 20, 100 × 100.
        expectFrame(client.frame("box"), [20, 10, 100, 100])
    }

    @Test func anAddAfterARemovalTakesTheFreedID() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "scene": boxScene(), "id": 1])
        client.send(["type": "remove", "constraint": "c4", "id": 2])
        client.send(["type": "add", "constraint": ["first": "box.height", "constant": 50], "id": 3])
        // c1, c2 and c3 are taken; c4, freed by the removal, is the first free id again.
        #expect(ids(client.send(["type": "scene", "id": 4])) == ["c1", "c3", "c2", "c5", "c4"])
        expectFrame(client.frame("box"), [20, 10, 100, 50])
    }
}
