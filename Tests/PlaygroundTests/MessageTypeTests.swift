import Foundation
import Testing
@testable import Playground

/// The table of message types (`MessageType.all`) against docs/PROTOCOL.md, and the rules a row
/// carries as a session applies them.
@Suite struct MessageTypeTests {
    @Test func everyTypeHasOneRow() {
        #expect(MessageType.named.count == MessageType.all.count)
        // 13 that may run as ops, 13 more top-level messages, 5 questions, 7 sharing messages.
        #expect(MessageType.all.count == 38)
    }

    /// docs/PROTOCOL.md, `invalid-op` in the error table, and `export` ("Top level only"); `plantFault`
    /// is the test build's top-level fault.
    @Test func topLevelTypesAreTheDocumentedOnes() {
        let documented: Set = ["load", "import", "scene", "clock", "advance", "pause", "resume", "seek", "ambiguity",
                               "systemLayoutSizeFitting", "explain", "undo", "redo", "convert", "share", "unshare",
                               "follow", "unfollow", "handOver", "takeBack", "rejoin", "step", "pointer", "export",
                               "plantFault"]
        #expect(Set(MessageType.all.filter { $0.nesting == .topLevel }.map(\.name)) == documented)
    }

    /// docs/PROTOCOL.md, "Sharing": a follower may ask `scene`, `ambiguity`, `convert`, `export` and
    /// `explain`; the journal keeps none of them nor the sharing messages.
    @Test func followerQuestionsAreNotJournaled() {
        let questions = MessageType.all.filter { $0.follower == .question }.map(\.name)
        #expect(Set(questions) == ["scene", "ambiguity", "convert", "export", "explain"])
        let unjournaled = Set(MessageType.all.filter { !$0.journaled }.map(\.name))
        #expect(unjournaled == Set(questions).union(["plantFault", "share", "unshare", "follow", "unfollow", "rejoin",
                                                     "handOver", "takeBack"]))
    }

    @Test func aFollowerIsRefusedAnEditAndAnsweredAQuestion() throws {
        let registry = LocalShareRegistry()
        let owner = Session(id: "s1", now: 0)
        let follower = Session(id: "s2", now: 0)
        owner.shareRegistry = registry
        follower.shareRegistry = registry
        owner.receive(#"{"type":"load","name":"date-picker"}"#, now: 0)
        owner.receive(#"{"type":"share","id":1}"#, now: 0)
        let code = try #require(drain(owner).first { $0["type"] as? String == "shared" }?["code"] as? String)
        follower.receive(#"{"type":"follow","code":"\#(code)"}"#, now: 0)
        _ = drain(follower)
        follower.receive(#"{"type":"setNeedsLayout","id":2}"#, now: 0)
        #expect(drain(follower).last?["code"] as? String == "read-only")
        follower.receive(#"{"type":"ambiguity","id":3}"#, now: 0)
        #expect(drain(follower).last?["type"] as? String == "ambiguity")
    }

    private func drain(_ session: Session) -> [[String: Any]] {
        var messages: [[String: Any]] = []
        while let text = session.nextOutgoing() {
            if let message = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
                messages.append(message)
            }
        }
        return messages
    }
}
