import Foundation
import Testing
@testable import SharedState

/// The session journal's operations (`SharedStore+Journal.swift`) on a real Redis: who may write a
/// session (the lease's holder), when another server may take it over (free, parked, or its holder's
/// liveness key gone), and what a reader gets back (snapshot, the turns after it, completeness).
@Suite(.enabled(if: RedisServerProcess.executable != nil, RedisServerProcess.missing))
struct SessionJournalStoreTests {
    private func begin(_ fixture: Fixture, _ holder: String, header: String? = "h") async throws -> SessionLeaseOutcome {
        try await awaitResult {
            fixture.store.beginSession("s1", holder: holder, header: header.map { Array($0.utf8) }, token: "t1", completion: $0)
        }.get()
    }

    private func append(_ fixture: Fixture, _ holder: String, _ turns: [String]) async -> Result<Int, SharedStateError> {
        await awaitResult {
            fixture.store.appendJournalTurns(turns.map { Array($0.utf8) }, session: "s1", holder: holder, cap: 100, completion: $0)
        }
    }

    private func read(_ fixture: Fixture) async throws -> SessionRecordRead {
        try await awaitResult { fixture.store.readSessionRecord("s1", limit: 100, completion: $0) }.get()
    }

    @Test func onlyTheHolderWritesAndAReaderGetsTheSnapshotAndTheTurnsAfterIt() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        _ = await fixture.raw("SET", SharedKeys.server("a"), "1", "PX", "60000")
        #expect(try await begin(fixture, "a") == .held(epoch: 1, latest: 0))
        #expect(try await append(fixture, "a", ["one", "two"]).get() == 2)
        // b cannot write while a holds the lease, nor take it: a's liveness key is set (its PTTL is
        // what is left of the 60 s, however long the machine took to get here).
        #expect(await append(fixture, "b", ["stray"]) == .failure(.staleEpoch(current: 0)))
        guard case .heldElsewhere(1, "a", let alive) = try await begin(fixture, "b") else { Issue.record("not held by a"); return }
        #expect(alive > 0 && alive <= 60)
        // A snapshot takes in turns 1 and 2 (offset 2) and drops them from the stream; turn 3 follows it.
        #expect(try await awaitResult { fixture.store.writeJournalSnapshot(Array("S".utf8), session: "s1", holder: "a", completion: $0) }.get() == 2)
        #expect(try await append(fixture, "a", ["three"]).get() == 3)
        let record = try await read(fixture)
        #expect(record.history.snapshot == StoredSnapshot(epoch: 1, offset: 2, bytes: Array("S".utf8)))
        #expect(record.history.turns == [StoredTurn(offset: 3, bytes: Array("three".utf8))])
        #expect(record.history.complete && record.header == Array("h".utf8) && record.deadline == nil)
        #expect(await fixture.raw("XLEN", SharedKeys.turns("s1")) == .integer(1))
        #expect(try await awaitResult { fixture.store.value(of: SharedKeys.token("t1"), completion: $0) }.get() == "s1")
    }

    @Test func aParkedOrDeadHoldersSessionIsTakenOverWithAHigherEpochAndTheOldHolderIsFencedOut() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        _ = await fixture.raw("SET", SharedKeys.server("a"), "1", "PX", "60000")
        _ = await fixture.raw("SET", SharedKeys.server("b"), "1", "PX", "60000")
        #expect(try await begin(fixture, "a") == .held(epoch: 1, latest: 0))
        #expect(try await append(fixture, "a", ["one"]).get() == 1)
        // a parks it (a deadline): b may take it over although a is alive, with epoch 2.
        #expect(try await awaitResult { fixture.store.setJournalDeadline(1234.5, session: "s1", holder: "a", completion: $0) }.get())
        #expect(try await read(fixture).deadline == 1234.5)
        #expect(try await begin(fixture, "b", header: nil) == .held(epoch: 2, latest: 1))
        // a's copy is out of date: its reclaim, writes and forget are refused; the header stayed.
        #expect(try await awaitResult { fixture.store.reclaimSession("s1", holder: "a", epoch: 1, completion: $0) }.get() == false)
        #expect(await append(fixture, "a", ["late"]) == .failure(.staleEpoch(current: 0)))
        #expect(try await awaitResult { fixture.store.forgetSession("s1", token: "t1", holder: "a", completion: $0) }.get() == false)
        #expect(try await read(fixture).header == Array("h".utf8))
        // b connected: the deadline is cleared. Then b dies (its liveness key goes): a takes it, epoch 3.
        #expect(try await awaitResult { fixture.store.setJournalDeadline(nil, session: "s1", holder: "b", completion: $0) }.get())
        #expect(try await read(fixture).deadline == nil)
        guard case .heldElsewhere(2, "b", _) = try await begin(fixture, "a", header: nil) else { Issue.record("b is alive"); return }
        _ = await fixture.raw("DEL", SharedKeys.server("b"))
        #expect(try await begin(fixture, "a", header: nil) == .held(epoch: 3, latest: 1))
        #expect(try await awaitResult { fixture.store.reclaimSession("s1", holder: "a", epoch: 3, completion: $0) }.get())
        // Ending it deletes the record and the token's key.
        #expect(try await awaitResult { fixture.store.forgetSession("s1", token: "t1", holder: "a", completion: $0) }.get())
        #expect(try await read(fixture).header == nil)
        #expect(try await awaitResult { fixture.store.value(of: SharedKeys.token("t1"), completion: $0) }.get() == nil)
    }

    @Test func sessionNumbersComeInBlocksNoTwoCallersShare() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        // INCRBY 1024 twice: the blocks 1…1024 and 1025…2048.
        #expect(try await awaitResult { fixture.store.reserveSessionNumbers(1024, completion: $0) }.get() == 1024)
        #expect(try await awaitResult { fixture.store.reserveSessionNumbers(1024, completion: $0) }.get() == 2048)
    }
}
