import Foundation
import Testing
@testable import Playground

/// A follower's rate limits across a dropped connection: its `rejoin` goes on from the level each bucket
/// had left (`Session.restoreRateLimits`), so reconnecting resets no budget (docs/PROTOCOL.md, "rejoin").
@Suite struct FollowerRejoinLimitsTests {
    let registry = LocalShareRegistry()
    let parked = ParkedSessions(grace: 60)

    /// A session on `registry` and `parked` with `limits`, its hello drained.
    func client(_ id: String, limits: SessionLimits) -> SessionClient {
        let session = Session(id: id, now: 0, limits: limits)
        session.shareRegistry = registry
        session.parkedSessions = parked
        let client = SessionClient(wrapping: session, now: 0)
        client.drain()
        return client
    }

    /// An owner (no rate limits) with the nav scene, shared, and a follower "s2" with `limits` (a grace
    /// period of 60 s added) that followed it with `{"type":"follow","code":"XXXXXXXX"}` (35 bytes).
    /// The share holds its owner weakly: the caller keeps the owner's client alive.
    func sharedWithFollower(limits: SessionLimits) -> (owner: SessionClient, follower: SessionClient, code: String) {
        let owner = client("s1", limits: SessionLimits())
        owner.send(["type": "load", "scene": navScene(), "id": 1])
        let code = owner.send(["type": "share", "id": 2]).last?["code"] as? String ?? ""
        var followerLimits = limits
        followerLimits.resumeGraceSeconds = 60
        let follower = client("s2", limits: followerLimits)
        #expect(follower.send(text: #"{"type":"follow","code":"\#(code)"}"#).last?["following"] as? String == code)
        return (owner, follower, code)
    }

    /// The follower's connection drops (its place is kept) and a new connection rejoins with its token;
    /// returns the client of the session the rejoin gave back, its answers drained.
    func dropAndRejoin(_ follower: SessionClient, limits: SessionLimits) throws -> SessionClient {
        _ = follower.session.leaveSharing()
        let fresh = client("s9", limits: limits)
        let result = fresh.session.receive(#"{"type":"rejoin","token":"\#(follower.session.resumeToken)","id":1}"#, now: 1)
        let back = SessionClient(wrapping: try #require(result.replacement), now: 1)
        #expect(back.drain().last?["type"] as? String == "rejoined")
        return back
    }

    @Test func theByteBudgetGoesOnFromWhereItWas() throws {
        var limits = SessionLimits()
        // A bucket of 2 × 100 = 200 bytes that practically never refills.
        limits.maxMessageBytes = 100
        limits.bytesPerSecond = 0.001
        let (owner, follower, _) = sharedWithFollower(limits: limits)
        defer { withExtendedLifetime(owner) {} }
        // The follow, {"type":"follow","code":"XXXXXXXX"}, is 1 + 15 + 1 + 17 + 1 = 35 bytes: 165 left;
        // {"type":"scene","id":1} is 1 + 14 + 1 + 6 + 1 = 23 bytes: 7 of them leave 165 − 161 = 4,
        // the 8th is admitted (4 ≥ 0) and leaves −19, a debt: the 9th is refused.
        for _ in 0..<8 { #expect(follower.send(text: #"{"type":"scene","id":1}"#).last?["type"] as? String == "scene") }
        #expect(follower.send(text: #"{"type":"scene","id":1}"#).last?["code"] as? String == "rate-limited")
        #expect(follower.session.byteBucket?.tokens == -19)

        let back = try dropAndRejoin(follower, limits: limits)
        // Still in debt (−19 plus 0.001 a second for the milliseconds away): refused, as before the drop.
        #expect((back.session.byteBucket?.tokens ?? 0) < -18.9)
        let refused = back.send(text: #"{"type":"scene","id":2}"#).last ?? [:]
        #expect(refused["code"] as? String == "rate-limited")
        #expect((refused["message"] as? String)?.contains("bytes") == true)
    }

    @Test func theSolverWorkBudgetGoesOnFromWhereItWas() throws {
        var limits = SessionLimits()
        // A work bucket of 1,000 units that practically never refills.
        limits.maxWorkPerMessage = 1_000
        limits.workPerSecond = 0.001
        let (owner, follower, _) = sharedWithFollower(limits: limits)
        // The owner hands the controls over: the follower's edits run on the shared session, its own
        // work bucket paying for them.
        #expect(owner.send(["type": "handOver", "to": "s2", "id": 3]).last?["type"] as? String == "ok")
        follower.drain()
        // 40 layout passes of the nav scene: a few of these put the 1,000-unit bucket in debt.
        let batch = #"{"type":"batch","ops":[\#(Array(repeating: #"{"type":"setNeedsLayout"}"#, count: 40).joined(separator: ","))],"id":2}"#
        var answers: [String] = []
        for _ in 0..<8 {
            let answer = follower.send(text: batch).last ?? [:]
            answers.append(answer["code"] as? String ?? answer["type"] as? String ?? "")
            if answer["code"] as? String == "rate-limited" { break }
        }
        // Some batches pay, then the bucket is in debt and the next one is refused.
        #expect(answers.first == "ok" && answers.last == "rate-limited", "\(answers)")
        #expect(follower.session.workBucket?.isInDebt == true)

        let back = try dropAndRejoin(follower, limits: limits)
        #expect(back.session.workBucket?.isInDebt == true)
        let refused = back.send(text: batch).last ?? [:]
        #expect(refused["code"] as? String == "rate-limited")
        #expect((refused["message"] as? String)?.contains("solver work") == true)
    }
}
