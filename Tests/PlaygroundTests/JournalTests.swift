import Foundation
import Testing
@testable import Playground

/// A fresh folder under the system's temporary directory, for one journal.
private func stateFolder() -> String {
    NSTemporaryDirectory() + "journal-tests-" + UUID().uuidString
}

/// A client whose session journals into `queue`.
private func journaled(_ queue: JournalQueue) -> SessionClient {
    let client = SessionClient()
    client.session.journalQueue = queue
    return client
}

/// The session the journal holds for `client`'s session, rebuilt at transport time `now`, `wallGap`
/// seconds of wall time after its last turn.
private func restore(_ client: SessionClient, from journal: SessionJournal, now: Double, wallGap: Double = 0) throws -> Session {
    let record = try #require(try journal.load(token: client.session.resumeToken))
    let last = record.turns.last?.elapsed ?? record.snapshot?.elapsed ?? 0
    return try Session.restored(from: record, token: client.session.resumeToken, now: now,
                                wall: record.header.createdWall + last + wallGap, limits: SessionLimits())
}

@Suite struct SQLiteJournalTests {
    @Test func theLastSessionNumberIsTheLargestJournaledID() throws {
        let journal = try SQLiteJournal(folder: stateFolder())
        #expect(try journal.lastSessionNumber() == 0)
        // s9 and s12 by number, not by text ("s9" > "s12" as strings).
        for (token, id) in [("a", "s9"), ("b", "s12"), ("c", "s3")] {
            try journal.append([JournalTurn(elapsed: 0, text: "{}")], token: token,
                               header: JournalHeader(sessionID: id, strict: true, createdWall: 1000))
        }
        try journal.commit()
        #expect(try journal.lastSessionNumber() == 12)
    }

    @Test func onlyCommittedWritesAreKept() throws {
        let folder = stateFolder()
        let header = JournalHeader(sessionID: "s1", strict: true, createdWall: 1000)
        do {
            let journal = try SQLiteJournal(folder: folder)
            try journal.append([JournalTurn(elapsed: 0.5, text: "{\"type\":\"a\"}"), JournalTurn(elapsed: 1, text: "{\"type\":\"b\"}")],
                               token: "t1", header: header)
            try journal.commit()
            try journal.append([JournalTurn(elapsed: 2, text: "{\"type\":\"lost\"}")], token: "t1", header: header)
            // Closed without a commit, as a process that dies.
        }
        let journal = try SQLiteJournal(folder: folder)
        let record = try #require(try journal.load(token: "t1"))
        #expect(record.header == header)
        #expect(record.turns == [JournalTurn(elapsed: 0.5, text: "{\"type\":\"a\"}"), JournalTurn(elapsed: 1, text: "{\"type\":\"b\"}")])
        #expect(record.snapshot == nil && record.deadline == nil)
        #expect(try journal.load(token: "t2") == nil)
    }

    @Test func compactionReplacesTheTurnsAndDeadlinesExpire() throws {
        let journal = try SQLiteJournal(folder: stateFolder())
        let header = JournalHeader(sessionID: "s1", strict: false, createdWall: 50)
        try journal.append([JournalTurn(elapsed: 1, text: "{}")], token: "t1", header: header)
        try journal.compact(token: "t1", header: header, snapshot: JournalSnapshot(elapsed: 3, state: "{\"scene\":{}}"))
        try journal.append([JournalTurn(elapsed: 4, text: "{\"type\":\"c\"}")], token: "t1", header: header)
        try journal.append([], token: "t2", header: header)
        try journal.setDeadline(100, token: "t1")
        try journal.commit()
        let record = try #require(try journal.load(token: "t1"))
        #expect(record.snapshot == JournalSnapshot(elapsed: 3, state: "{\"scene\":{}}"))
        #expect(record.turns == [JournalTurn(elapsed: 4, text: "{\"type\":\"c\"}")])
        #expect(record.deadline == 100)
        // t2 has no deadline (connected): a restart gives it one; nothing is due before 100.
        #expect(try journal.expire(now: 99, orphanDeadline: 150) == 0)
        #expect(try journal.load(token: "t2")?.deadline == 150)
        #expect(try journal.expire(now: 120, orphanDeadline: nil) == 1)
        #expect(try journal.load(token: "t1") == nil)
        try journal.forget(token: "t2")
        try journal.commit()
        #expect(try journal.load(token: "t2") == nil)
    }

    @Test func theFolderIsPrivateAndHeldByOneServer() throws {
        let folder = stateFolder()
        let journal = try SQLiteJournal(folder: folder)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700 && fileMode == 0o600)
        do {
            _ = try SQLiteJournal(folder: folder)
            Issue.record("a second journal opened a folder in use")
        } catch let error as JournalError {
            #expect(error.message.contains("in use by another server"))
        }
    }
}

@Suite struct SessionJournalTests {
    @Test func anAnswerWaitsForTheCommitOfItsTurn() throws {
        let queue = JournalQueue(journal: try SQLiteJournal(folder: stateFolder()))
        let client = journaled(queue)
        #expect(client.send(["type": "load", "scene": navScene(), "id": 1]).isEmpty)
        #expect(try queue.commit().count == 1)
        #expect(types(client.drain()) == ["frames", "scene"])
        // Questions change nothing: they are not journaled and not held.
        #expect(types(client.send(["type": "scene", "id": 2])) == ["scene"])
        #expect(try queue.journal.load(token: client.session.resumeToken)?.turns.count == 1)
    }

    @Test func aRestoredSessionIsTheOneJournaledMidAnimation() throws {
        let queue = JournalQueue(journal: try SQLiteJournal(folder: stateFolder()))
        let client = journaled(queue)
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "scene": navScene()])
        client.send(["type": "set", "constraint": "navTop", "constant": -20])
        client.send(["type": "set", "view": "root", "alpha": 0.5])
        client.send(["type": "animate", "duration": 1, "curve": "linear", "id": 7,
                     "ops": [["type": "set", "view": "root", "alpha": 1]]])
        client.send(["type": "advance", "seconds": 0.25])
        _ = try queue.commit()
        client.drain()
        // alpha is linear: 0.5 + (1 − 0.5) × 0.25 = 0.625.
        #expect(client.alpha("root") == 0.625)
        let restored = try restore(client, from: queue.journal, now: 500, wallGap: 30)
        #expect(restored.resumeToken == client.session.resumeToken && restored.id == "test")
        #expect(restored.sceneText() == client.session.sceneText())
        #expect(!restored.hasOutgoing)
        let back = SessionClient(wrapping: restored, now: 500)
        restored.frameStream.sendsEverything = true
        restored.outbox.appendFrames()
        back.drain()
        // The manual clock does not move with the wall: still 0.625, nav at y = −20.
        #expect(back.alpha("root") == 0.625)
        expectFrame(back.frame("nav"), [0, -20, 390, 62])
        // The animation goes on and its animationEnd answers the journaled request: 0.5 + 0.5 × 0.75 = 0.875.
        back.advance(0.5)
        #expect(back.alpha("root") == 0.875)
        let end = back.advance(0.25)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        #expect(end[1]["re"] as? Int == 7)
    }

    @Test func aRealTimeClockRunsOnByTheTimeTheServerWasDown() throws {
        let queue = JournalQueue(journal: try SQLiteJournal(folder: stateFolder()))
        let client = journaled(queue)
        client.now = 1
        client.send(["type": "load", "scene": navScene()])
        client.send(["type": "set", "view": "root", "alpha": 0.5])
        client.send(["type": "animate", "duration": 10, "curve": "linear",
                     "ops": [["type": "set", "view": "root", "alpha": 1]]])
        _ = try queue.commit()
        // Restored 4 s of wall time after the last turn (session time 1 + 4 = 5): 4 s into the 10 s
        // animation, alpha = 0.5 + 0.5 × 0.4 = 0.7.
        let restored = try restore(client, from: queue.journal, now: 1000, wallGap: 4)
        let back = SessionClient(wrapping: restored, now: 1000)
        restored.frameStream.sendsEverything = true
        restored.outbox.appendFrames()
        back.drain()
        #expect(abs((back.alpha("root") ?? 0) - 0.7) < 1e-9)
    }

    @Test func followingStartsTheJournalAgainFromTheEmptyScene() throws {
        let queue = JournalQueue(journal: try SQLiteJournal(folder: stateFolder()))
        let registry = LocalShareRegistry()
        let owner = SessionClient(id: "o"), client = journaled(queue)
        owner.session.shareRegistry = registry
        client.session.shareRegistry = registry
        owner.send(["type": "load", "scene": navScene()])
        let code = owner.send(["type": "share"]).last?["code"] as? String ?? ""
        client.send(["type": "load", "name": "search-bar"])
        client.send(["type": "follow", "code": code])
        client.send(["type": "unfollow"])
        client.send(["type": "add", "view": ["id": "badge"]])
        _ = try queue.commit()
        // Its own scene went with the follow: what comes back is the empty scene and the badge, not search-bar.
        let restored = try restore(client, from: queue.journal, now: 5)
        #expect(restored.sceneText() == client.session.sceneText())
        #expect(restored.scene.engine.view("badge") != nil && restored.scene.engine.view("navView") == nil)
    }

    @Test func compactionBoundsTheJournalAndKeepsTheUndoHistory() throws {
        let queue = JournalQueue(journal: try SQLiteJournal(folder: stateFolder()), maxTurns: 4)
        let client = journaled(queue)
        client.send(["type": "load", "scene": navScene()])
        for constant in 1...9 {
            // A priority too makes each its own undo step.
            client.send(["type": "set", "constraint": "navTop", "constant": Double(constant), "priority": 1000])
            _ = try queue.commit()
        }
        let record = try #require(try queue.journal.load(token: client.session.resumeToken))
        #expect(record.snapshot != nil && record.turns.count <= 4)
        let restored = try restore(client, from: queue.journal, now: 10)
        #expect(restored.sceneText() == client.session.sceneText())
        // Undo from the restored history: navTop back to 8, nav at y = 8.
        let back = SessionClient(wrapping: restored, now: 10)
        back.send(["type": "undo", "id": 1])
        expectFrame(back.frame("nav"), [0, 8, 390, 62])
    }
}
