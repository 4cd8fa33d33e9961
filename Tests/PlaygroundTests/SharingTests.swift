import Foundation
import Testing
@testable import Playground

/// A generator that hands out the bytes it was given, for codes with known letters.
private struct ScriptedBytes: RandomNumberGenerator {
    var bytes: [UInt8]
    mutating func next() -> UInt64 {
        UInt64(bytes.isEmpty ? 0 : bytes.removeFirst())
    }
}

@Suite struct JoinCodeTests {
    @Test func lettersComeFromTheAlphabetModulo32() {
        // Byte b picks alphabet[b % 32]: 0 → "2", 7 → "9", 8 → "A", 31 → "Z", 32 → "2", 255 (= 7·32 + 31) → "Z",
        // 22 → "Q" (A is 8, so 22 is the 15th letter after it skipping I and O: A B C D E F G H J K L M N P Q).
        var generator = ScriptedBytes(bytes: [0, 7, 8, 31, 32, 255, 22, 9])
        #expect(JoinCode.make(using: &generator) == "29AZ2ZQB")
        #expect(JoinCode.alphabet.count == 32)
        #expect(!JoinCode.alphabet.contains("O") && !JoinCode.alphabet.contains("I")
                && !JoinCode.alphabet.contains("0") && !JoinCode.alphabet.contains("1"))
    }

    @Test func systemCodesAreEightLettersAndDiffer() {
        let codes = (0..<200).map { _ in JoinCode.make() }
        #expect(codes.allSatisfy { $0.count == 8 && JoinCode.normalized($0) == $0 })
        // 200 draws of 40 bits collide with probability about 200² / 2⁴¹ ≈ 2 × 10⁻⁸.
        #expect(Set(codes).count == 200)
    }

    @Test func typedCodesAreReadCaseInsensitively() {
        #expect(JoinCode.normalized("abcdefgh") == "ABCDEFGH")
        #expect(JoinCode.normalized("ABCDEFGI") == nil)   // I is not in the alphabet
        #expect(JoinCode.normalized("ABC") == nil)
        #expect(JoinCode.normalized("ABCDEFGHJ") == nil)
    }
}

@Suite struct SharingTests {
    let registry = LocalShareRegistry(maxSharedSessions: 2, maxFollowers: 2)

    /// A client on `registry`, its hello drained.
    func client() -> SessionClient {
        let client = SessionClient()
        client.session.shareRegistry = registry
        return client
    }

    /// An owner with the nav scene under the manual clock, shared; returns it and the code.
    func sharedOwner() -> (SessionClient, String) {
        let owner = client()
        owner.send(["type": "clock", "mode": "manual"])
        owner.send(["type": "load", "scene": navScene(), "id": 1])
        let shared = owner.send(["type": "share", "id": 2])
        let code = shared.last?["code"] as? String ?? ""
        return (owner, code)
    }

    @Test func shareAnswersACodeAndALink() {
        let (owner, code) = sharedOwner()
        let answer = owner.received.last ?? [:]
        #expect(answer["type"] as? String == "shared")
        #expect(JoinCode.normalized(code) == code)
        #expect(answer["link"] as? String == "/#follow=\(code)")
        #expect(answer["followers"] as? Int == 0)
        // Sharing again keeps the code.
        #expect(owner.send(["type": "share", "id": 3]).last?["code"] as? String == code)
        #expect(registry.count == 1)
    }

    @Test func followerGetsACompleteFramesThenTheSceneAndTheOwnerACount() {
        let (owner, code) = sharedOwner()
        let follower = client()
        let joined = follower.send(["type": "follow", "code": code.lowercased(), "id": 1])
        #expect(types(joined) == ["frames", "scene"])
        #expect(joined[1]["following"] as? String == code)
        #expect((joined[1]["scene"] as? [String: Any])?["name"] as? String == "nav")
        // Complete: every view, with the layout the owner sees (list: 62 … 844 − 34 = 810).
        #expect(Set((joined[0]["views"] as? [String: Any] ?? [:]).keys) == ["root", "nav", "list"])
        expectFrame(follower.frame("nav"), [0, 0, 390, 62])
        expectFrame(follower.frame("list"), [0, 62, 390, 748])
        let told = owner.drain()
        #expect(types(told) == ["followers"])
        #expect(told[0]["count"] as? Int == 1)
        #expect(owner.session.takeSessionsToWake().isEmpty)
    }

    @Test func followersSeeTheOwnersAnimationFromOneSharedBuffer() throws {
        let (owner, code) = sharedOwner()
        let first = client(), second = client()
        first.send(["type": "follow", "code": code])
        second.send(["type": "follow", "code": code])
        owner.drain()
        owner.send(["type": "animate", "duration": 0.25, "id": 4, "ops": [
            ["type": "set", "constraint": "navTop", "constant": -62],
            ["type": "layoutIfNeeded", "view": "root"],
        ]])
        // First what the edit changed in the document, then the animation's frames.
        for follower in [first, second] {
            let told = follower.drain()
            #expect(types(told).first == "changes")
            let changed = (told.first?["changes"] as? [String: Any])?["constraints"] as? [[String: Any]]
            #expect(changed?.map { $0["id"] as? String } == ["navTop"] && changed?.first?["constant"] as? Double == -62)
        }
        owner.advance(0.125)
        let woken = owner.lastResult?.wake ?? []
        #expect(woken.count == 2 && woken[0] === first.session && woken[1] === second.session)
        // Both followers write the very same bytes: one encoding for the tick.
        let lentA = MessageBuffer(), lentB = MessageBuffer()
        let a = try #require(first.session.takeNext(lending: lentA))
        let b = try #require(second.session.takeNext(lending: lentB))
        #expect(a.kind == .frames && b.kind == .frames)
        #expect(a.buffer === b.buffer && a.buffer !== lentA)
        // Half way through the ease-in-out curve (symmetric about t = ½): nav.top = −31, list.top = 31.
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(a.buffer.text.utf8)) as? [String: Any])
        let views = try #require(frames["views"] as? [String: [String: Any]])
        #expect(views["nav"]?["frame"] as? [Double] == [0, -31, 390, 62])
        #expect(views["list"]?["frame"] as? [Double] == [0, 31, 390, 779])
        #expect(frames["final"] as? Bool == false)
        // The end: a final frames, and the owner's animationEnd, which followers get with a null `re`.
        owner.advance(0.125)
        let end = first.drain()
        #expect(types(end) == ["frames", "animationEnd"])
        #expect(end[1]["re"] is NSNull)
        expectFrame(first.frame("nav"), [0, -62, 390, 62])
        #expect(types(second.drain()) == ["frames", "animationEnd"])
        #expect(second.received.last?["finished"] as? Bool == true)
    }

    @Test func aFollowerThatMissedAFrameGetsTheNewestStateComplete() throws {
        let (owner, code) = sharedOwner()
        let prompt = client(), slow = client()
        prompt.send(["type": "follow", "code": code])
        slow.send(["type": "follow", "code": code])
        owner.send(["type": "animate", "duration": 0.25, "ops": [
            ["type": "set", "constraint": "navTop", "constant": -62],
            ["type": "layoutIfNeeded", "view": "root"],
        ]])
        owner.advance(0.1)
        let early = prompt.drain()
        owner.advance(0.025)
        let half = prompt.drain()
        #expect(types(early) == ["changes", "frames"] && types(half) == ["frames"])
        // The prompt follower got changes only: the root never moved.
        #expect((half[0]["views"] as? [String: Any])?["root"] == nil)
        // The slow one never read the first: one frames, complete, of the newest state, numbered as
        // the prompt follower's.
        let caughtUp = Array(slow.drain().drop { $0["type"] as? String == "changes" })
        #expect(types(caughtUp) == ["frames"])
        #expect(Set((caughtUp.first?["views"] as? [String: Any] ?? [:]).keys) == ["root", "nav", "list"])
        #expect(caughtUp.first?["seq"] as? Int == half[0]["seq"] as? Int)
        expectFrame(slow.frame("nav"), [0, -31, 390, 62])
    }

    @Test func followersAreReadOnlyButMayAskQuestions() {
        let (owner, code) = sharedOwner()
        let follower = client()
        follower.send(["type": "follow", "code": code])
        for edit: [String: Any] in [
            ["type": "set", "constraint": "navTop", "constant": 10, "id": 1],
            ["type": "load", "name": "search-bar", "id": 2],
            ["type": "advance", "seconds": 1, "id": 3],
            ["type": "share", "id": 4],
        ] {
            let answer = follower.send(edit)
            #expect(answer.last?["type"] as? String == "error")
            #expect(answer.last?["code"] as? String == "read-only")
        }
        let scene = follower.send(["type": "scene", "id": 5])
        #expect((scene.last?["scene"] as? [String: Any])?["name"] as? String == "nav")
        let ambiguity = follower.send(["type": "ambiguity", "id": 6])
        #expect(ambiguity.last?["type"] as? String == "ambiguity")
        // The owner's scene is untouched: nav still at the top.
        owner.drain()
        #expect((owner.send(["type": "scene", "id": 9]).last?["scene"] as? [String: Any]) != nil)
        expectFrame(owner.frame("nav"), [0, 0, 390, 62])
    }

    @Test func unshareEndsFollowersAndForgetsTheCode() {
        let (owner, code) = sharedOwner()
        let follower = client()
        follower.send(["type": "follow", "code": code])
        owner.send(["type": "unshare", "id": 3])
        #expect(owner.lastResult?.wake.first === follower.session)
        let ended = follower.drain()
        #expect(types(ended) == ["ended"])
        #expect(ended[0]["code"] as? String == code)
        // An ordinary session again: it may edit (its own empty scene) and no longer follows.
        #expect(follower.send(["type": "load", "name": "search-bar", "id": 4]).last?["type"] as? String == "scene")
        let again = client().send(["type": "follow", "code": code, "id": 1])
        #expect(again.last?["code"] as? String == "unknown-code")
        #expect(registry.count == 0)
    }

    @Test func leavingCountsFollowersAndEndsShares() {
        let (owner, code) = sharedOwner()
        let follower = client()
        follower.send(["type": "follow", "code": code])
        owner.drain()
        // The follower's connection closes: the owner is told, and woken.
        #expect(follower.session.leaveSharing().first === owner.session)
        #expect(owner.drain().last?["count"] as? Int == 0)
        let other = client()
        other.send(["type": "follow", "code": code])
        // The owner's connection closes: the follower gets `ended`.
        #expect(owner.session.leaveSharing().first === other.session)
        #expect(types(other.drain()) == ["ended"])
    }

    @Test func limitsAndBadCodesAnswerStructuredErrors() {
        let (owner, code) = sharedOwner()
        _ = owner
        client().send(["type": "follow", "code": code])
        client().send(["type": "follow", "code": code])
        let third = client().send(["type": "follow", "code": code, "id": 1])
        #expect(third.last?["code"] as? String == "too-many-followers")
        #expect(client().send(["type": "follow", "code": "ZZZZZZZZ", "id": 1]).last?["code"] as? String == "unknown-code")
        #expect(client().send(["type": "follow", "code": "nope", "id": 1]).last?["code"] as? String == "unknown-code")
        #expect(client().send(["type": "follow", "id": 1]).last?["code"] as? String == "missing-field")
        _ = sharedOwner()
        let refused = client().send(["type": "share", "id": 1])
        #expect(refused.last?["code"] as? String == "too-many-shares")
        #expect(SessionClient().send(["type": "share", "id": 1]).last?["code"] as? String == "unavailable")
        // A shared session may not follow another.
        #expect(owner.send(["type": "follow", "code": code, "id": 5]).last?["code"] as? String == "shared")
    }
}
