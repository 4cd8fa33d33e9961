import AutoLayout
import Foundation
import Testing
@testable import Playground

/// `frames` as `JSONWriter` writes it: valid JSON, the documented fields, shortest round-trip numbers.
@Suite struct FramesMessageTests {
    static let identity = AutoLayout.AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A view's change naming `fields`, with `frame`, `bounds`, `alpha` and `transform` as given.
    static func change(_ id: String, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0), bounds: Rect? = nil,
                       alpha: Double = 1, transform: AutoLayout.AffineTransform = identity, hidden: Bool = false,
                       fields: PresentedFields) -> PresentedChange {
        PresentedChange(identifier: id, state: ViewState(frame: frame, bounds: bounds ?? frame, alpha: alpha, transform: transform),
                        isHidden: hidden, fields: fields)
    }

    /// A whole `frames` message written with `body` between its start and end.
    static func message(sequence: Int, time: Double, final: Bool, keyboard: Rect?,
                        _ body: (inout JSONWriter) -> Void = { _ in }) -> String {
        let buffer = MessageBuffer()
        var writer = JSONWriter(into: buffer)
        writer.beginFrames(sequence: sequence, time: time, final: final)
        body(&writer)
        writer.endFrames(keyboard: keyboard)
        writer.finish()
        return buffer.text
    }

    /// How the writer writes `value`: the text of `alpha` in a one-view message.
    static func text(_ value: Double) -> String {
        let message = message(sequence: 0, time: 0, final: false, keyboard: nil) {
            $0.presentedView(change("v", alpha: value, fields: .alpha))
        }
        let prefix = #"{"type":"frames","seq":0,"time":0,"final":false,"views":{"v":{"alpha":"#
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
            let expected = MicroPoints.rounded(value)
            #expect(Double(text) == expected, "\(value) -> \(text)")
            var swift = expected.description
            if swift.hasSuffix(".0") { swift.removeLast(2) }
            if !swift.contains("e") {
                #expect(text.count <= swift.count, "\(value): \(text) vs \(swift)")
            }
        }
    }

    @Test func messageIsValidJSONWithTheDocumentedFields() throws {
        let text = Self.message(sequence: 12, time: 1.25, final: false, keyboard: Rect(x: 0, y: 667, width: 375, height: 0)) {
            $0.presentedView(Self.change("navView", frame: Rect(x: 0, y: -31.000000001, width: 375, height: 62), alpha: 0.2,
                                         fields: [.frame, .alpha]))
            $0.presentedView(Self.change("odd \"id\"\\\n", bounds: Rect(x: 0, y: 84, width: 375, height: 667),
                                         transform: AutoLayout.AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.5, ty: -2),
                                         hidden: true, fields: [.bounds, .transform, .hidden]))
        }
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
        #expect(views["odd \"id\"\\\n"]?["hidden"] as? Bool == true)
        #expect(views["odd \"id\"\\\n"]?["frame"] == nil)
    }

    @Test func finalMessageWithoutKeyboard() throws {
        #expect(Self.message(sequence: 1, time: 0, final: true, keyboard: nil)
                == #"{"type":"frames","seq":1,"time":0,"final":true,"views":{}}"#)
    }

    /// The session's frames go through the writer: numbers arrive rounded, unchanged views and fields are left out.
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
