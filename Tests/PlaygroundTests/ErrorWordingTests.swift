import Foundation
import Testing
@testable import Playground

/// How refusals read: whole numbers as whole numbers, malformed JSON with where it broke and what was
/// expected there, and a misspelt attribute with the nearest name.
@Suite struct ErrorWordingTests {
    private func error(_ client: SessionClient, text: String) -> [String: Any]? {
        client.send(text: text).last { $0["type"] as? String == "error" }
    }

    @Test func wholeNumbersPrintWithoutAFraction() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let priority = error(client, text: #"{"type":"add","constraint":{"first":"navView.width","constant":10,"priority":-5}}"#)
        #expect(priority?["code"] as? String == "invalid-priority")
        #expect(priority?["message"] as? String == "priority -5 is outside (0, 1000]")
        let fraction = error(client, text: #"{"type":"add","constraint":{"first":"navView.width","constant":10,"priority":1000.5}}"#)
        #expect(fraction?["message"] as? String == "priority 1000.5 is outside (0, 1000]")
        let step = error(client, text: #"{"type":"step","index":9}"#)
        #expect(step?["code"] as? String == "unknown-step")
        #expect((step?["message"] as? String)?.hasSuffix("there is no step 9") == true)
    }

    /// `add` with a top-level `equation` names that field and where an equation goes; an `add` of
    /// nothing lists every field it takes.
    @Test func anEquationBesideAddNamesWhereItGoes() throws {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let beside = try #require(error(client, text: #"{"type":"add","equation":"navView.top == root.top + 8"}"#))
        #expect(beside["code"] as? String == "unknown-field")
        #expect(beside["field"] as? String == "equation")
        #expect(beside["message"] as? String == "unknown field 'equation': an equation is added as 'constraint', "
                + "a string or an object with 'equation'")
        let empty = try #require(error(client, text: #"{"type":"add"}"#))
        #expect(empty["code"] as? String == "missing-field")
        #expect(empty["message"] as? String == "'add' needs the field 'view', 'constraint', 'guide' or 'format'")
    }

    @Test func truncatedJSONSaysWhereAndWhatWasExpected() throws {
        let client = SessionClient()
        let text = #"{"type":"load","name":"search-bar""#
        let cut = try #require(error(client, text: text))
        #expect(cut["code"] as? String == "bad-json")
        // The text is 34 bytes on one line: it ends at byte 34, column 35, inside the object opened at column 1.
        #expect(cut["position"] as? Int == 34)
        #expect(cut["line"] as? Int == 1)
        #expect(cut["column"] as? Int == 35)
        #expect(cut["message"] as? String == "the message is not valid JSON at byte 34 (line 1, column 35): the message "
                + "ends early, where ',' or '}' to close the object opened at line 1, column 1 was expected: it looks cut short")
    }

    @Test func eachKindOfBreakIsPlaced() throws {
        let client = SessionClient()
        // (text, byte offset, line, column, words of the message)
        let cases: [(String, Int, Int, Int, String)] = [
            ("{\"type\":\"load\",\n \"name\" \"x\"}", 24, 2, 9, "expected ':' after the key, found '\"'"),
            (#"{"type":"clock","mode":manual}"#, 23, 1, 24, "expected a value"),
            (#"{"type":"cl"#, 11, 1, 12, "ends inside the string that opens at byte 8"),
            (#"{"type":"advance","seconds":1e999}"#, 28, 1, 29, "the number 1e999 is outside the range of a double"),
            (#"{"type":"advance","seconds":-}"#, 29, 1, 30, "expected a digit after '-', found '}'"),
            (#"{"type":"advance"} x"#, 19, 1, 20, "expected the end of the message after its value, found 'x'"),
            (#"{"a":tru"#, 8, 1, 9, "the message ends inside 'true'"),
            ("{\"é\":[1,\n2,]]", 12, 2, 3, "expected a value (an object, array, string, number, true, false or null), found ']'"),
            (String(repeating: "[", count: 600), 512, 1, 513, "nests deeper than 512 levels"),
        ]
        for (text, position, line, column, words) in cases {
            let answer = try #require(error(client, text: text), "\(text)")
            #expect(answer["code"] as? String == "bad-json")
            #expect(answer["position"] as? Int == position, "\(text): \(answer)")
            #expect(answer["line"] as? Int == line, "\(text): \(answer)")
            #expect(answer["column"] as? Int == column, "\(text): \(answer)")
            #expect((answer["message"] as? String)?.contains(words) == true, "\(text): \(answer)")
        }
    }

    @Test func aMisspeltAttributeIsAnsweredWithTheNearestName() {
        let client = SessionClient()
        client.send(["type": "load", "scene": ["root": ["size": [375, 667]], "views": [["id": "navView"]]]])
        let error = add(client, equation: "navView.widht == 100")
        #expect(error?["code"] as? String == "unknown-attribute")
        #expect(error?["suggestion"] as? String == "width")
        #expect((error?["message"] as? String)?.contains("'widht' is not a layout attribute: did you mean 'width'?") == true)
        #expect(error?["position"] as? Int == 8)
        let anchor = add(client, equation: "navView.topAnchr == root.top")
        #expect(anchor?["suggestion"] as? String == "topAnchor")
        let document = client.send(["type": "add", "constraint": ["first": "navView.widht", "constant": 1], "id": 2]).last
        #expect(document?["suggestion"] as? String == "width")
    }

    private func add(_ client: SessionClient, equation: String) -> [String: Any]? {
        client.send(["type": "add", "constraint": equation, "id": "add"]).last
    }
}
