import Testing
@testable import Playground

/// Every bad message gets one `error` with a stable code and its `re`; the session keeps working.
@Suite struct BadInputTests {
    private func expectError(_ client: SessionClient, _ text: String, code: String, re: String? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let reply = client.send(text: text)
        let error = reply.last { $0["type"] as? String == "error" }
        #expect(error?["code"] as? String == code, "\(text) → \(reply)", sourceLocation: sourceLocation)
        #expect(error?["re"] as? String == re, sourceLocation: sourceLocation)
        #expect(error?["message"] as? String != nil, sourceLocation: sourceLocation)
        // Still alive: the scene request answers.
        let probe = client.send(["type": "scene", "id": "probe"])
        #expect(probe.last?["type"] as? String == "scene", sourceLocation: sourceLocation)
    }

    @Test func malformedMessages() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        expectError(client, "{not json", code: "bad-json")
        expectError(client, "[1,2]", code: "bad-json")
        expectError(client, #"{"type":"set","constraint":"navTop","constant":NaN}"#, code: "bad-json")
        expectError(client, #"{"type":"set","constraint":"navTop","constant":1e999}"#, code: "bad-json")
        expectError(client, #"{"id":"x"}"#, code: "missing-field", re: "x")
        expectError(client, #"{"type":"fly","id":"x"}"#, code: "unknown-type", re: "x")
        expectError(client, #"{"type":42,"id":"x"}"#, code: "invalid-field", re: "x")
        expectError(client, #"{"type":"load","name":"nope","id":"x"}"#, code: "unknown-scene", re: "x")
    }

    @Test func wrongIdsAndFields() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        expectError(client, #"{"type":"set","constraint":"ghost","constant":1,"id":"x"}"#,
                    code: "unknown-constraint", re: "x")
        expectError(client, #"{"type":"set","view":"ghost","alpha":1,"id":"x"}"#, code: "unknown-view", re: "x")
        expectError(client, #"{"type":"set","constraint":"navTop","constant":"big","id":"x"}"#,
                    code: "invalid-field", re: "x")
        expectError(client, #"{"type":"set","constraint":"navTop","id":"x"}"#, code: "missing-field", re: "x")
        expectError(client, #"{"type":"set","view":"cover","alpha":3,"id":"x"}"#, code: "invalid-value", re: "x")
        expectError(client, #"{"type":"set","view":"cover","bounds":[1,2],"id":"x"}"#, code: "invalid-field", re: "x")
        expectError(client, #"{"type":"set","constraint":"navTop","priority":0,"id":"x"}"#,
                    code: "invalid-priority", re: "x")
        expectError(client, #"{"type":"advance","seconds":1,"id":"x"}"#, code: "clock-not-manual", re: "x")
        expectError(client, #"{"type":"action","name":"nope","id":"x"}"#, code: "unknown-action", re: "x")
        expectError(client, #"{"type":"batch","ops":[{"type":"load","name":"keyboard"}],"id":"x"}"#,
                    code: "invalid-op", re: "x")
    }

    @Test func invalidConstraints() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        expectError(client, #"{"type":"add","constraint":{"first":"navView.width","second":"cover.top"},"id":"x"}"#,
                    code: "invalid-pairing", re: "x")
        expectError(client, #"{"type":"add","constraint":{"first":"navView.left","second":"cover.top"},"id":"x"}"#,
                    code: "invalid-pairing", re: "x")
        expectError(client, #"{"type":"add","constraint":{"first":"navView.top","constant":3},"id":"x"}"#,
                    code: "invalid-pairing", re: "x")
        expectError(client, #"{"type":"add","constraint":{"first":"navView.bogus"},"id":"x"}"#,
                    code: "unknown-attribute", re: "x")
        expectError(client, #"{"type":"add","constraint":{"first":"ghost.top","second":"root.top"},"id":"x"}"#,
                    code: "unknown-item", re: "x")
        expectError(client, #"{"type":"add","constraint":{"id":"navTop","first":"navView.height"},"id":"x"}"#,
                    code: "duplicate-id", re: "x")
        expectError(client, #"{"type":"add","view":{"id":"a.b"},"id":"x"}"#, code: "invalid-id", re: "x")
        expectError(client, #"{"type":"remove","view":"root","id":"x"}"#, code: "cannot-remove-root", re: "x")
    }

    @Test func deepAndHugeMessagesAreRefused() {
        let client = SessionClient()
        var nested = #"{"type":"batch","ops":[]}"#
        for _ in 0..<20 { nested = #"{"type":"batch","ops":[\#(nested)]}"# }
        expectError(client, nested, code: "too-deep")
        let many = Array(repeating: #"{"type":"setNeedsLayout"}"#, count: 10_001).joined(separator: ",")
        expectError(client, #"{"type":"batch","ops":[\#(many)]}"#, code: "too-many-ops")
    }

    @Test func aFailingOpInABatchNamesItsIndex() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let reply = client.send(text: #"{"type":"batch","id":1,"ops":[{"type":"set","constraint":"navTop","constant":5},{"type":"set","constraint":"x","constant":1}]}"#)
        let error = reply.last ?? [:]
        #expect(error["code"] as? String == "unknown-constraint")
        #expect((error["message"] as? String)?.hasPrefix("ops[1]:") == true)
        // Nothing took effect, the first op included (edits apply whole or not at all): the nav view
        // stays where the scene puts it, navTop 0, so (0, 0) and 375 × 62.
        expectFrame(client.frame("navView"), [0, 0, 375, 62])
    }
}

/// A misspelt required field is named, with the field it is nearest to.
@Suite struct MisspeltRequiredFieldTests {
    @Test func theTypoIsNamedAndTheMissingFieldSaid() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let reply = client.send(text: #"{"type":"set","constraint":"navTop","constnat":5,"id":"x"}"#)
        let error = reply.last { $0["type"] as? String == "error" }
        #expect(error?["code"] as? String == "unknown-field")
        #expect(error?["field"] as? String == "constnat")
        #expect(error?["suggestion"] as? String == "constant")
        #expect((error?["message"] as? String)?.contains("needs the field") == true, "\(String(describing: error))")
        let load = client.send(text: #"{"type":"load","nmae":"search-bar","id":"y"}"#).last
        #expect(load?["code"] as? String == "unknown-field")
        #expect(load?["suggestion"] as? String == "name")
    }

    /// The typo is blamed, not a correctly spelt field the handler had not reached: `constriant` is one
    /// swap of adjacent letters from `constraint`, `constant` two insertions.
    @Test func theTypoIsBlamedNotTheFieldBesideIt() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let cases: [(text: String, field: String, suggestion: String)] = [
            (#"{"type":"set","constriant":"navTop","constant":20,"id":"x"}"#, "constriant", "constraint"),
            (#"{"type":"set","veiw":"navView","alpha":0.5,"id":"x"}"#, "veiw", "view"),
            (#"{"tpye":"load","name":"keyboard","id":"x"}"#, "tpye", "type"),
        ]
        for (text, field, suggestion) in cases {
            let error = client.send(text: text).last { $0["type"] as? String == "error" }
            #expect(error?["code"] as? String == "unknown-field", "\(text)")
            #expect(error?["field"] as? String == field, "\(text)")
            #expect(error?["suggestion"] as? String == suggestion, "\(text)")
        }
    }
}
