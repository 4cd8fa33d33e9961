import AutoLayout
import Foundation
import Testing
@testable import Playground

/// The dedicated `frames` encoder: valid JSON, the documented fields, shortest round-trip numbers.
@Suite struct FramesEncoderTests {
    /// How the encoder writes `value`: the text of field `n` in a one-view message.
    static func text(_ value: Double) -> String {
        var encoder = FramesEncoder()
        encoder.begin(sequence: 0, time: 0, final: false)
        encoder.beginView("v")
        encoder.field("n", value)
        encoder.endView()
        encoder.end(keyboard: nil)
        let prefix = #"{"type":"frames","seq":0,"time":0,"final":false,"views":{"v":{"n":"#
        let message = encoder.text
        guard message.hasPrefix(prefix), message.hasSuffix("}}}") else { return message }
        return String(message.dropFirst(prefix.count).dropLast(3))
    }

    @Test func integersHaveNoFraction() {
        #expect(Self.text(0) == "0")
        #expect(Self.text(-0.0) == "0")
        #expect(Self.text(375) == "375")
        #expect(Self.text(-62) == "-62")
        #expect(Self.text(1e9) == "1000000000")
    }

    @Test func fractionsAreShortestAfterMicroRounding() {
        #expect(Self.text(0.1 + 0.2) == "0.3")
        #expect(Self.text(-31.5) == "-31.5")
        #expect(Self.text(0.2) == "0.2")
        #expect(Self.text(1e-6) == "0.000001")
        #expect(Self.text(4e-7) == "0")
        #expect(Self.text(-4e-7) == "0")
        #expect(Self.text(12.3456789) == "12.345679")
        #expect(Self.text(0.0500001) == "0.05")
        #expect(Self.text(2.9999999) == "3")
    }

    @Test func nonFiniteIsNull() {
        #expect(Self.text(.nan) == "null")
        #expect(Self.text(.infinity) == "null")
    }

    /// Every output reads back as exactly the micro-rounded double, and is never longer than Swift's own
    /// shortest round-trip description of it (`375.0` counted as `375`).
    @Test func roundTripsAndIsShortest() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [1e12, -3.5e15, 4294967295.999999, 123456.000001, 0.000123]
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 1000, 1e6, 1e9][Int.random(in: 0..<5, using: &generator)]
            values.append(Double.random(in: -magnitude...magnitude, using: &generator))
        }
        for value in values {
            let text = Self.text(value)
            let expected = FrameStream.number(value)
            #expect(Double(text) == expected, "\(value) -> \(text)")
            var swift = expected.description
            if swift.hasSuffix(".0") { swift.removeLast(2) }
            if !swift.contains("e") {
                #expect(text.count <= swift.count, "\(value): \(text) vs \(swift)")
            }
        }
    }

    @Test func messageIsValidJSONWithTheDocumentedFields() throws {
        var encoder = FramesEncoder()
        encoder.begin(sequence: 12, time: 1.25, final: false)
        encoder.beginView("navView")
        encoder.field("frame", Rect(x: 0, y: -31.000000001, width: 375, height: 62))
        encoder.field("alpha", 0.2)
        encoder.endView()
        encoder.beginView("odd \"id\"\\\n")
        encoder.field("transform", AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.5, ty: -2))
        encoder.field("bounds", Rect(x: 0, y: 84, width: 375, height: 667))
        encoder.endView()
        encoder.end(keyboard: Rect(x: 0, y: 667, width: 375, height: 0))
        let text = encoder.text
        #expect(text.hasPrefix(#"{"type":"frames","seq":12,"time":1.25,"final":false,"views":{"navView":{"frame":[0,-31,375,62],"alpha":0.2}"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "frames")
        #expect(object["seq"] as? Int == 12)
        #expect(object["final"] as? Bool == false)
        #expect(object["keyboard"] as? [Double] == [0, 667, 375, 0])
        let views = try #require(object["views"] as? [String: [String: Any]])
        #expect(Set(views.keys) == ["navView", "odd \"id\"\\\n"])
        #expect(views["odd \"id\"\\\n"]?["transform"] as? [Double] == [1, 0, 0, 1, 0.5, -2])
        #expect(views["odd \"id\"\\\n"]?["bounds"] as? [Double] == [0, 84, 375, 667])
    }

    @Test func finalMessageWithoutKeyboard() throws {
        var encoder = FramesEncoder()
        encoder.begin(sequence: 1, time: 0, final: true)
        encoder.end(keyboard: nil)
        #expect(encoder.text == #"{"type":"frames","seq":1,"time":0,"final":true,"views":{}}"#)
    }

    /// The session's frames go through the encoder: numbers arrive rounded, unchanged views and fields are left out.
    @Test func sessionFramesCarryOnlyChangesInShortForm() throws {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        client.send(["type": "action", "name": "focus"])
        client.session.receive(#"{"type":"advance","seconds":0.1}"#, now: 0)
        let frames = try #require(client.session.nextOutgoing())
        #expect(frames.hasPrefix(#"{"type":"frames","seq":"#))
        #expect(!frames.contains("00000000"))
        #expect(!frames.contains(".0,") && !frames.contains(".0]"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(frames.utf8)) as? [String: Any])
        let views = try #require(object["views"] as? [String: [String: Any]])
        #expect(views["navView"]?["frame"] != nil)
        #expect(views["navView"]?["transform"] == nil)   // only the changed fields
    }
}

/// `ok` and `animationEnd` written without Foundation are byte for byte what JSONSerialization writes.
@Suite struct ShortReplyTests {
    static var ids: [Any] { [0.0, 5.0, -3.0, 1e15, 4_503_599_627_370_496.0, "abc", "req-12_x", ""] }

    @Test func okMatchesJSONSerialization() throws {
        for id in Self.ids {
            let expected = Session.encode(["type": "ok", "re": id])
            #expect(ShortReply.ok(re: id) == expected, "\(id)")
        }
    }

    @Test func animationEndMatchesJSONSerialization() throws {
        for id in Self.ids + [NSNull()] {
            for finished in [true, false] {
                let expected = Session.encode(["type": "animationEnd", "re": id, "finished": finished])
                let re: Any? = id is NSNull ? nil : id
                #expect(ShortReply.animationEnd(re: re, finished: finished) == expected, "\(id) \(finished)")
            }
        }
    }

    @Test func leavesTheRestToFoundation() {
        for id: Any? in [0.5, 1e300, "a/b", "quote\"", "é"] {
            #expect(ShortReply.ok(re: id) == nil, "\(String(describing: id))")
            #expect(ShortReply.animationEnd(re: id, finished: true) == nil, "\(String(describing: id))")
        }
        #expect(ShortReply.ok(re: nil) == nil)
    }

    @Test func sessionAnswersOk() {
        let client = SessionClient()
        let reply = client.send(["type": "setNeedsLayout", "id": 7])
        #expect(reply.last?["type"] as? String == "ok")
        #expect(reply.last?["re"] as? Int == 7)
    }
}
