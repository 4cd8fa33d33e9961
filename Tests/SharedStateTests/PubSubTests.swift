import Foundation
import Synchronization
import Testing
@testable import SharedState

/// Waits for the subscriber's `onState` reports, in order.
final class StateReports: Sendable {
    private let reports = Mutex<(seen: [RedisConnection.State], waiting: [(RedisConnection.State, CheckedContinuation<Void, Never>)])>(([], []))

    func report(_ state: RedisConnection.State) {
        let ready = reports.withLock { reports in
            reports.seen.append(state)
            let ready = reports.waiting.filter { $0.0 == state }.map(\.1)
            reports.waiting.removeAll { $0.0 == state }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `state` is reported `count` times in all.
    func wait(for state: RedisConnection.State, count: Int = 1) async {
        while true {
            let seen = reports.withLock { $0.seen.filter { $0 == state }.count }
            if seen >= count { return }
            await withCheckedContinuation { continuation in
                let already = reports.withLock { reports in
                    if reports.seen.filter({ $0 == state }).count >= count { return true }
                    reports.waiting.append((state, continuation))
                    return false
                }
                if already { continuation.resume() }
            }
        }
    }
}

/// A subscriber of its own on the fixture's Redis, subscribed to `channel` and reported up; its
/// messages as an async stream.
struct Subscription {
    let subscriber: RedisSubscriber
    let messages: AsyncStream<RedisSubscriber.Message>
    let states = StateReports()

    init(_ fixture: Fixture, _ channel: String) async {
        let (messages, delivered) = AsyncStream.makeStream(of: RedisSubscriber.Message.self)
        self.messages = messages
        subscriber = RedisSubscriber(fixture.connection.configuration, onState: states.report) { delivered.yield($0) }
        subscriber.subscribe(channel)
        await states.wait(for: .up)
    }
}

@Suite(.enabled(if: RedisServerProcess.executable != nil, RedisServerProcess.missing))
struct PubSubTests {
    @Test func aSharesFramesReachTheSubscribingServerInOrder() async throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let channel = SharedKeys.shareChannel("ABCD2345")
        #expect(channel == "lp:share:ABCD2345")
        let subscription = await Subscription(fixture, channel)
        defer { subscription.subscriber.stop() }
        // Each publish reaches exactly one subscriber: this server.
        for frame in 1...3 {
            #expect(try await awaitResult { fixture.store.publish([UInt8(frame), 0], on: channel, completion: $0) }.get() == 1)
        }
        var received: [RedisSubscriber.Message] = []
        for await message in subscription.messages {
            received.append(message)
            if received.count == 3 { break }
        }
        #expect(received == (1...3).map { RedisSubscriber.Message(channel: channel, payload: [UInt8($0), 0]) })
        subscription.subscriber.unsubscribe(channel)
        // The UNSUBSCRIBE goes out on the subscriber's thread: publish until Redis counts no receiver
        // (a bounded number of round trips).
        var receivers = 1
        for _ in 0..<10_000 where receivers != 0 {
            receivers = try await awaitResult { fixture.store.publish([9], on: channel, completion: $0) }.get()
        }
        #expect(receivers == 0)
    }
}

struct SharedInboxTests {
    @Test func aFullInboxDropsTheOldestAndReportsTheirChannels() {
        let inbox = SharedInbox(capacity: 3, byteCapacity: 100)
        for (index, channel) in ["a", "b", "c", "c", "d"].enumerated() {
            inbox.put(RedisSubscriber.Message(channel: channel, payload: [UInt8(index)]))
        }
        // 5 put into 3 places: the first two (a, b) are dropped.
        let drained = inbox.drain()
        #expect(drained.messages.map(\.payload) == [[2], [3], [4]])
        #expect(drained.gaps == ["a", "b"])
        #expect(inbox.drain() == SharedInbox.Drained(messages: [], gaps: []))
    }

    @Test func theByteBoundDropsTheOldestAndRefusesAnOversizedMessage() {
        let inbox = SharedInbox(capacity: 100, byteCapacity: 10)
        inbox.put(RedisSubscriber.Message(channel: "a", payload: [UInt8](repeating: 1, count: 6)))
        inbox.put(RedisSubscriber.Message(channel: "b", payload: [UInt8](repeating: 2, count: 6)))   // 12 > 10: a goes
        inbox.put(RedisSubscriber.Message(channel: "c", payload: [UInt8](repeating: 3, count: 11)))  // 11 > 10 alone
        let drained = inbox.drain()
        #expect(drained.messages.map(\.channel) == ["b"])
        #expect(drained.gaps == ["a", "c"])
    }

    @Test func aGapMarkedAfterADownReachesTheNextDrain() {
        let inbox = SharedInbox()
        inbox.markGap(["x", "y"])
        #expect(inbox.drain().gaps == ["x", "y"])
    }
}
