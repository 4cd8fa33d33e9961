import Foundation
import Testing
@testable import Playground

/// `JSONWriter`, which writes every message but `frames`, against Foundation's JSONSerialization with
/// `.sortedKeys` (the encoder those messages had before): the same bytes for the same values.
@Suite struct JSONWriterTests {
    static func foundation(_ value: Any) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func expectSame(_ value: Any, _ comment: Comment? = nil) {
        #expect(JSONWriter.text(of: value) == foundation(value), comment)
    }

    @Test func numbersMatchJSONSerialization() {
        let doubles: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 375, -31.5, 1e-5, 1e-6, 1e-7, 2.5e-8,
                                 123456789.125, 999_999_999_999_999, 1e15, 1e16, 1.5e20, 1e21, 1e22,
                                 4294967296.5, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -1e300]
        for value in doubles { Self.expectSame([value], "\(value)") }
        Self.expectSame([1, -7, Int.max, Int.min] as [Int])
        Self.expectSame([Int32(5), UInt8(3), UInt64.max, Int16(-2)] as [Any])
        Self.expectSame([Float(0.1), Float(3), Float(-2.5)] as [Any])
        Self.expectSame([true, false, NSNull()] as [Any])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let magnitude = [1.0, 1000, 1e9, 1e18, 1e-3][Int.random(in: 0..<5, using: &generator)]
            let value = Double.random(in: -magnitude...magnitude, using: &generator)
            Self.expectSame([value, value.rounded()], "\(value)")
        }
    }

    @Test func nonFiniteIsRefusedAsJSONSerializationRefusesIt() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(JSONWriter.text(of: ["x": value]) == nil)
            #expect(Self.foundation(["x": value]) == nil)
        }
    }

    @Test func stringsAreEscapedAlike() {
        Self.expectSame(["a/b\"c\\d\n\r\t\u{8}\u{c}\u{0}\u{1}\u{f}\u{10}\u{1f}\u{7f}é😀\u{2028}", "", "plain"])
    }

    /// Keys in JSONSerialization's order: numeric, case-insensitive, then forced (`a` before `A`), with
    /// punctuation and digits as the system locale sorts them.
    @Test func keysAreSortedAlike() {
        let keys = ["root", "type", "re", "abc", "Abc", "aBc", "ab", "a", "b", "z", "Z", "x1", "x10", "x2", "x_1", "x-1",
                    "xa", "xA", "x", "_x", "-x", "1", "10", "2", "01", "1a", "a1b", "a01", "a1", "view_2", "view-10",
                    "view10", "View2", "view2", "é", "e", "f", "maxMessageBytes", "maxmessage", "messageBurst",
                    "messagesPerSecond", "translatesAutoresizingMaskIntoConstraints", "intrinsicSize", "id", "isHidden"]
        var object: [String: Any] = [:]
        for (index, key) in keys.enumerated() { object[key] = index }
        Self.expectSame(object)
        // Random keys of letters, digits, `_` and `-`, as view ids and metrics are named.
        let alphabet = Array("aAbBzZ019_-")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var object: [String: Any] = [:]
            for index in 0..<8 {
                let length = Int.random(in: 1...5, using: &generator)
                object[String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })] = index
            }
            Self.expectSame(object, "\(object.keys.sorted())")
        }
    }

    /// Values decoded from client JSON (NSNumbers, booleans among them) come back as they were written.
    @Test func decodedValuesMatch() throws {
        let text = #"{"ops":[{"type":"set","constant":1,"on":true,"m":{"top":1.5,"h":0,"z":-0,"big":1e22,"u":18446744073709551615}}],"n":null,"s":"a\/b"}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        Self.expectSame(object)
    }

    /// The messages of a whole session (hello, scene, errors, conflicts, export) are what JSONSerialization
    /// writes for the same values.
    @Test func sessionMessagesMatch() throws {
        let session = Session(id: "s", now: 0)
        for request in [#"{"type":"clock","mode":"manual"}"#, #"{"type":"load","name":"date-picker","id":1}"#,
                        #"{"type":"scene","id":"two"}"#, #"{"type":"export","id":3.0}"#, #"{"type":"nope","id":"x/y"}"#,
                        #"{"type":"add","constraint":{"first":"pickerContainer.height","constant":1},"id":-4}"#,
                        #"{"type":"action","name":"showPicker","id":0.5}"#, #"{"type":"advance","seconds":1,"id":"é"}"#] {
            session.receive(request, now: 0)
        }
        var count = 0
        while let text = session.nextOutgoing() {
            guard !text.hasPrefix(#"{"type":"frames""#) else { continue }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)))
            #expect(text == Self.foundation(object), "\(text.prefix(80))")
            count += 1
        }
        #expect(count >= 10)
    }

    @Test func okAndAnimationEndMatch() {
        for id: Any in [0.0, 5.0, -3.0, 0.5, 1e300, 4_503_599_627_370_496.0, "abc", "a/b", "quote\"", "é", ""] {
            let ok = MessageBuffer()
            #expect(OutgoingMessage.ok(re: id).write(into: ok) == .reply)
            #expect(ok.text == Self.foundation(["type": "ok", "re": id]), "\(id)")
            for finished in [true, false] {
                let end = MessageBuffer()
                #expect(OutgoingMessage.animationEnd(re: id, finished: finished).write(into: end) == .event)
                #expect(end.text == Self.foundation(["type": "animationEnd", "re": id, "finished": finished]), "\(id)")
            }
        }
        let end = MessageBuffer()
        _ = OutgoingMessage.animationEnd(re: nil, finished: true).write(into: end)
        #expect(end.text == #"{"finished":true,"re":null,"type":"animationEnd"}"#)
    }

    @Test func unencodableMessageBecomesAnError() {
        let buffer = MessageBuffer(headroom: 4)
        let kind = OutgoingMessage.message(["type": "scene", "x": Double.nan], .reply).write(into: buffer)
        #expect(kind == .error)
        #expect(buffer.text == #"{"type":"error","code":"internal","message":"unencodable message"}"#)
    }
}
