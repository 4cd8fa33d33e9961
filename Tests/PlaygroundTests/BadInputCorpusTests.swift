import Foundation
import Testing
@testable import Playground

/// Hostile input against a session (docs/SECURITY.md): every message type with missing, extra,
/// wrong-type, huge, negative, NaN/∞, deeply nested and non-UTF-8 fields, view-tree cycles, removals
/// under constraints, odd ids. Each entry gets one `error` with a stable code (or, for harmless extras,
/// its normal answer), and afterwards the session still lays out correctly: a probe moves the search
/// bar's nav view and checks its streamed frame. The transport's corpus (RFC 6455 frames by hand) is
/// Tests/socket/test_rfc6455.py.
@Suite struct BadInputCorpusTests {
    /// (message, expected code; nil when the message is valid and must be answered normally).
    static let corpus: [(String, String?)] = [
        // Not a message at all.
        ("", "bad-json"), (" ", "bad-json"), ("null", "bad-json"), ("42", "bad-json"), (#""load""#, "bad-json"),
        ("[]", "bad-json"), ("{", "bad-json"), (#"{"type":"scene","id":1"#, "bad-json"),
        (#"{"type":"scene","id":1}}"#, "bad-json"), ("{'type':'scene'}", "bad-json"),
        (#"{"type":"set","constraint":"navTop","constant":NaN,"id":1}"#, "bad-json"),
        (#"{"type":"set","constraint":"navTop","constant":Infinity,"id":1}"#, "bad-json"),
        (#"{"type":"set","constraint":"navTop","constant":-1e400,"id":1}"#, "bad-json"),
        (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "bad-json"),
        (String(repeating: #"{"a":"#, count: 50_000) + "1" + String(repeating: "}", count: 50_000), "bad-json"),
        // The envelope: type and id.
        (#"{}"#, "missing-field"), (#"{"id":"x"}"#, "missing-field"), (#"{"type":null,"id":"x"}"#, "missing-field"),
        (#"{"type":7,"id":"x"}"#, "invalid-field"), (#"{"type":["load"],"id":"x"}"#, "invalid-field"),
        (#"{"type":"","id":"x"}"#, "unknown-type"), (#"{"type":"LOAD","id":"x"}"#, "unknown-type"),
        (#"{"type":"load\u0000","id":"x"}"#, "unknown-type"), (#"{"type":"\ud800","id":"x"}"#, "bad-json"),
        (#"{"type":"scene","id":{"a":1}}"#, "invalid-field"), (#"{"type":"scene","id":[1]}"#, "invalid-field"),
        (#"{"type":"scene","id":true}"#, "invalid-field"),
        (#"{"type":"scene","id":""# + String(repeating: "i", count: 300) + #""}"#, "invalid-field"),
        // Strict protocol: a field no handler reads is refused, at any depth; so is a key given twice.
        (#"{"type":"scene","id":"x","extra":{"deep":[1,2,{"x":null}]},"more":"\u00e9\ud83d\ude00"}"#, "unknown-field"),
        (#"{"type":"set","constraint":"navTop","constant":1,"priorty":750,"id":"x"}"#, "unknown-field"),
        (#"{"type":"load","scene":{"root":{"size":[320,480],"colour":"red"}},"id":"x"}"#, "unknown-field"),
        (#"{"type":"load","scene":{"views":[{"id":"a"},{"id":"b","frmae":[0,0,1,1]}]},"id":"x"}"#, "unknown-field"),
        // Edits apply all or nothing (docs/PROTOCOL.md, "All or nothing"): these change nothing.
        (#"{"type":"add","constraint":{"first":"navView.width","relation":">=","constnat":4},"id":"x"}"#, "unknown-field"),
        (#"{"type":"batch","ops":[{"type":"set","constraint":"navTop","constant":1,"animate":true}],"id":"x"}"#, "unknown-field"),
        (#"{"type":"animate","duration":0.3,"curve":{"spring":{"damping":0.5,"dampnig":1}},"ops":[],"id":"x"}"#, "unknown-field"),
        (#"{"type":"batch","ops":[{"type":"set","constraint":"navTop","constant":-62},{"type":"remove","view":"nobody"}],"id":"x"}"#, "unknown-view"),
        (#"{"type":"add","view":{"id":"badge","alpah":1},"id":"x"}"#, "unknown-field"),
        (#"{"type":"drag","view":"searchBar","point":[0,300],"pointt":1,"id":"x"}"#, "unknown-field"),
        (#"{"type":"scene","id":"x","type":"scene"}"#, "bad-json"),
        (#"{"type":"set","constraint":"navTop","constant":1,"constant":2,"id":"x"}"#, "bad-json"),
        (#"{"type":"set","constraint":"navTop","constant":1,"\u0063onstant":2,"id":"x"}"#, "bad-json"),
        (#"{"type":"load","scene":{"views":[{"id":"a","id":"b"}]},"id":"x"}"#, "bad-json"),
        (#"{"type":"scene","id":"x",}"#, "bad-json"), (#"{"type":"batch","ops":[{"type":"scene"},],"id":"x"}"#, "bad-json"),
        // The page's clipsToBounds flag is a known view field (a boolean).
        (#"{"type":"load","scene":{"views":[{"id":"a","clipsToBounds":true}]},"id":"x"}"#, nil),
        (#"{"type":"load","scene":{"views":[{"id":"a","clipsToBounds":"yes"}]},"id":"x"}"#, "invalid-field"),
        // The same key in different objects is fine.
        (#"{"type":"batch","ops":[{"type":"set","constraint":"navTop","constant":1},{"type":"set","constraint":"navTop","constant":0}],"id":"x"}"#, nil),
        // load
        (#"{"type":"load","id":"x"}"#, "missing-field"), (#"{"type":"load","name":5,"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","name":"../../etc/passwd","id":"x"}"#, "unknown-scene"),
        (#"{"type":"load","scene":"date-picker","id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"root":{"size":[-1,5]}},"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"root":{"size":[1e308,5]}},"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"root":{"size":[0,0]}},"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"root":{"scale":2.5}},"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"root":{"safeArea":[-5,0,0,0]}},"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"views":{"id":"a"}},"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"views":[7]},"id":"x"}"#, "invalid-field"),
        (#"{"type":"load","scene":{"views":[{"parent":"root"}]},"id":"x"}"#, "missing-field"),
        // Cycles cannot be written: a parent must exist before its child, a view cannot parent itself.
        (#"{"type":"load","scene":{"views":[{"id":"a","parent":"a"}]},"id":"x"}"#, "unknown-view"),
        (#"{"type":"load","scene":{"views":[{"id":"a","parent":"b"},{"id":"b","parent":"a"}]},"id":"x"}"#, "unknown-view"),
        (#"{"type":"load","scene":{"views":[{"id":"root","parent":"root"}]},"id":"x"}"#, "duplicate-id"),
        (#"{"type":"load","scene":{"views":[{"id":"a"},{"id":"a","parent":"a"}]},"id":"x"}"#, "duplicate-id"),
        (#"{"type":"load","scene":{"constraints":[{"first":"root.width","constant":-10}]},"id":"x"}"#, nil),
        (#"{"type":"load","scene":{"views":[{"id":"a","alpha":-1}]},"id":"x"}"#, "invalid-value"),
        (#"{"type":"load","scene":{"views":[{"id":"a","intrinsicSize":[1e308,1e308]}]},"id":"x"}"#, "invalid-value"),
        // set
        (#"{"type":"set","id":"x"}"#, "missing-field"), (#"{"type":"set","constraint":"navTop","id":"x"}"#, "missing-field"),
        (#"{"type":"set","constraint":3,"constant":1,"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","constraint":"navTop","constant":"1","id":"x"}"#, "invalid-field"),
        (#"{"type":"set","constraint":"navTop","constant":true,"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","constraint":"navTop","constant":[1],"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","constraint":"navTop","constant":1e308,"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","constraint":"navTop","priority":-1,"id":"x"}"#, "invalid-priority"),
        (#"{"type":"set","constraint":"navTop","priority":1001,"id":"x"}"#, "invalid-priority"),
        (#"{"type":"set","constraint":"navTop","active":1,"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","constraint":"ghost\u0000","constant":1,"id":"x"}"#, "unknown-constraint"),
        (#"{"type":"set","view":"navView","alpha":-0.5,"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","view":"navView","alpha":2,"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","view":"navView","bounds":[0,0,-5,10],"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","view":"navView","bounds":[0,0,5],"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","view":"navView","bounds":[0,0,"5",1],"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","view":"navView","bounds":[0,0,1e308,1e308],"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","view":"navView","center":[-1e12,0],"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","view":"navView","transform":[1e300,0,0,1,0,0],"id":"x"}"#, "invalid-value"),
        (#"{"type":"add","view":{"id":"a","frame":[0,0,1e10,1]},"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","view":"navView","transform":[1,0,0,1,0],"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","view":"navView","intrinsicSize":[-7,-7],"id":"x"}"#, "invalid-value"),
        (#"{"type":"set","view":"navView","safeArea":[0,0,0,0],"id":"x"}"#, "invalid-field"),
        (#"{"type":"set","view":"root","safeArea":[-1,0,0,0],"id":"x"}"#, "invalid-value"),
        // add
        (#"{"type":"add","id":"x"}"#, "missing-field"), (#"{"type":"add","view":"a","id":"x"}"#, "invalid-field"),
        (#"{"type":"add","view":{"id":"navView"},"id":"x"}"#, "duplicate-id"),
        (#"{"type":"add","view":{"id":"a","parent":"a"},"id":"x"}"#, "unknown-view"),
        (#"{"type":"add","view":{"id":"a","parent":"ghost"},"id":"x"}"#, "unknown-view"),
        (#"{"type":"add","view":{"id":"a b"},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":""},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":"é"},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":"a/../b"},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":"<script>"},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":"a\u0000"},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":"a\ud83d\ude00"},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":""# + String(repeating: "v", count: 65) + #""},"id":"x"}"#, "invalid-id"),
        (#"{"type":"add","view":{"id":"a","label":""# + String(repeating: "l", count: 300) + #""},"id":"x"}"#, "invalid-field"),
        (#"{"type":"add","constraint":{"first":"navView.top"},"id":"x"}"#, "invalid-pairing"),
        (#"{"type":"add","constraint":{"first":"navView"},"id":"x"}"#, "invalid-field"),
        (#"{"type":"add","constraint":{"first":".top"},"id":"x"}"#, "unknown-item"),
        (#"{"type":"add","constraint":{"first":"navView.top","second":"root.top","relation":"=<"},"id":"x"}"#, "invalid-field"),
        (#"{"type":"add","constraint":{"first":"navView.top","second":"root.top","multiplier":"2"},"id":"x"}"#, "invalid-field"),
        (#"{"type":"add","constraint":{"first":"navView.top","second":"root.top","priority":0},"id":"x"}"#, "invalid-priority"),
        (#"{"type":"add","constraint":{"first":"navView.width","constant":1e308},"id":"x"}"#, "invalid-value"),
        (#"{"type":"add","constraint":{"id":"c d","first":"navView.width"},"id":"x"}"#, "invalid-id"),
        // remove
        (#"{"type":"remove","id":"x"}"#, "missing-field"), (#"{"type":"remove","view":["navView"],"id":"x"}"#, "invalid-field"),
        (#"{"type":"remove","view":"ghost","id":"x"}"#, "unknown-view"),
        (#"{"type":"remove","view":"root","id":"x"}"#, "cannot-remove-root"),
        (#"{"type":"remove","constraint":"ghost","id":"x"}"#, "unknown-constraint"),
        // layout, ambiguity, conversion
        (#"{"type":"layoutIfNeeded","view":"ghost","id":"x"}"#, "unknown-view"),
        (#"{"type":"layoutIfNeeded","view":1,"id":"x"}"#, "invalid-field"),
        (#"{"type":"setNeedsLayout","bogus":[[[[]]]],"id":"x"}"#, "unknown-field"),
        (#"{"type":"exerciseAmbiguity","view":"ghost","id":"x"}"#, "unknown-view"),
        (#"{"type":"convert","id":"x"}"#, "missing-field"),
        (#"{"type":"convert","rect":[0,0,1],"id":"x"}"#, "invalid-field"),
        (#"{"type":"convert","rect":[0,0,1,1],"from":"ghost","id":"x"}"#, "unknown-view"),
        (#"{"type":"drag","id":"x"}"#, "missing-field"), (#"{"type":"drag","view":"root","point":[1,1],"id":"x"}"#, "invalid-field"),
        (#"{"type":"drag","view":"navView","phase":"sideways","point":[1,1],"id":"x"}"#, "invalid-field"),
        (#"{"type":"device","name":"nokia-3310","id":"x"}"#, "unknown-device"),
        (#"{"type":"export","id":"x"}"#, "missing-field"), (#"{"type":"export","format":"pdf","id":"x"}"#, "invalid-field"),
        // animate, batch, action, keyboard
        (#"{"type":"animate","duration":-1,"ops":[],"id":"x"}"#, "invalid-field"),
        (#"{"type":"animate","duration":1e9,"ops":[],"id":"x"}"#, "invalid-field"),
        (#"{"type":"animate","delay":"soon","ops":[],"id":"x"}"#, "invalid-field"),
        (#"{"type":"animate","curve":"bouncy","ops":[],"id":"x"}"#, "invalid-field"),
        (#"{"type":"animate","curve":{"bezier":[0,0,1]},"ops":[],"id":"x"}"#, "invalid-field"),
        (#"{"type":"animate","curve":{"spring":{"damping":-1,"velocity":0}},"ops":[],"id":"x"}"#, "invalid-field"),
        (#"{"type":"animate","ops":{"type":"setNeedsLayout"},"id":"x"}"#, "invalid-field"),
        (#"{"type":"animate","ops":[{"type":"load","name":"keyboard"}],"id":"x"}"#, "invalid-op"),
        (#"{"type":"batch","ops":[1,2],"id":"x"}"#, "invalid-field"),
        (#"{"type":"batch","ops":[{"type":"advance","seconds":1}],"id":"x"}"#, "invalid-op"),
        (#"{"type":"batch","ops":[{"type":"set","constraint":"ghost","constant":1}],"id":"x"}"#, "unknown-constraint"),
        (#"{"type":"action","id":"x"}"#, "missing-field"), (#"{"type":"action","name":"__proto__","id":"x"}"#, "unknown-action"),
        (#"{"type":"keyboard","id":"x"}"#, "missing-field"), (#"{"type":"keyboard","show":"yes","id":"x"}"#, "invalid-field"),
        (#"{"type":"keyboard","show":true,"height":-216,"id":"x"}"#, "invalid-field"),
        (#"{"type":"keyboard","show":true,"height":1e9,"id":"x"}"#, "invalid-field"),
        // clock and time
        (#"{"type":"clock","mode":"sundial","id":"x"}"#, "invalid-field"),
        (#"{"type":"clock","fps":1e9,"id":"x"}"#, "invalid-field"), (#"{"type":"clock","fps":-60,"id":"x"}"#, "invalid-field"),
        (#"{"type":"advance","seconds":1,"id":"x"}"#, "clock-not-manual"),
        (#"{"type":"seek","time":1,"id":"x"}"#, "clock-not-manual"),
    ]

    /// Entries that need the manual clock.
    static let manualClockCorpus: [(String, String?)] = [
        (#"{"type":"advance","id":"x"}"#, "missing-field"),
        (#"{"type":"advance","seconds":-1,"id":"x"}"#, "invalid-field"),
        (#"{"type":"advance","seconds":1e300,"id":"x"}"#, "invalid-field"),
        (#"{"type":"advance","seconds":"1","id":"x"}"#, "invalid-field"),
        (#"{"type":"seek","id":"x"}"#, "missing-field"),
        (#"{"type":"seek","time":-1,"id":"x"}"#, "invalid-field"),
        (#"{"type":"seek","time":1e300,"id":"x"}"#, "invalid-field"),
    ]

    /// A session on the search-bar scene and the nav view's frame there.
    private func searchBar() -> (SessionClient, [Double]) {
        let client = SessionClient()
        let loaded = client.send(["type": "load", "name": "search-bar", "id": "load"])
        #expect(loaded.last?["type"] as? String == "scene")
        return (client, client.frame("navView"))
    }

    /// The session still works: navTop moves the nav view by exactly the constant, and back.
    private func expectAlive(_ client: SessionClient, start: [Double], after text: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let moved = client.send(["type": "set", "constraint": "navTop", "constant": -10, "id": "probe"])
        #expect(moved.last?["type"] as? String == "ok", "after \(text.prefix(120)): \(moved)",
                sourceLocation: sourceLocation)
        expectFrame(client.frame("navView"), [start[0], start[1] - 10, start[2], start[3]],
                    sourceLocation: sourceLocation)
        client.send(["type": "set", "constraint": "navTop", "constant": 0, "id": "back"])
        expectFrame(client.frame("navView"), start, sourceLocation: sourceLocation)
    }

    private func run(_ corpus: [(String, String?)], setUp: (SessionClient) -> Void = { _ in }) {
        for (text, code) in corpus {
            let (client, start) = searchBar()
            setUp(client)
            let reply = client.send(text: text)
            let answers = reply.filter { ["error", "ok", "scene", "added"].contains($0["type"] as? String) }
            #expect(answers.count == 1, "\(text.prefix(120)) → \(reply)")
            if let code {
                #expect(answers.last?["type"] as? String == "error", "\(text.prefix(120)) → \(reply)")
                #expect(answers.last?["code"] as? String == code, "\(text.prefix(120)) → \(reply)")
                #expect(answers.last?["message"] is String)
            } else {
                #expect(answers.last?["type"] as? String != "error", "\(text.prefix(120)) → \(reply)")
            }
            if (answers.last?["type"] as? String) == "scene", text.contains("\"load\"") {
                continue   // a valid load replaced the scene: nothing of search-bar to probe
            }
            expectAlive(client, start: start, after: text)
        }
    }

    @Test func everyEntryGetsItsCodeAndTheSessionGoesOn() {
        run(Self.corpus)
    }

    /// An unknown field names where it is and the nearest field the handler reads there (Levenshtein
    /// distance: `priorty` → `priority` is one insertion; `frmae` → `frame` is two substitutions).
    @Test func unknownFieldsNameTheirPlaceAndTheNearestField() {
        let (client, _) = searchBar()
        func error(_ text: String) -> [String: Any] {
            client.send(text: text).last { $0["type"] as? String == "error" } ?? [:]
        }
        let set = error(#"{"type":"set","constraint":"navTop","constant":1,"priorty":750,"id":1}"#)
        #expect(set["code"] as? String == "unknown-field")
        #expect(set["field"] as? String == "priorty")
        #expect(set["suggestion"] as? String == "priority")
        #expect(set["message"] as? String == "unknown field 'priorty': did you mean 'priority'?")
        let nested = error(#"{"type":"load","scene":{"views":[{"id":"a"},{"id":"b","frmae":[0,0,1,1]}]},"id":2}"#)
        #expect(nested["field"] as? String == "scene.views[1].frmae")
        #expect(nested["suggestion"] as? String == "frame")
        let op = error(#"{"type":"batch","ops":[{"type":"set","view":"navView","alpha":1},{"type":"set","view":"navView","alpah":0.5}],"id":3}"#)
        #expect(op["field"] as? String == "ops[1].alpah")
        #expect(op["suggestion"] as? String == "alpha")
        // Nothing near: no suggestion, the field is still named.
        let far = error(#"{"type":"scene","colourScheme":"dark","id":4}"#)
        #expect(far["field"] as? String == "colourScheme")
        #expect(far["suggestion"] == nil)
    }

    /// Unknown ids and attributes suggest the nearest existing ones.
    @Test func unknownIDsSuggestTheNearest() {
        let (client, _) = searchBar()
        func error(_ text: String) -> [String: Any] {
            client.send(text: text).last { $0["type"] as? String == "error" } ?? [:]
        }
        let view = error(#"{"type":"set","view":"navVeiw","alpha":0.5,"id":1}"#)
        #expect(view["code"] as? String == "unknown-view")
        #expect(view["suggestion"] as? String == "navView")
        let constraint = error(#"{"type":"set","constraint":"navTpo","constant":1,"id":2}"#)
        #expect(constraint["code"] as? String == "unknown-constraint")
        #expect(constraint["suggestion"] as? String == "navTop")
        let attribute = error(#"{"type":"add","constraint":{"first":"navView.heigth","constant":4},"id":3}"#)
        #expect(attribute["code"] as? String == "unknown-attribute")
        #expect(attribute["suggestion"] as? String == "height")
    }

    /// A duplicate key is `bad-json` at the byte offset of its second occurrence's opening quote:
    /// `{"type":"scene","type":"scene"}` has `{` at 0, `"type"` at 1…6, `:` at 7, `"scene"` at 8…14,
    /// `,` at 15, so the second `"type"` opens at byte 16.
    @Test func duplicateKeysGiveTheirByteOffset() {
        let (client, _) = searchBar()
        let reply = client.send(text: #"{"type":"scene","type":"scene"}"#).last ?? [:]
        #expect(reply["code"] as? String == "bad-json")
        #expect(reply["position"] as? Int == 16)
        // `{"type":"scene",}`: the comma is byte 15 (as above); Foundation on Linux would accept it.
        let comma = client.send(text: #"{"type":"scene",}"#).last ?? [:]
        #expect(comma["code"] as? String == "bad-json")
        #expect(comma["position"] as? Int == 15)
    }

    /// A `load` with a misspelt field is refused before it replaces the scene.
    @Test func aMisspeltLoadKeepsTheScene() {
        let (client, start) = searchBar()
        let reply = client.send(text: #"{"type":"load","name":"date-picker","nmae":"x","id":1}"#).last ?? [:]
        #expect(reply["code"] as? String == "unknown-field")
        #expect(reply["suggestion"] as? String == "name")
        expectAlive(client, start: start, after: "misspelt load")
    }

    /// A lenient session keeps the old behaviour: unknown fields are ignored, the last duplicate wins.
    @Test func lenientSessionsIgnoreUnknownFields() {
        let client = SessionClient(strict: false)
        #expect(client.received.first?["strict"] as? Bool == false)
        let loaded = client.send(text: #"{"type":"load","name":"search-bar","extra":1,"id":1}"#)
        #expect(loaded.last?["type"] as? String == "scene")
        let set = client.send(text: #"{"type":"set","constraint":"navTop","constant":1,"priorty":750,"id":2}"#)
        #expect(set.last?["type"] as? String == "ok")
        let duplicate = client.send(text: #"{"type":"scene","type":"scene","id":3}"#)
        #expect(duplicate.last?["type"] as? String == "scene")
    }

    @Test func manualClockEntries() {
        run(Self.manualClockCorpus) { client in
            client.send(["type": "clock", "mode": "manual", "id": "manual"])
        }
    }

    /// Bytes that are not UTF-8 (the transport refuses them with 1007 first; decoded anyway they must
    /// be harmless): decoding replaces them, and the message is then refused or unknown.
    @Test func nonUTF8Bytes() {
        let messages: [[UInt8]] = [
            [0xff, 0xfe, 0x00], Array(#"{"type":""#.utf8) + [0xc3, 0x28] + Array(#"","id":"x"}"#.utf8),
            Array(#"{"type":"add","view":{"id":""#.utf8) + [0xed, 0xa0, 0x80] + Array(#""},"id":"x"}"#.utf8),
        ]
        let (client, start) = searchBar()
        for bytes in messages {
            let text = String(decoding: bytes, as: UTF8.self)
            let reply = client.send(text: text)
            #expect(reply.last?["type"] as? String == "error", "\(bytes) → \(reply)")
            #expect(["bad-json", "unknown-type", "invalid-id"].contains(reply.last?["code"] as? String ?? ""))
            expectAlive(client, start: start, after: text)
        }
    }

    /// Removing a view that constraints still use removes those constraints with it (UIKit does the
    /// same); the scene stays consistent and nothing dangles.
    @Test func removingAViewTakesItsConstraintsAlong() {
        let (client, start) = searchBar()
        client.send(["type": "add", "view": ["id": "badge", "parent": "navView", "intrinsicSize": [20, 20]]])
        client.send(["type": "add", "constraint": ["id": "badgeTop", "first": "badge.top", "second": "navView.top",
                                                   "constant": 8]])
        client.send(["type": "add", "constraint": ["id": "badgeLeft", "first": "badge.left", "second": "root.left"]])
        let removed = client.send(["type": "remove", "view": "navView", "id": "r"])
        #expect(removed.last?["type"] as? String == "ok", "\(removed)")
        let scene = client.send(["type": "scene", "id": "s"]).last?["scene"] as? [String: Any]
        let constraints = (scene?["constraints"] as? [[String: Any]]) ?? []
        let views = ((scene?["views"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        #expect(!views.contains("navView") && !views.contains("badge"))
        for constraint in constraints {
            let items = [constraint["first"], constraint["second"]].compactMap { $0 as? String }
            #expect(!items.contains { $0.hasPrefix("navView.") || $0.hasPrefix("badge.") }, "\(constraint)")
        }
        let again = client.send(["type": "set", "constraint": "badgeTop", "constant": 1, "id": "x"])
        #expect(again.last?["code"] as? String == "unknown-constraint")
        // A new navView with the same id starts clean and lays out.
        client.send(["type": "add", "view": ["id": "navView", "intrinsicSize": [100, 62]]])
        let placed = client.send(["type": "add", "constraint": ["id": "t", "first": "navView.top", "second": "root.top",
                                                                "constant": 5], "id": "t"])
        #expect(placed.last?["type"] as? String != "error", "\(placed)")
        #expect(client.frame("navView").count == 4)
        _ = start
    }

    @Test func deepNestingIsRefusedAtTheLimit() {
        var limits = SessionLimits()
        limits.maxDepth = 4
        let session = Session(id: "t", now: 0, limits: limits)
        func nested(_ depth: Int) -> String {
            var text = #"{"type":"setNeedsLayout"}"#
            for _ in 0..<depth { text = #"{"type":"batch","ops":[\#(text)]}"# }
            return text.dropLast() + #","id":"n"}"#
        }
        #expect(reply(session, nested(4))["type"] as? String == "ok")
        #expect(reply(session, nested(5))["code"] as? String == "too-deep")
        #expect(reply(session, nested(200))["code"] as? String == "too-deep")
        // Beyond 512 levels of JSON nesting the decoder refuses the text itself.
        #expect(reply(session, nested(400))["code"] as? String == "bad-json")
    }
}

/// Limits: announced in hello, enforced with stable codes.
@Suite struct SessionLimitTests {
    @Test func helloAnnouncesTheLimits() {
        var limits = SessionLimits.server
        limits.maxSessions = 64
        limits.idleTimeoutSeconds = 60
        let session = Session(id: "t", now: 0, limits: limits)
        let hello = decode(session.nextOutgoing() ?? "")
        let announced = hello["limits"] as? [String: Any] ?? [:]
        #expect(announced["maxViews"] as? Int == 500)
        #expect(announced["maxConstraints"] as? Int == 2000)
        #expect(announced["maxMessageBytes"] as? Int == 1 << 20)
        #expect(announced["maxWorkPerMessage"] as? Int == limits.maxWorkPerMessage)
        #expect(announced["maxMessagesPerSecond"] as? Double == 1000)
        #expect(announced["messageBurst"] as? Int == 5000)
        #expect(announced["maxSessions"] as? Int == 64)
        #expect(announced["idleTimeoutSeconds"] as? Int == 60)
        #expect(announced["maxSessionsPerAddress"] == nil)
        #expect(announced["maxBytesPerSecond"] as? Double == 1_048_576.0)
    }

    @Test func viewAndConstraintCaps() {
        var limits = SessionLimits()
        limits.maxViews = 3
        limits.maxConstraints = 2
        let session = Session(id: "t", now: 0, limits: limits)
        for id in ["a", "b", "c"] { #expect(reply(session, #"{"type":"add","view":{"id":"\#(id)"},"id":1}"#)["type"] as? String != "error") }
        #expect(reply(session, #"{"type":"add","view":{"id":"d"},"id":1}"#)["code"] as? String == "too-many-views")
        let big = #"{"type":"load","scene":{"views":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"}]},"id":1}"#
        #expect(reply(session, big)["code"] as? String == "too-many-views")
        for id in ["k1", "k2"] {
            #expect(reply(session, #"{"type":"add","constraint":{"id":"\#(id)","first":"a.width"},"id":1}"#)["type"] as? String != "error")
        }
        #expect(reply(session, #"{"type":"add","constraint":{"first":"a.height"},"id":1}"#)["code"] as? String == "too-many-constraints")
        // The scene from before the refused load is intact.
        let scene = reply(session, #"{"type":"scene","id":1}"#)["scene"] as? [String: Any]
        #expect((scene?["views"] as? [Any])?.count == 3)
    }

    @Test func opsCap() {
        var limits = SessionLimits()
        limits.maxOpsPerMessage = 5
        let session = Session(id: "t", now: 0, limits: limits)
        let ops = { (n: Int) in Array(repeating: #"{"type":"setNeedsLayout"}"#, count: n).joined(separator: ",") }
        // The cap counts the ops inside a message: exactly 5 fit, 6 are refused before any runs.
        #expect(reply(session, #"{"type":"batch","ops":[\#(ops(5))],"id":1}"#)["type"] as? String == "ok")
        #expect(reply(session, #"{"type":"batch","ops":[\#(ops(6))],"id":1}"#)["code"] as? String == "too-many-ops")
    }

    /// The token bucket on a manual clock: a burst passes, the excess is refused (not queued, not
    /// run), and the refill lets messages in again at the configured rate.
    @Test func messagesPerSecond() {
        var limits = SessionLimits()
        limits.messagesPerSecond = 10
        limits.messageBurst = 5
        let session = Session(id: "t", now: 0, limits: limits)
        _ = session.nextOutgoing()
        var answers: [String] = []
        for index in 0..<8 {
            session.receive(#"{"type":"add","view":{"id":"v\#(index)"},"id":\#(index)}"#, now: 1)
            answers.append(drain(session).last.flatMap { ($0["code"] ?? $0["type"]) as? String } ?? "")
        }
        #expect(answers == ["added", "added", "added", "added", "added", "rate-limited", "rate-limited", "rate-limited"]
                || answers == Array(repeating: "ok", count: 5) + Array(repeating: "rate-limited", count: 3), "\(answers)")
        // Refused messages did not run: v5…v7 do not exist.
        let scene = reply(session, #"{"type":"scene","id":"s"}"#, now: 1.1)["scene"] as? [String: Any]
        #expect(((scene?["views"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String } == ["v0", "v1", "v2", "v3", "v4"])
        // 0.1 s earned the token the scene request just used; nothing is left.
        #expect(reply(session, #"{"type":"scene","id":"t"}"#, now: 1.1)["code"] as? String == "rate-limited")
        // A refused message still gets its id back.
        #expect(reply(session, #"{"type":"scene","id":"u"}"#, now: 1.1)["re"] as? String == "u")
        // 0.35 s later: three more.
        let later = (0..<4).map { reply(session, #"{"type":"setNeedsLayout","id":\#($0)}"#, now: 1.45)["type"] as? String }
        #expect(later == ["ok", "ok", "ok", "error"])
        // Time running backwards (a confused transport) earns nothing.
        #expect(reply(session, #"{"type":"setNeedsLayout","id":1}"#, now: 0)["code"] as? String == "rate-limited")
    }

    @Test func tokenBucket() {
        var bucket = TokenBucket(rate: 2, capacity: 3)
        #expect((0..<4).map { _ in bucket.take(now: 0) } == [true, true, true, false])
        #expect(bucket.take(now: 0.4) == false)
        #expect(bucket.take(now: 0.5) == true)
        #expect(bucket.take(now: 100) == true)
        #expect(bucket.tokens == 2)   // capped at capacity, less the one taken
        bucket.spend(10, now: 100)
        #expect(bucket.isInDebt)
        bucket.refill(now: 104)
        #expect(!bucket.isInDebt && bucket.tokens == 0)
    }

    /// A pathological message answers `too-complex` instead of running for seconds. The budget is
    /// scaled down here (debug builds are ~70× slower); the release figures are in docs/SECURITY.md.
    @Test func solverWorkPerMessage() {
        var limits = SessionLimits()
        limits.maxWorkPerMessage = 200_000
        let session = Session(id: "t", now: 0, limits: limits)
        let views = (0..<50).map { #"{"id":"v\#($0)","parent":"root"}"# }.joined(separator: ",")
        let constraints = (0..<50).map {
            #"{"first":"v\#($0).left","second":"\#($0 == 0 ? "root" : "v\($0 - 1)").right","constant":1}"#
        }.joined(separator: ",")
        let loaded = reply(session, #"{"type":"load","scene":{"views":[\#(views)],"constraints":[\#(constraints)]},"id":1}"#)
        #expect(loaded["type"] as? String == "scene")   // 800 × 100 + 10,000 units
        // Each intrinsic size change weighs 4 × (1 + 100): the 495th op is over the budget.
        let ops = (0..<2_000).map { #"{"type":"set","view":"v\#($0 % 50)","intrinsicSize":[\#($0 % 40),20]}"# }
        let answer = reply(session, #"{"type":"batch","ops":[\#(ops.joined(separator: ","))],"id":2}"#)
        #expect(answer["code"] as? String == "too-complex", "\(answer)")
        #expect((answer["message"] as? String)?.hasPrefix("ops[494]") == true, "\(answer)")
        // Small messages on the same scene still run, and so does a long batch of cheap ops on a small scene.
        #expect(reply(session, #"{"type":"set","view":"v1","intrinsicSize":[5,5],"id":3}"#)["type"] as? String == "ok")
        #expect(reply(session, #"{"type":"load","name":"search-bar","id":4}"#)["type"] as? String == "scene")
        let small = (0..<2_000).map { _ in #"{"type":"set","constraint":"navTop","constant":-3}"# }
        #expect(reply(session, #"{"type":"batch","ops":[\#(small.joined(separator: ","))],"id":5}"#)["type"] as? String == "ok")
        // A load is charged 800n + 10,000 for n views and constraints: 320 of them (266,000) are over
        // this budget.
        let many = (0..<320).map { #"{"id":"w\#($0)"}"# }.joined(separator: ",")
        #expect(reply(session, #"{"type":"load","scene":{"views":[\#(many)]},"id":6}"#)["code"] as? String == "too-complex")
    }

    /// The byte bucket: large messages beyond the byte rate are refused without being decoded.
    @Test func bytesPerSecond() {
        var limits = SessionLimits()
        limits.maxMessageBytes = 10_000
        limits.bytesPerSecond = 10_000
        // Lenient: the padding is a field no handler reads.
        let session = Session(id: "t", now: 0, limits: limits, strict: false)
        let big = #"{"type":"setNeedsLayout","id":1,"pad":""# + String(repeating: "x", count: 9_000) + #""}"#
        #expect(reply(session, big, now: 0)["type"] as? String == "ok")
        #expect(reply(session, big, now: 0)["type"] as? String == "ok")
        #expect(reply(session, big, now: 0)["type"] as? String == "ok")         // 27 KB: in debt
        let refused = reply(session, big, now: 0)
        #expect(refused["code"] as? String == "rate-limited")
        #expect(refused["re"] is NSNull)                                          // not decoded
        #expect(reply(session, #"{"type":"setNeedsLayout","id":2}"#, now: 0.5)["code"] as? String == "rate-limited")
        #expect(reply(session, #"{"type":"setNeedsLayout","id":3}"#, now: 1)["type"] as? String == "ok")
    }

    /// The work bucket: sustained heavy messages are rate-limited until the refill pays the debt.
    @Test func solverWorkPerSecond() {
        var limits = SessionLimits()
        limits.maxWorkPerMessage = 40_000
        limits.workPerSecond = 40_000
        let session = Session(id: "t", now: 0, limits: limits)
        // 4 units for the add on the empty scene (not rehearsed: its undo step records the view): 39,996 left.
        _ = reply(session, #"{"type":"add","view":{"id":"a"},"id":0}"#)
        // 14,002 units a batch: 2 + 7,000 × 2 for the batch and its ops (not rehearsed either).
        // 39,996 → 25,994 → 11,992 → −2,010.
        let batch = #"{"type":"batch","ops":[\#(Array(repeating: #"{"type":"setNeedsLayout"}"#, count: 7_000).joined(separator: ","))],"id":1}"#
        #expect(reply(session, batch, now: 0)["type"] as? String == "ok")
        #expect(reply(session, batch, now: 0)["type"] as? String == "ok")
        #expect(reply(session, batch, now: 0)["type"] as? String == "ok")           // now in debt
        #expect(reply(session, batch, now: 0)["code"] as? String == "rate-limited")
        let later = reply(session, batch, now: 1)
        #expect(later["type"] as? String == "ok", "\(later)")
    }
}

private func decode(_ text: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
}

private func drain(_ session: Session) -> [[String: Any]] {
    var messages: [[String: Any]] = []
    while let text = session.nextOutgoing() { messages.append(decode(text)) }
    return messages
}

/// Sends `text` and returns the last message it produced (its answer).
private func reply(_ session: Session, _ text: String, now: Double = 0) -> [String: Any] {
    _ = drain(session)
    session.receive(text, now: now)
    return drain(session).last ?? [:]
}
