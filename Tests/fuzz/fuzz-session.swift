// libFuzzer entry over the message decoder and the session's message handling.
// Built by Tests/fuzz/build.sh; run by Tests/fuzz/run.sh (seed corpus: Tests/fuzz/corpus/session).
//
// One input is up to 16 client messages separated by newlines, fed to a fresh Session as one
// connection would feed them (bytes decoded as the transport decodes them), with the transport clock
// moving 1/60 s per message and the session ticked in between. After every message each queued
// outgoing message must be a JSON object with a `type`, and a final `scene` request must still be
// answered with a `scene`: a crash, a trap, a hang (-timeout) or a broken invariant is a finding.
import Foundation
@testable import Playground

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let session = Session(id: "fuzz", now: 0)
    var now = 0.0
    drain(session)
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).prefix(16) {
        now += 1.0 / 60
        session.receive(String(decoding: line, as: UTF8.self), now: now)
        drain(session)
        if session.wantsTicks {
            session.tick(now: now + 0.5)
            drain(session)
        }
    }
    session.receive(#"{"type":"scene","id":"probe"}"#, now: now + 1)
    var answered = false
    while let text = session.nextOutgoing() {
        let message = decode(text)
        if message["re"] as? String == "probe" {
            precondition(message["type"] as? String == "scene", "probe answered with \(text)")
            answered = true
        }
    }
    precondition(answered, "the session did not answer the probe")
    return 0
}

private func drain(_ session: Session) {
    while let text = session.nextOutgoing() { _ = decode(text) }
}

private func decode(_ text: String) -> [String: Any] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
          object["type"] is String else {
        fatalError("the session sent something that is not a message: \(text.prefix(200))")
    }
    return object
}
