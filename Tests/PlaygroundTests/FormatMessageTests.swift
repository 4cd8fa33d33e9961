import Testing
@testable import Playground

/// `add` with Visual Format Language strings and constraint equations, through a `Session`.
@Suite struct FormatMessageTests {
    /// A 375 × 667 scene with views a, b and picker, and no constraints.
    private func client(views: [String] = ["a", "b", "picker"], safeArea: [Double] = [0, 0, 0, 0]) -> SessionClient {
        let client = SessionClient()
        client.send(["type": "load", "scene": ["root": ["size": [375, 667], "safeArea": safeArea],
                                               "views": views.map { ["id": $0] }]])
        return client
    }

    private func constraintIDs(_ client: SessionClient) -> [String] {
        let reply = client.send(["type": "scene", "id": "s"])
        let scene = reply.last?["scene"] as? [String: Any]
        return (scene?["constraints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    private func error(_ messages: [[String: Any]]) -> [String: Any]? {
        messages.last { $0["type"] as? String == "error" }
    }

    @Test func formatAddsConstraintsAndAnswersTheirIds() {
        let client = client()
        let reply = client.send(["type": "add", "format": "H:|-[a]-[b(==a)]-|", "options": ["alignAllTop", "alignAllBottom"],
                                 "id": 1])
        #expect(types(reply) == ["frames", "added"])
        #expect(reply.last?["re"] as? Int == 1)
        #expect(reply.last?["constraints"] as? [String]
            == ["vfl-1-1", "vfl-1-2", "vfl-1-3", "vfl-1-4", "vfl-1-5", "vfl-1-6"])
        let vertical = client.send(["type": "add", "format": "V:|-top-[a(height@750)]", "metrics": ["top": 100, "height": 50],
                                    "idPrefix": "col"])
        // Sent without an id too, so a client learns the generated ids.
        #expect(vertical.last?["type"] as? String == "added")
        #expect(vertical.last?["constraints"] as? [String] == ["col1", "col2"])
        // 20 + w + 8 + w + 20 = 375 → w = 163.5; b at 20 + 163.5 + 8 = 191.5, aligned with a (top 100, 50 tall).
        expectFrame(client.frame("a"), [20, 100, 163.5, 50])
        expectFrame(client.frame("b"), [191.5, 100, 163.5, 50])
    }

    @Test func viewsMapAndSingleOption() {
        let client = client(views: ["content-view", "side"])
        client.send(["type": "add", "format": "H:|[c(200)]-(>=10)-[s(100)]|", "views": ["c": "content-view", "s": "side"],
                     "options": "alignAllCenterY"])
        client.send(["type": "add", "format": "V:[c(40)]-30-|", "views": ["c": "content-view"]])
        client.send(["type": "add", "format": "V:[s(20)]", "views": ["s": "side"]])
        // content: 0…200, bottom 667 − 30 = 637 → y 597. side: right edge 375 → x 275; centred on 617 → y 607.
        expectFrame(client.frame("content-view"), [0, 597, 200, 40])
        expectFrame(client.frame("side"), [275, 607, 100, 20])
    }

    @Test func syntaxErrorsCarryAPositionAndAddNothing() {
        let client = client()
        let reply = client.send(["type": "add", "format": "H:|-[a-|", "id": "x"])
        let failure = error(reply)
        #expect(failure?["code"] as? String == "vfl-syntax")
        #expect(failure?["position"] as? Int == 6)
        #expect(failure?["re"] as? String == "x")
        #expect((failure?["message"] as? String)?.hasSuffix("\nH:|-[a-| \n      ^") == true)

        // The third constraint is refused (priority 2000), so the first two are not added either.
        let priority = error(client.send(["type": "add", "format": "|-[a]-[b(50@2000)]", "id": "y"]))
        #expect(priority?["code"] as? String == "invalid-priority")
        #expect(priority?["position"] == nil)
        #expect(constraintIDs(client).isEmpty)

        let checks: [([String: Any], String, Int?)] = [
            (["format": "[ghost]"], "unknown-view", 1),
            (["format": "|-gap-[a]"], "unknown-metric", 2),
            (["format": "V:[a][b]", "options": "alignAllTop"], "invalid-options", 0),
            (["format": "[a][b]", "options": "alignTop"], "invalid-field", nil),
            (["format": "[a][b]", "options": 3], "invalid-field", nil),
            (["format": "[a(w)]", "metrics": ["w": "wide"]], "invalid-field", nil),
            (["format": "[a]", "views": ["a": 1]], "invalid-field", nil),
            (["format": "[a][b]", "views": ["a": "a", "b": "ghost"]], "unknown-item", 4),
            (["format": "[a]", "constraint": "a.width == 1"], "invalid-field", nil),
            (["format": 7], "invalid-field", nil),
        ]
        for (fields, code, position) in checks {
            let message = fields.merging(["type": "add", "id": "z"]) { $1 }
            let failure = error(client.send(message))
            #expect(failure?["code"] as? String == code, "\(fields)")
            #expect(failure?["position"] as? Int == position, "\(fields)")
        }
        #expect(constraintIDs(client).isEmpty)
    }

    @Test func errorsInsideABatchKeepTheirPosition() {
        let client = client()
        let reply = client.send(["type": "batch", "id": 2, "ops": [
            ["type": "add", "format": "H:|[a(10)]"],
            ["type": "add", "constraint": "a.top == root.top +"],
        ]])
        let failure = error(reply)
        #expect(failure?["code"] as? String == "equation-syntax")
        #expect(failure?["position"] as? Int == 19)
        #expect((failure?["message"] as? String)?.hasPrefix("ops[1]: Unable to parse constraint equation") == true)
        // Nothing stays applied, the first op's constraints included (docs/PROTOCOL.md, "All or nothing").
        #expect(constraintIDs(client) == [])
    }

    @Test func equationStrings() {
        let client = client(safeArea: [44, 0, 34, 0])
        let bare = client.send(["type": "add", "constraint": "picker.top == root.safeArea.top + 400 @750", "id": 1])
        #expect(bare.last?["type"] as? String == "added")
        #expect(bare.last?["constraints"] as? [String] == ["c1"])
        let named = client.send(["type": "add", "constraint": ["id": "pickerHeight", "equation": "picker.height == 200"],
                                 "id": 2])
        #expect(named.last?["constraints"] as? [String] == ["pickerHeight"])
        client.send(["type": "batch", "ops": [
            ["type": "add", "constraint": "picker.leading == root.leading"],
            ["type": "add", "constraint": "picker.width == root.width * 0.5 + 10"],
        ]])
        // top 44 + 400 = 444; width 375 × 0.5 + 10 = 197.5.
        expectFrame(client.frame("picker"), [0, 444, 197.5, 200])
        client.send(["type": "add", "constraint": ["id": "cap", "equation": "picker.bottom <= root.bottom - 200"]])
        // Required: bottom ≤ 667 − 200 = 467, so the top at 750 gives way: 467 − 200 = 267.
        expectFrame(client.frame("picker"), [0, 267, 197.5, 200])

        // The scene shows the equation's parts.
        let scene = client.send(["type": "scene", "id": 3]).last?["scene"] as? [String: Any]
        let first = (scene?["constraints"] as? [[String: Any]])?.first
        #expect(first?["first"] as? String == "picker.top")
        #expect(first?["second"] as? String == "root.safeArea.top")
        #expect(first?["constant"] as? Double == 400)
        #expect(first?["priority"] as? Double == 750)

        // The object form without the new field still answers ok.
        let plain = client.send(["type": "add", "constraint": ["first": "a.width", "constant": 5], "id": 4])
        #expect(plain.last?["type"] as? String == "ok")
    }

    @Test func equationErrors() {
        let client = client()
        let checks: [(Any, String, Int?)] = [
            ("picker.top = root.top", "equation-syntax", 11),
            ("picker.bogus == root.top", "unknown-attribute", 7),
            ("ghost.top == root.top", "unknown-item", 0),
            ("picker.top == ghost.top", "unknown-item", 14),
            ("picker.top == root.width", "invalid-pairing", nil),
            ("picker.width == 10 @0", "invalid-priority", nil),
            (["equation": "picker.top == root.top", "constant": 4], "invalid-field", nil),
            (["equation": 12], "invalid-field", nil),
            (["id": "bad id", "equation": "picker.width == 1"], "invalid-id", nil),
        ]
        for (constraint, code, position) in checks {
            let failure = error(client.send(["type": "add", "constraint": constraint, "id": "e"]))
            #expect(failure?["code"] as? String == code, "\(constraint)")
            #expect(failure?["position"] as? Int == position, "\(constraint)")
        }
        client.send(["type": "add", "constraint": ["id": "w", "equation": "picker.width == 1"]])
        let duplicate = error(client.send(["type": "add", "constraint": ["id": "w", "equation": "picker.width == 2"]]))
        #expect(duplicate?["code"] as? String == "duplicate-id")
        #expect(constraintIDs(client) == ["w"])
    }

    @Test func sceneDocumentsMayUseEquations() {
        let client = SessionClient()
        let reply = client.send(["type": "load", "id": 1, "scene": [
            "root": ["size": [375, 667]],
            "views": [["id": "card"]],
            "constraints": [
                ["id": "cardTop", "equation": "card.top == root.top + 100"],
                ["equation": "card.leading == root.leading + 16"],
                ["equation": "card.trailing == root.trailing - 16"],
                ["equation": "card.height == card.width / 2 @750"],
                ["id": "off", "equation": "card.height == 10", "active": false],
            ],
        ]])
        #expect(types(reply) == ["frames", "scene"])
        let constraints = (reply.last?["scene"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
        #expect(constraints.compactMap { $0["id"] as? String } == ["cardTop", "c1", "c2", "c3", "off"])
        #expect(constraints.last?["active"] as? Bool == false)
        // width 375 − 32 = 343; height 343 / 2 = 171.5.
        expectFrame(client.frame("card"), [16, 100, 343, 171.5])

        let bad = client.send(["type": "load", "id": 2, "scene": [
            "views": [["id": "card"]], "constraints": [["equation": "card.top == root.top +"]],
        ]])
        #expect(bad.last?["code"] as? String == "equation-syntax")
        #expect(bad.last?["position"] as? Int == 22)
    }

    @Test func formatsRespectTheConstraintLimit() {
        let client = client()
        for index in 0..<1999 {
            client.send(["type": "add", "constraint": ["id": "k\(index)", "first": "a.width", "relation": ">=",
                                                       "constant": 1]])
        }
        let failure = error(client.send(["type": "add", "format": "|[a][b]", "id": "f"]))
        #expect(failure?["code"] as? String == "too-many-constraints")
        #expect(constraintIDs(client).count == 1999)
        #expect(client.send(["type": "add", "format": "[a(9)]", "id": "g"]).last?["type"] as? String == "added")
    }
}
