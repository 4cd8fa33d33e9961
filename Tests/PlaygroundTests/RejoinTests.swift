import Foundation
import Testing
@testable import Playground

@Suite struct RejoinTests {
    @Test func tokensAre128BitsOfHexAndDiffer() {
        let tokens = (0..<100).map { _ in Session.makeResumeToken() }
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(tokens).count == 100)
        let hello = SessionClient().received.first ?? [:]
        #expect((hello["resumeToken"] as? String)?.count == 32)
    }

    @Test func parkedSessionsWaitTheGraceThenAnswerExpired() throws {
        let parked = ParkedSessions(grace: 60)
        let a = Session(id: "a", now: 0), b = Session(id: "b", now: 0)
        parked.park(a, now: 10)
        parked.park(b, now: 20)
        // Deadlines: a at 10 + 60 = 70, b at 80.
        #expect(parked.nextDeadline == 70)
        #expect(try parked.claim(a.resumeToken, now: 70) === a)   // the deadline itself still counts
        #expect(parked.count == 1)
        // Claimed: the token is spent.
        #expect(throws: ProtocolError("unknown-token", "no session has this resume token: start a new one")) {
            try parked.claim(a.resumeToken, now: 71)
        }
        #expect(parked.expire(now: 80).isEmpty)
        #expect(parked.expire(now: 80.5).first === b)
        #expect(parked.count == 0 && parked.nextDeadline == nil)
        do {
            _ = try parked.claim(b.resumeToken, now: 81)
            Issue.record("an expired token was accepted")
        } catch let error as ProtocolError {
            #expect(error.code == "expired")
        }
        #expect(ParkedSessions(grace: 0).park(a, now: 0) == nil)
    }

    @Test func aFullParkingEndsTheSessionNearestItsDeadline() throws {
        let parked = ParkedSessions(grace: 60, capacity: 2)
        let a = Session(id: "a", now: 0), b = Session(id: "b", now: 0), c = Session(id: "c", now: 0)
        #expect(parked.park(a, now: 1)?.isEmpty == true)
        #expect(parked.park(b, now: 2)?.isEmpty == true)
        // Full: a (deadline 61) goes before b (62).
        #expect(parked.park(c, now: 3)?.first === a)
        #expect(parked.count == 2)
        #expect(throws: ProtocolError.self) { try parked.claim(a.resumeToken, now: 4) }
        #expect(try parked.claim(b.resumeToken, now: 4) === b)
    }

    @Test func rejoinTakesTheSessionBackMidAnimation() throws {
        let parked = ParkedSessions(grace: 60)
        let owner = SessionClient()
        owner.session.parkedSessions = parked
        owner.send(["type": "clock", "mode": "manual"])
        owner.send(["type": "load", "name": "search-bar"])
        owner.send(["type": "set", "view": "root", "alpha": 0.5])
        owner.send(["type": "animate", "duration": 1, "curve": "linear", "id": 7,
                    "ops": [["type": "set", "view": "root", "alpha": 1]]])
        owner.advance(0.25)
        // alpha is linear: 0.5 + (1 − 0.5) × 0.25 = 0.625.
        #expect(owner.alpha("root") == 0.625)
        // The connection drops; a new one rejoins 5 s later.
        parked.park(owner.session, now: 0)
        let next = SessionClient()
        next.session.parkedSessions = parked
        next.now = 5
        next.send(["type": "rejoin", "token": owner.session.resumeToken, "id": 1])
        let rejoined = try #require(next.lastResult?.replacement)
        #expect(rejoined === owner.session)
        // What the taken-back session sends: a complete frames of the state it was in, then `rejoined`.
        let back = owner.drain()
        #expect(types(back) == ["frames", "rejoined"])
        #expect((back[0]["views"] as? [String: [String: Any]])?["root"]?["alpha"] as? Double == 0.625)
        #expect(back[1]["re"] as? Int == 1 && back[1]["session"] as? String == "test")
        #expect((back[1]["scene"] as? [String: Any])?["name"] as? String == "search-bar")
        // The animation goes on from where it was: 0.5 + 0.5 × 0.75 = 0.875, then it ends.
        owner.advance(0.5)
        #expect(owner.alpha("root") == 0.875)
        let end = owner.advance(0.25)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        #expect(end[1]["re"] as? Int == 7)
        let again = SessionClient()
        again.session.parkedSessions = parked
        #expect(again.send(["type": "rejoin", "token": "0123", "id": 2]).last?["code"] as? String == "unknown-token")
    }

    @Test func rejoinedCarriesTheClockAsItRuns() throws {
        let parked = ParkedSessions(grace: 60)
        let owner = SessionClient()
        owner.session.parkedSessions = parked
        owner.send(["type": "clock", "speed": 0.25, "fps": 30])
        owner.send(["type": "pause"])
        parked.park(owner.session, now: 0)
        let next = SessionClient()
        next.session.parkedSessions = parked
        next.now = 2
        next.send(["type": "rejoin", "token": owner.session.resumeToken, "id": 1])
        _ = try #require(next.lastResult?.replacement)
        let clock = try #require(owner.drain().last?["clock"] as? [String: Any])
        // As set before the drop: real time at a quarter speed and 30 fps, paused at session time 0
        // (paused at transport time 0, so the 2 s away moved nothing).
        #expect(clock["mode"] as? String == "realtime" && clock["speed"] as? Double == 0.25)
        #expect(clock["fps"] as? Int == 30 && clock["paused"] as? Bool == true && clock["time"] as? Double == 0)
    }

    @Test func aTakenBackSessionKeepsItsRateLimitDebts() throws {
        var limits = SessionLimits()
        // A byte bucket of 2 × 100 = 200 that practically never refills. The session taken back is the
        // same object, so every bucket comes back as it was; the bytes show it.
        limits.maxMessageBytes = 100
        limits.bytesPerSecond = 0.001
        let parked = ParkedSessions(grace: 60)
        let owner = SessionClient(wrapping: Session(id: "s1", now: 0, limits: limits), now: 0)
        owner.session.parkedSessions = parked
        // {"type":"scene","id":1} is 23 bytes: 8 of them take 184 of the 200, the 9th leaves −7.
        for _ in 0..<9 { #expect(owner.send(text: #"{"type":"scene","id":1}"#).last?["type"] as? String == "scene") }
        parked.park(owner.session, now: 0)
        let next = SessionClient()
        next.session.parkedSessions = parked
        next.now = 1
        next.send(["type": "rejoin", "token": owner.session.resumeToken, "id": 1])
        _ = try #require(next.lastResult?.replacement)
        owner.drain()
        owner.now = 1
        // The same session, still in debt (−7 + 0.001): refused.
        #expect(owner.send(text: #"{"type":"scene","id":2}"#).last?["code"] as? String == "rate-limited")
    }
}

@Suite struct FollowAttemptsTests {
    @Test func eachAddressHasItsOwnBucket() {
        var attempts = FollowAttempts(rate: 1, burst: 2)
        // A burst of 2, then none until a second has refilled one token.
        let first = attempts.admit("10.0.0.1", now: 0), second = attempts.admit("10.0.0.1", now: 0)
        let third = attempts.admit("10.0.0.1", now: 0.5)      // 0.5 of a token refilled: not enough
        let elsewhere = attempts.admit("10.0.0.2", now: 0.5)
        let later = attempts.admit("10.0.0.1", now: 1.0)      // 1.0 s × 1/s = one token
        #expect(first && second && !third && elsewhere && later)
    }
}
