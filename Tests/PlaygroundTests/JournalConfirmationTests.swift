import Foundation
import Testing
@testable import Playground

/// A journal across the network, as `JournalQueue` sees one: `commit()` only numbers the pass, and
/// confirmation comes later (`JournalQueue.confirm`); `reachable` false drops a pass's turns unwritten.
private final class ConfirmingJournal: SessionJournal {
    var reachable = true
    private(set) var sentTurns: [[JournalTurn]] = []
    private(set) var compactions = 0
    private var pass = 0
    private var buffered: [JournalTurn] = []
    private var bufferedCompaction = false
    private var dropped: [String] = []
    private var droppedNow: [String] = []
    private(set) var pendingConfirmation: Int?

    func append(_ turns: [JournalTurn], token: String, header: JournalHeader) throws {
        buffered += turns
        if !reachable { droppedNow.append(token) }
    }
    func compact(token: String, header: JournalHeader, snapshot: JournalSnapshot) throws {
        bufferedCompaction = true
        if !reachable { droppedNow.append(token) }
    }
    func setDeadline(_ deadline: Double?, token: String) throws {}
    func forget(token: String) throws {}
    func commit() throws {
        pendingConfirmation = nil
        defer { buffered = []; bufferedCompaction = false }
        guard reachable else {
            dropped += droppedNow
            droppedNow = []
            return
        }
        guard !buffered.isEmpty || bufferedCompaction else { return }
        if !buffered.isEmpty { sentTurns.append(buffered) }
        if bufferedCompaction { compactions += 1 }
        pass += 1
        pendingConfirmation = pass
    }
    func rollback() {}
    func load(token: String) throws -> JournalRecord? { nil }
    func expire(now: Double, orphanDeadline deadline: Double?) throws -> Int { 0 }
    func lastSessionNumber() throws -> UInt64 { 0 }
    func saveShare(_ share: ShareRecord) throws {}
    func forgetShare(code: String) throws {}
    func loadShare(code: String) throws -> ShareRecord? { nil }
    func loadShare(memberToken token: String) throws -> ShareRecord? { nil }
    func takeUnwritten() -> [String] {
        defer { dropped = [] }
        return dropped
    }
    var isReachable: Bool { reachable }
}

/// `set` of the search bar's top constraint, answered `ok` with `id`.
private func setTop(_ id: Int, _ constant: Double) -> [String: Any] {
    ["type": "set", "constraint": "searchTop", "constant": constant, "id": id]
}

@Suite struct JournalConfirmationTests {
    /// A client of the search bar scene journaling into `journal`, its load committed and confirmed.
    private func client(_ journal: ConfirmingJournal) throws -> (SessionClient, JournalQueue) {
        let queue = JournalQueue(journal: journal)
        let client = SessionClient()
        client.session.journalQueue = queue
        client.send(["type": "load", "name": "search-bar", "id": 1])
        #expect(try queue.commit().isEmpty)
        _ = queue.confirm(pass: try #require(journal.pendingConfirmation), failed: [])
        client.drain()
        return (client, queue)
    }

    @Test func answersWaitForTheConfirmationOfTheirOwnPass() throws {
        let journal = ConfirmingJournal()
        let (client, queue) = try client(journal)
        // Pass A: the edit's answer is held through the commit, until pass A is confirmed.
        #expect(client.send(setTop(2, 10)).isEmpty)
        #expect(try queue.commit().isEmpty)
        let passA = try #require(journal.pendingConfirmation)
        #expect(client.drain().isEmpty && !client.session.hasOutgoing)
        // Pass B, before A is confirmed: its answer is held too.
        #expect(client.send(setTop(3, 20)).isEmpty)
        #expect(try queue.commit().isEmpty)
        let passB = try #require(journal.pendingConfirmation)
        #expect(passB == passA + 1)
        // A's confirmation does not release what B holds: nothing is sent yet.
        let afterA = queue.confirm(pass: passA, failed: [])
        #expect(afterA.released.isEmpty && afterA.failed.isEmpty)
        #expect(client.drain().isEmpty)
        // B's releases both answers, in order.
        let afterB = queue.confirm(pass: passB, failed: [])
        #expect(afterB.released.map(\.id) == [client.session.id])
        let answers = client.drain().filter { $0["type"] as? String == "ok" }.compactMap { $0["re"] as? Int }
        #expect(answers == [2, 3])
        #expect(journal.sentTurns.count == 3)   // the load, then one turn in each of passes A and B
        #expect(!queue.isAwaitingConfirmation)
    }

    @Test func aFailedPassNamesTheSessionsToClose() throws {
        let journal = ConfirmingJournal()
        let (client, queue) = try client(journal)
        client.send(setTop(2, 10))
        _ = try queue.commit()
        let outcome = queue.confirm(pass: try #require(journal.pendingConfirmation), failed: [client.session.resumeToken])
        #expect(outcome.released.isEmpty && outcome.failed.map(\.id) == [client.session.id])
    }

    @Test func turnsTheJournalCouldNotSendAreAnsweredAndWrittenWholeWhenItIsBack() throws {
        let journal = ConfirmingJournal()
        let (client, queue) = try client(journal)
        journal.reachable = false
        client.send(setTop(2, 10))
        // Unreachable: nothing awaits a confirmation, the answer goes out at once.
        let released = try queue.commit()
        #expect(released.map(\.id) == [client.session.id] && journal.pendingConfirmation == nil)
        #expect(client.drain().contains { $0["type"] as? String == "ok" && $0["re"] as? Int == 2 })
        // Back: the next commit writes the session whole (a compaction) and holds nothing of its own.
        journal.reachable = true
        #expect(journal.compactions == 0)
        #expect(try queue.commit().isEmpty)
        #expect(journal.compactions == 1 && journal.pendingConfirmation != nil)
    }
}
