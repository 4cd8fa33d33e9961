import Foundation
import Synchronization
import Testing
@testable import SharedState

/// What happens to commands when Redis dies, stalls or comes back. The bounds come from the
/// configuration: connect timeout 0.5 s, command timeout 1 s, back-off 0.05 s doubling to 1 s.
@Suite(.serialized, .enabled(if: RedisServerProcess.executable != nil, RedisServerProcess.missing))
struct RedisConnectionTests {
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Seconds until `connection` answers a PING again (at most a little over 10: each refused attempt
    /// ends within the connect timeout); past 10 s it gives up and returns what it waited.
    private static func secondsUntilAnswered(_ connection: RedisConnection) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        while await connection.reply(RedisCommand("PING")) != .success(.status("PONG")), seconds(clock.now - start) < 10 {
            try await Task.sleep(for: .milliseconds(20))
        }
        return seconds(clock.now - start)
    }

    @Test func aKilledRedisIsUnavailableWithinABoundAndFoundAgainByItself() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        #expect(await fixture.raw("SET", "k", "v") == .status("OK"))
        fixture.redis.kill()
        // The socket's EOF breaks the connection: the next command is refused, at most one command
        // timeout (1 s) later even if the EOF went unseen; 2.5 s leaves room for a loaded machine
        // (the whole suite runs in parallel on 2 cores).
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await fixture.connection.reply(RedisCommand("GET", "k")) == .failure(.unavailable))
        #expect(Self.seconds(clock.now - start) < 2.5)
        // While it stays down every command ends unavailable, none waits past the connect timeout.
        for _ in 0..<20 {
            let before = clock.now
            #expect(await fixture.connection.reply(RedisCommand("PING")) == .failure(.unavailable))
            #expect(Self.seconds(clock.now - before) < 2.5)
        }
        try fixture.redis.start()
        // Back: within 10 s the connection has reconnected by itself (the back-off is at most 1 s).
        #expect(try await Self.secondsUntilAnswered(fixture.connection) < 10)
        // A fresh Redis (no persistence) has lost the key, and takes new ones.
        #expect(await fixture.raw("GET", "k") == .null)
        #expect(await fixture.raw("SET", "k", "w") == .status("OK"))
    }

    @Test func aStalledRedisIsUnavailableAfterTheCommandTimeoutAndOverloadIsRefusedAtOnce() async throws {
        let redis = try RedisServerProcess()
        var configuration = RedisConnection.Configuration(port: redis.port)
        configuration.maximumOutstanding = 2
        let connection = RedisConnection(configuration)
        defer { connection.stop() }
        #expect(await connection.reply(RedisCommand("PING")) == .success(.status("PONG")))
        redis.pause(true)
        defer { redis.pause(false) }
        let clock = ContinuousClock()
        let start = clock.now
        let (results, sink) = AsyncStream.makeStream(of: Result<RedisReply, SharedStateError>.self)
        // `send` queues before it returns, so after these two, 2 commands are outstanding.
        connection.send(RedisCommand("PING")) { sink.yield($0) }
        connection.send(RedisCommand("PING")) { sink.yield($0) }
        // The bound (2 outstanding) refuses a third at once: its completion runs before `send` returns.
        let third = Mutex<Result<RedisReply, SharedStateError>?>(nil)
        connection.send(RedisCommand("PING")) { result in third.withLock { $0 = result } }
        #expect(third.withLock { $0 } == .failure(.overloaded))
        // None of the three sends waited for the stalled Redis: they returned long before its 1 s timeout.
        #expect(clock.now - start < .milliseconds(500))
        // No reply within the command timeout (1 s): the stalled connection ends both as unavailable.
        var ended: [Result<RedisReply, SharedStateError>] = []
        for await result in results {
            ended.append(result)
            if ended.count == 2 { break }
        }
        #expect(ended == [.failure(.unavailable), .failure(.unavailable)])
        let waited = Self.seconds(clock.now - start)
        #expect(waited >= 0.9 && waited < 3)   // 1 s, and room for a loaded machine
        redis.pause(false)
        #expect(try await Self.secondsUntilAnswered(connection) < 10)
    }

    @Test func theSubscriberResubscribesAfterRedisComesBack() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let channel = SharedKeys.shareChannel("WXYZ6789")
        let subscription = await Subscription(fixture, channel)
        defer { subscription.subscriber.stop() }
        let states = subscription.states
        fixture.redis.kill()
        await states.wait(for: .down)
        try fixture.redis.start()
        await states.wait(for: .up, count: 2)   // reconnected and subscribed again by itself
        var receivers = 0
        for _ in 0..<10_000 where receivers == 0 {
            receivers = (try? await awaitResult { fixture.store.publish([42], on: channel, completion: $0) }.get()) ?? 0
        }
        #expect(receivers == 1)
        var iterator = subscription.messages.makeAsyncIterator()
        #expect(await iterator.next() == RedisSubscriber.Message(channel: channel, payload: [42]))
    }
}

@Suite(.serialized, .enabled(if: RedisServerProcess.executable != nil, RedisServerProcess.missing))
struct StalledSubscriberTests {
    @Test func aStalledRedisIsNoticedBySilenceAndTheSubscriberComesBackAfterIt() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let channel = SharedKeys.shareChannel("STAL2345")
        let subscription = await Subscription(fixture, channel)
        defer { subscription.subscriber.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        fixture.redis.pause(true)
        // Silent for the ping interval (1 s), then no PONG within the command timeout (1 s): down
        // after at most 2 s; 4 s leaves room for a loaded machine.
        await subscription.states.wait(for: .down)
        let waited = clock.now - start
        #expect(waited < .seconds(4))
        #expect(waited >= .milliseconds(900))
        fixture.redis.pause(false)
        await subscription.states.wait(for: .up, count: 2)
        var receivers = 0
        for _ in 0..<10_000 where receivers == 0 {
            receivers = (try? await awaitResult { fixture.store.publish([7], on: channel, completion: $0) }.get()) ?? 0
        }
        // Redis kept the stalled connection and the new one may both be subscribed for a moment: at least this server.
        #expect(receivers >= 1)
        var iterator = subscription.messages.makeAsyncIterator()
        #expect(await iterator.next() == RedisSubscriber.Message(channel: channel, payload: [7]))
        subscription.subscriber.stop()
        subscription.subscriber.stop()   // idempotent, as the deferred stops after it
        fixture.connection.stop()
    }
}

struct ReconnectBackoffTests {
    @Test func theDelayDoublesToItsMaximumAndResets() {
        var backoff = ReconnectBackoff(initial: 0.05, maximum: 1)
        // 0.05 × 2ⁿ: 0.05, 0.1, 0.2, 0.4, 0.8, then 1.6 capped at 1.
        #expect((0..<7).map { _ in backoff.next() } == [0.05, 0.1, 0.2, 0.4, 0.8, 1, 1])
        backoff.reset()
        #expect(backoff.next() == 0.05)
    }
}
