import Foundation
import Testing
@testable import Playground

/// `Session.withNextOutgoing`, the way the server takes messages: the same bytes as `nextOutgoing()`,
/// with their kind, and for a `frames` the headroom in front and bytes that stay put until the next take.
@Suite struct OutgoingBytesTests {
    /// Two sessions driven alike, one read as text and one as bytes with 16 bytes of headroom.
    static func pair() -> (text: Session, bytes: Session) {
        let text = Session(id: "s", now: 0), bytes = Session(id: "s", now: 0)
        bytes.frameHeadroom = 16
        for session in [text, bytes] {
            session.receive(#"{"type":"clock","mode":"manual"}"#, now: 0)
            session.receive(#"{"type":"load","name":"search-bar","id":1}"#, now: 0)
            session.receive(#"{"type":"action","name":"focus","id":2}"#, now: 0)
        }
        return (text, bytes)
    }

    @Test func bytesAndKindsMatchTheTextMessages() throws {
        let (text, bytes) = Self.pair()
        var count = 0
        while let expected = text.nextOutgoing() {
            let (message, kind) = try #require(bytes.withNextOutgoing { message, kind in
                (String(decoding: message, as: UTF8.self), kind)
            })
            #expect(message == expected)
            #expect((kind == .frames) == expected.hasPrefix(#"{"type":"frames""#), "\(expected.prefix(40))")
            count += 1
        }
        #expect(count >= 4)   // hello, scene, frames, ok, frames, ok
        #expect(bytes.withNextOutgoing { _, _ in true } == nil)
    }

    @Test func framesLeaveHeadroomAndStayUntilTheNextTake() throws {
        let (_, session) = Self.pair()
        session.receive(#"{"type":"advance","seconds":0.1,"id":3}"#, now: 0)
        var frame: (start: UnsafeRawPointer, copy: [UInt8])?
        while frame == nil, let (pointer, copy, kind) = session.withNextOutgoing({ message, kind in
            (message.baseAddress, Array(message), kind)
        }) {
            guard kind == .frames, let pointer else { continue }
            // The 16 bytes in front of the message belong to the caller: write over them.
            UnsafeMutableRawPointer(mutating: pointer - 16).initializeMemory(as: UInt8.self, repeating: 0xAB, count: 16)
            frame = (pointer, copy)
        }
        let sent = try #require(frame)
        #expect(String(decoding: sent.copy, as: UTF8.self).hasPrefix(#"{"type":"frames","seq":"#))
        // Until the next take, requests, ticks and bad input leave the frame's bytes as they were (the
        // transport writes them, then takes the next message at a later WRITEABLE).
        session.receive(#"{"type":"advance","seconds":0.1,"id":4}"#, now: 0)
        session.receive(#"{"type":"set","constraint":"searchTop","constant":10,"id":5}"#, now: 0)
        session.receive(#"{"type":"nope","id":6}"#, now: 0)
        session.tick(now: 0.5)
        #expect(Array(UnsafeRawBufferPointer(start: sent.start, count: sent.copy.count)) == sent.copy)
        #expect(session.hasOutgoing)
    }
}
