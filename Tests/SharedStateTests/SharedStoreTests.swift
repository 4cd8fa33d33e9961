import Foundation
import Testing
@testable import SharedState

/// A store on a fresh Redis of its own, and the connection behind it, stopped by `close()`.
struct Fixture {
    let redis: RedisServerProcess
    let connection: RedisConnection
    let store: SharedStore

    /// Redis with stream nodes of 10 entries, so `MAXLEN ~` trims in steps of 10 (see the stream test).
    init() throws {
        redis = try RedisServerProcess(arguments: ["--stream-node-max-entries", "10"])
        connection = RedisConnection(RedisConnection.Configuration(port: redis.port))
        store = SharedStore(connection: connection)
    }

    func raw(_ words: String...) async -> RedisReply? {
        try? await connection.reply(RedisCommand(arguments: words.map { Array($0.utf8) })).get()
    }

    /// Redis's clock (TIME: seconds and microseconds), in whole Unix milliseconds.
    func unixMilliseconds() async -> Int {
        guard case .array(let parts)? = await raw("TIME"), parts.count == 2, let seconds = parts[0].integerValue,
              let micros = parts[1].integerValue else { return -1 }
        return seconds * 1000 + micros / 1000
    }

    func close() { connection.stop() }
}

@Suite(.enabled(if: RedisServerProcess.executable != nil, RedisServerProcess.missing))
struct SharedStoreTests {
    @Test func aClaimExpiresAndASecondClaimIsRefused() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let key = SharedKeys.token("t1")
        #expect(key == "lp:token:t1")
        let beforeClaim = await fixture.unixMilliseconds()
        #expect(try await awaitResult { fixture.store.claim(key, value: "server-a", expiry: 100, completion: $0) }.get() == true)
        let afterClaim = await fixture.unixMilliseconds()
        // NX: the key is held, so a second claim is refused and the first value stays.
        #expect(try await awaitResult { fixture.store.claim(key, value: "server-b", expiry: 100, completion: $0) }.get() == false)
        #expect(try await awaitResult { fixture.store.value(of: key, completion: $0) }.get() == "server-a")
        // EX 100: the key expires 100 s after the SET, on Redis's clock (PEXPIRETIME, Unix ms), so
        // between 100,000 ms after the TIME read before it and 100,000 ms after the one read after it.
        let expiry = await fixture.raw("PEXPIRETIME", key)?.integerValue ?? -3
        #expect((beforeClaim + 100_000)...(afterClaim + 100_000) ~= expiry)
        let beforeRefresh = await fixture.unixMilliseconds()
        #expect(try await awaitResult { fixture.store.refresh(key, expiry: 500, completion: $0) }.get() == true)
        let afterRefresh = await fixture.unixMilliseconds()
        #expect((beforeRefresh + 500_000)...(afterRefresh + 500_000) ~= (await fixture.raw("PEXPIRETIME", key)?.integerValue ?? -3))
        // Only the holder's value releases it.
        #expect(try await awaitResult { fixture.store.release(key, value: "server-b", completion: $0) }.get() == false)
        #expect(try await awaitResult { fixture.store.release(key, value: "server-a", completion: $0) }.get() == true)
        #expect(try await awaitResult { fixture.store.value(of: key, completion: $0) }.get() == nil)
        #expect(try await awaitResult { fixture.store.refresh(key, expiry: 5, completion: $0) }.get() == false)
        // An expired key is free again: PEXPIRE 1 ms, and TTL -2 (no key) once Redis expired it.
        #expect(try await awaitResult { fixture.store.claim(key, value: "server-b", expiry: 1, completion: $0) }.get() == true)
        _ = await fixture.raw("PEXPIREAT", key, "1")   // a time in the past: the key is gone at once
        #expect(await fixture.raw("TTL", key)?.integerValue == -2)
        #expect(try await awaitResult { fixture.store.claim(key, value: "server-c", expiry: 100, completion: $0) }.get() == true)
    }

    /// Leases of 600 s, so none expires by the clock while the test runs on a loaded machine: the
    /// expiry of a killed holder's lease is made at once with PEXPIREAT.
    @Test func aStaleEpochsWritesAreRefusedAfterATakeOver() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let store = fixture.store
        let a = try await awaitResult { store.acquireLease("s1", holder: "a", seconds: 600, completion: $0) }.get()
        #expect(a == .granted(Lease(epoch: 1, holder: "a")))
        // Held: b is told who holds it, and the epoch does not move.
        #expect(try await awaitResult { store.acquireLease("s1", holder: "b", seconds: 600, completion: $0) }.get()
                == .held(Lease(epoch: 1, holder: "a")))
        // a again: its own lease, renewed, same epoch.
        #expect(try await awaitResult { store.acquireLease("s1", holder: "a", seconds: 600, completion: $0) }.get()
                == .granted(Lease(epoch: 1, holder: "a")))
        #expect(try await awaitResult { store.appendTurn([1], session: "s1", epoch: 1, cap: 100, completion: $0) }.get() == 1)
        // a is killed: its lease expires (PEXPIREAT in the past does what the clock would) and b takes over.
        _ = await fixture.raw("PEXPIREAT", SharedKeys.lease("s1"), "1")
        #expect(try await awaitResult { store.acquireLease("s1", holder: "b", seconds: 600, completion: $0) }.get()
                == .granted(Lease(epoch: 2, holder: "b")))
        // a comes back believing it holds epoch 1: every write of it is refused, naming epoch 2.
        #expect(await awaitResult { store.appendTurn([2], session: "s1", epoch: 1, cap: 100, completion: $0) }
                == .failure(.staleEpoch(current: 2)))
        #expect(await awaitResult { store.writeSnapshot(StoredSnapshot(epoch: 1, offset: 1, bytes: [9]), session: "s1", completion: $0) }
                == .failure(.staleEpoch(current: 2)))
        #expect(try await awaitResult { store.renewLease("s1", Lease(epoch: 1, holder: "a"), seconds: 600, completion: $0) }.get() == false)
        #expect(try await awaitResult { store.releaseLease("s1", Lease(epoch: 1, holder: "a"), completion: $0) }.get() == false)
        // b's writes go on from a's last turn: turn 2, then a pass's three turns in one call (3, 4, 5).
        #expect(try await awaitResult { store.appendTurn([3], session: "s1", epoch: 2, cap: 100, completion: $0) }.get() == 2)
        #expect(try await awaitResult { store.appendTurns([[4], [5], [6]], session: "s1", epoch: 2, cap: 100, completion: $0) }.get() == 5)
        #expect(await awaitResult { store.appendTurns([[7], [8]], session: "s1", epoch: 1, cap: 100, completion: $0) }
                == .failure(.staleEpoch(current: 2)))
        let history = try await awaitResult { store.history("s1", after: 0, completion: $0) }.get()
        #expect(history.turns == [[1], [3], [4], [5], [6]].enumerated().map { StoredTurn(offset: $0.offset + 1, bytes: $0.element) })
        #expect(history.latest == 5 && history.complete)
        // b moves the session on purpose: released, and the next holder gets epoch 3.
        #expect(try await awaitResult { store.releaseLease("s1", Lease(epoch: 2, holder: "b"), completion: $0) }.get() == true)
        #expect(try await awaitResult { store.acquireLease("s1", holder: "c", seconds: 600, completion: $0) }.get()
                == .granted(Lease(epoch: 3, holder: "c")))
    }

    @Test func turnsAreReadBackFromAnOffsetWithinTheCap() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let store = fixture.store
        _ = try await awaitResult { store.acquireLease("s2", holder: "a", seconds: 600, completion: $0) }.get()
        for turn in 1...25 {
            // Binary bytes: a zero byte and 0xFF survive the round trip.
            let offset = try await awaitResult { store.appendTurn([0, UInt8(turn), 0xFF], session: "s2", epoch: 1, cap: 10, completion: $0) }.get()
            #expect(offset == turn)
        }
        // MAXLEN ~ 10 with nodes of 10 entries drops a whole node only while at least 10 entries remain:
        // at turn 20 the node 1…10 goes (20 − 10 = 10 ≥ 10); at 25 the node 11…20 stays (25 − 10 − 10 = 5 < 10).
        #expect(await fixture.raw("XLEN", SharedKeys.turns("s2"))?.integerValue == 15)
        let fromStart = try await awaitResult { store.history("s2", after: 0, completion: $0) }.get()
        #expect(fromStart.turns.map(\.offset) == Array(11...25))
        #expect(fromStart.latest == 25)
        #expect(!fromStart.complete)   // turns 1…10 are gone: a reader from 0 must start from a snapshot
        let recent = try await awaitResult { store.history("s2", after: 20, completion: $0) }.get()
        #expect(recent.turns == (21...25).map { StoredTurn(offset: $0, bytes: [0, UInt8($0), 0xFF]) })
        #expect(recent.complete)
        let cut = try await awaitResult { store.history("s2", after: 20, limit: 2, completion: $0) }.get()
        #expect(cut.turns.map(\.offset) == [21, 22])
        #expect(!cut.complete)   // read on from 22
        let upToDate = try await awaitResult { store.history("s2", after: 25, completion: $0) }.get()
        #expect(upToDate.turns.isEmpty && upToDate.complete)

        // A snapshot of turn 20: a reader without an offset gets it and the turns after it, complete.
        #expect(try await awaitResult { store.writeSnapshot(StoredSnapshot(epoch: 1, offset: 20, bytes: [7, 0, 7]), session: "s2", completion: $0) }.get())
        // An older snapshot does not replace it.
        #expect(try await awaitResult { store.writeSnapshot(StoredSnapshot(epoch: 1, offset: 12, bytes: [1]), session: "s2", completion: $0) }.get() == false)
        let recovered = try await awaitResult { store.history("s2", completion: $0) }.get()
        #expect(recovered.snapshot == StoredSnapshot(epoch: 1, offset: 20, bytes: [7, 0, 7]))
        #expect(recovered.base == 20)
        #expect(recovered.turns.map(\.offset) == [21, 22, 23, 24, 25])
        #expect(recovered.complete)
        // A session never written: nothing, and complete (0 turns after 0).
        let empty = try await awaitResult { store.history("none", completion: $0) }.get()
        #expect(empty == SessionHistory(snapshot: nil, base: 0, turns: [], latest: 0) && empty.complete)
    }

    @Test func scriptsRunByTheDigestRedisGaveThemAndAreSentAgainWhenRedisForgetsThem() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        _ = try await awaitResult { fixture.store.acquireLease("s3", holder: "a", seconds: 600, completion: $0) }.get()
        _ = await fixture.raw("CONFIG", "RESETSTAT")
        // The first append goes by EVAL and asks for the digest (SCRIPT LOAD); the next by EVALSHA.
        #expect(try await awaitResult { fixture.store.appendTurn([1], session: "s3", epoch: 1, cap: 5, completion: $0) }.get() == 1)
        #expect(try await awaitResult { fixture.store.appendTurn([2], session: "s3", epoch: 1, cap: 5, completion: $0) }.get() == 2)
        let stats = await fixture.raw("INFO", "commandstats")?.text ?? ""
        #expect(stats.contains("cmdstat_eval:calls=1,"))
        #expect(stats.contains("cmdstat_evalsha:calls=1,"))
        #expect(stats.contains("cmdstat_script|load:calls=1,"))
        // Redis forgets every script: the append is sent again as EVAL and succeeds.
        _ = await fixture.raw("SCRIPT", "FLUSH")
        #expect(try await awaitResult { fixture.store.appendTurn([3], session: "s3", epoch: 1, cap: 5, completion: $0) }.get() == 3)
    }

    @Test func anErrorReplyIsAServerError() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        _ = await fixture.raw("SET", SharedKeys.turnCount("s4"), "not a number")
        _ = await fixture.raw("SET", SharedKeys.epoch("s4"), "1")
        let result = await awaitResult { fixture.store.appendTurn([1], session: "s4", epoch: 1, cap: 5, completion: $0) }
        guard case .failure(.server(let text)) = result else { Issue.record("expected a server error, got \(result)"); return }
        #expect(text.contains("not an integer"))
    }
}
