import Foundation
import Testing
@testable import Playground

/// `Session.writeNext(into:)`, the way the server takes messages: into a buffer it lends, after its
/// headroom, with their kind; the bytes stay put until the buffer is written again.
@Suite struct OutgoingBytesTests {
    /// Two sessions driven alike.
    static func pair() -> (text: Session, bytes: Session) {
        let token = Session.makeResumeToken()
        let text = Session(id: "s", now: 0, resumeToken: token), bytes = Session(id: "s", now: 0, resumeToken: token)
        for session in [text, bytes] {
            session.receive(#"{"type":"clock","mode":"manual"}"#, now: 0)
            session.receive(#"{"type":"load","name":"search-bar","id":1}"#, now: 0)
            session.receive(#"{"type":"action","name":"focus","id":2}"#, now: 0)
        }
        return (text, bytes)
    }

    @Test func bytesAndKindsMatchTheTextMessages() throws {
        let (text, bytes) = Self.pair()
        let buffer = MessageBuffer(headroom: 16)
        var count = 0
        while let expected = text.nextOutgoing() {
            let kind = try #require(bytes.writeNext(into: buffer))
            #expect(buffer.text == expected)
            #expect(kind == OutgoingKindTests.kind(of: expected), "\(expected.prefix(40))")
            count += 1
        }
        #expect(count >= 4)   // hello, scene, frames, ok, frames, ok
        #expect(bytes.writeNext(into: buffer) == nil)
    }

    @Test func messagesLeaveHeadroomAndStayUntilTheNextWrite() throws {
        let (_, session) = Self.pair()
        session.receive(#"{"type":"advance","seconds":0.1,"id":3}"#, now: 0)
        let buffer = MessageBuffer(headroom: 16)
        for wanted in [OutgoingKind.event, .reply, .frames] {
            while let kind = session.writeNext(into: buffer), kind != wanted {}
            let message = buffer.message
            let start = try #require(message.baseAddress)
            let copy = Array(message)
            #expect(String(decoding: copy, as: UTF8.self).hasPrefix("{"))
            // The 16 bytes in front of the message belong to the transport: write over them.
            (start - 16).initializeMemory(as: UInt8.self, repeating: 0xAB, count: 16)
            // Until the next write, requests, ticks and bad input leave the bytes as they were (the
            // transport writes them, then takes the next message at a later WRITEABLE).
            session.receive(#"{"type":"advance","seconds":0.1,"id":4}"#, now: 0)
            session.receive(#"{"type":"set","constraint":"searchTop","constant":10,"id":5}"#, now: 0)
            session.receive(#"{"type":"nope","id":6}"#, now: 0)
            session.tick(now: 0.5)
            #expect(buffer.message.baseAddress == start)
            #expect(Array(UnsafeRawBufferPointer(start: start, count: copy.count)) == copy)
            #expect(session.hasOutgoing)
        }
    }

    /// A large reply grows the buffer; the small messages after it do not keep the large block.
    @Test func largeBlockIsNotKept() throws {
        let session = Session(id: "s", now: 0)
        let buffer = MessageBuffer(headroom: 16)
        while session.writeNext(into: buffer) != nil {}
        // 200 views: a `scene` reply of some 40 KB.
        let views = (0..<200).map { #"{"id":"v\#($0)"}"# }.joined(separator: ",")
        session.receive(#"{"type":"load","id":1,"scene":{"views":[\#(views)]}}"#, now: 0)
        session.receive(#"{"type":"setNeedsLayout","id":3}"#, now: 0)
        session.receive(#"{"type":"setNeedsLayout","id":4}"#, now: 0)
        // The complete frames, then the `scene` answer (about 50 KB).
        while let kind = session.writeNext(into: buffer), kind != .reply {}
        let largest = buffer.message.count
        #expect(largest > 20_000)
        #expect(buffer.capacity >= largest)
        // Turn 3's frames finds nothing to send; its ok then finds no large message in the block, which is
        // more than 4× too large for the last one, and starts a small block.
        #expect(session.writeNext(into: buffer) == .reply)
        #expect(buffer.text == #"{"re":3,"type":"ok"}"#)
        #expect(buffer.capacity == 1024)
    }
}

/// Each outgoing message says its kind, so a transport counts errors without reading the bytes.
@Suite struct OutgoingKindTests {
    /// The kind a message of this text should have, from its `type` (docs/PROTOCOL.md, "Server → client").
    static func kind(of text: String) -> OutgoingKind? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let type = object["type"] as? String else { return nil }
        switch type {
        case "frames": return .frames
        case "error": return .error
        case "hello", "conflict", "animationEnd": return .event
        default: return .reply
        }
    }

    @Test func everyMessageSaysItsKind() throws {
        let session = Session(id: "s", now: 0)
        session.receive(#"{"type":"clock","mode":"manual"}"#, now: 0)
        session.receive(#"{"type":"load","name":"search-bar","id":1}"#, now: 0)
        session.receive(#"{"type":"action","name":"focus","id":2}"#, now: 0)
        session.receive(#"{"type":"advance","seconds":1,"id":3}"#, now: 0)
        session.receive(#"{"type":"nope","id":4}"#, now: 0)
        session.receive(#"not json"#, now: 0)
        // A second required height on the nav view: unsatisfiable, so a `conflict` event.
        session.receive(#"{"type":"add","constraint":{"first":"navView.height","constant":1},"id":5}"#, now: 0)
        let buffer = MessageBuffer()
        var seen: [OutgoingKind: Int] = [:]
        while let kind = session.writeNext(into: buffer) {
            #expect(kind == Self.kind(of: buffer.text), "\(buffer.text.prefix(60))")
            seen[kind, default: 0] += 1
        }
        // hello, animationEnd and conflict; scene, ok × 3 (action, advance, add); two errors; the turns'
        // frames merge into one while none is taken.
        #expect(seen[.event] == 3)
        #expect(seen[.reply] == 4)
        #expect(seen[.error] == 2)
        #expect(seen[.frames] == 1)
    }
}
