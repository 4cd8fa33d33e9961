import Foundation
import Testing
@testable import Playground

/// Shares in the journal (`ShareRecord`) and what a restarted server makes of them (`Session+ShareRejoin.swift`).
@Suite struct ShareJournalTests {
    private func stateFolder() -> String {
        NSTemporaryDirectory() + "share-journal-tests-" + UUID().uuidString
    }

    @Test func shareRecordsAreFoundByCodeAndByEveryMemberToken() throws {
        let journal = try SQLiteJournal(folder: stateFolder())
        let header = JournalHeader(sessionID: "s1", strict: true, createdWall: 10)
        try journal.append([], token: "owner", header: header)
        // A work debt and a byte level: every bucket level is kept, a debt as such.
        let follower = FollowerRecord(token: "f1", sessionID: "s2", strict: false, messageTokens: 4, workTokens: -12.5,
                                      byteTokens: 300, wall: 20)
        let record = ShareRecord(code: "K7QD3MZA", ownerToken: "owner", controllerToken: "f1", followers: [follower],
                                 pointer: PointerRecord(x: 1, y: nil, view: "bar"))
        try journal.saveShare(record)
        try journal.commit()
        #expect(try journal.loadShare(code: "K7QD3MZA") == record)
        #expect(try journal.loadShare(memberToken: "owner") == record)
        #expect(try journal.loadShare(memberToken: "f1") == record)
        // Rewritten without its follower: the follower's token no longer finds it.
        var alone = record
        alone.followers = []
        alone.controllerToken = nil
        try journal.saveShare(alone)
        try journal.commit()
        #expect(try journal.loadShare(memberToken: "f1") == nil)
        #expect(try journal.loadShare(code: "K7QD3MZA") == alone)
        // The owner's record expires (deadline 50 < now 60): its share goes with it.
        try journal.setDeadline(50, token: "owner")
        try journal.commit()
        #expect(try journal.expire(now: 60, orphanDeadline: nil) == 1)
        #expect(try journal.loadShare(code: "K7QD3MZA") == nil && journal.loadShare(memberToken: "owner") == nil)
        // Forgetting deletes outright.
        try journal.append([], token: "o2", header: header)
        try journal.saveShare(ShareRecord(code: "ZZZZZZZZ", ownerToken: "o2"))
        try journal.forgetShare(code: "ZZZZZZZZ")
        try journal.commit()
        #expect(try journal.loadShare(code: "ZZZZZZZZ") == nil)
    }

    @Test func aRestartedServerGivesTheShareBackToAFollowerThenItsOwner() throws {
        let folder = stateFolder()
        var limits = SessionLimits()
        // 10 messages, then practically none: what is left of a bucket is the count not yet sent.
        limits.messagesPerSecond = 0.001
        limits.messageBurst = 10
        limits.resumeGraceSeconds = 60
        let code: String
        let ownerToken: String
        let followerToken: String
        do {
            // The first server: one compaction per turn, so the owner's step is read from its snapshot.
            let queue = JournalQueue(journal: try SQLiteJournal(folder: folder), maxTurns: 1)
            let registry = LocalShareRegistry()
            func member(_ id: String) -> SessionClient {
                let session = Session(id: id, now: 0, limits: limits)
                session.journalQueue = queue
                session.shareRegistry = registry
                let client = SessionClient(wrapping: session, now: 0)
                client.drain()
                return client
            }
            let owner = member("s1"), follower = member("s2")
            for message: [String: Any] in [["type": "clock", "mode": "manual"], ["type": "load", "name": "search-bar"],
                                           ["type": "step", "index": 0], ["type": "share"]] {
                owner.send(message)
                _ = try queue.commit()
            }
            code = try #require(owner.drain().last?["code"] as? String)
            follower.send(["type": "follow", "code": code])
            for _ in 0..<5 { follower.send(["type": "scene"]) }
            owner.send(["type": "pointer", "x": 12, "y": 34, "view": "navView"])
            _ = try queue.commit()
            ownerToken = owner.session.resumeToken
            followerToken = follower.session.resumeToken
            let ownerRecord = try #require(try queue.journal.load(token: ownerToken))
            #expect(ownerRecord.turns.isEmpty && ownerRecord.snapshot?.state.contains("\"step\":0") == true)
            let share = try #require(try queue.journal.loadShare(code: code))
            #expect(share.ownerToken == ownerToken && share.followers.map(\.sessionID) == ["s2"])
            // 10 − follow − 5 questions = 4.
            #expect(abs((share.followers.first?.messageTokens ?? 0) - 4) < 0.01)
            #expect(share.pointer == PointerRecord(x: 12, y: 34, view: "navView"))
            // The server dies: nothing of it may hold the database (a share and its follower hold each other).
            for client in [owner, follower] { client.session.journalQueue = nil }
        }
        // The second server on the same folder, as `PlaygroundServer.openJournal` opens it.
        let journal = try SQLiteJournal(folder: folder)
        let wall = Date().timeIntervalSince1970
        _ = try journal.expire(now: wall, orphanDeadline: wall + 60)
        let queue = JournalQueue(journal: journal)
        let registry = LocalShareRegistry()
        let parked = ParkedSessions(grace: 60)
        func rejoin(_ token: String, as id: String) throws -> (SessionClient, [[String: Any]]) {
            let fresh = Session(id: id, now: 10, limits: limits)
            fresh.journalQueue = queue
            fresh.shareRegistry = registry
            fresh.parkedSessions = parked
            let result = fresh.receive("{\"type\":\"rejoin\",\"token\":\"\(token)\",\"id\":1}", now: 10)
            let client = SessionClient(wrapping: try #require(result.replacement), now: 10)
            _ = try queue.commit()
            return (client, client.drain())
        }
        // The follower first: the owner's session is rebuilt and parked for it.
        let (follower, back) = try rejoin(followerToken, as: "s9")
        #expect(types(back) == ["frames", "pointer", "rejoined"])
        let answer = back.last ?? [:]
        #expect(answer["following"] as? String == code && answer["session"] as? String == "s2" && answer["re"] as? Int == 1)
        #expect((answer["step"] as? [String: Any])?["index"] as? Int == 0)
        #expect(back[1]["x"] as? Double == 12 && back[1]["y"] as? Double == 34 && back[1]["view"] as? String == "navView")
        // search-bar as loaded: navView pinned to the top, 375 × 62.
        expectFrame(follower.frame("navView"), [0, 0, 375, 62])
        #expect(parked.count == 1)
        // Its rate limit came back with it: 4 messages, then refused.
        for _ in 0..<4 { #expect(types(follower.send(["type": "scene", "id": 2])) == ["scene"]) }
        #expect(follower.send(["type": "scene", "id": 3]).last?["code"] as? String == "rate-limited")

        let (owner, ownerBack) = try rejoin(ownerToken, as: "s10")
        #expect(types(ownerBack) == ["followers", "frames", "rejoined"])
        #expect(ownerBack.last?["shared"] as? String == code && ownerBack.last?["followers"] as? Int == 1)
        #expect(parked.count == 0)
        owner.send(["type": "set", "constraint": "navTop", "constant": -10])
        _ = try queue.commit()
        follower.drain()
        expectFrame(follower.frame("navView"), [0, -10, 375, 62])
    }
}
