import Foundation
import Testing
@testable import Playground

/// `Session.unsentBytes`, what the transport bounds for a client that does not read, against the bytes
/// the session really writes when its messages are taken.
@Suite struct UnsentBytesTests {
    /// Takes every queued message; returns the bytes written for the replies, events and errors.
    private func drain(_ session: Session) -> Int {
        var written = 0
        while let text = session.nextOutgoing() {
            if !text.hasPrefix(#"{"frames"#), !text.contains(#""type":"frames""#) { written += text.utf8.count }
        }
        return written
    }

    @Test func helloIsCountedAtAboutItsSize() {
        let session = Session(id: "s1", now: 0, limits: .server)
        let estimated = session.unsentBytes
        let written = drain(session)
        // The estimate counts floating-point numbers at 20 bytes; hello's are rates like 1000.
        #expect(abs(estimated - written) <= written / 10, "estimated \(estimated), written \(written)")
        #expect(session.unsentBytes == 0)
    }

    @Test func answersAddUpAndDrainToZero() {
        let session = Session(id: "s1", now: 0)
        _ = drain(session)
        for id in 1...3 { session.receive(#"{"type":"load","name":"search-bar","id":\#(id)}"#, now: 0) }
        session.receive(#"{"type":"scene","id":4}"#, now: 0)
        let estimated = session.unsentBytes
        let written = drain(session)
        #expect(written > 3 * 1000)
        #expect(abs(estimated - written) <= written / 10, "estimated \(estimated), written \(written)")
        #expect(session.unsentBytes == 0)
    }

    @Test func framesPlaceholdersCountNothing() {
        let session = Session(id: "s1", now: 0)
        _ = drain(session)
        session.receive(#"{"type":"load","name":"search-bar"}"#, now: 0)
        let afterLoad = session.unsentBytes
        session.tick(now: 1)
        #expect(session.unsentBytes == afterLoad)
    }
}
