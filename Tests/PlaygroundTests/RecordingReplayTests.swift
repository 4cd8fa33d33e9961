import Foundation
import Testing
@testable import Playground

/// `RecordingReplay` on recordings made in process: the same session replays clean, an altered frame
/// or message is reported with its line, view and both values, and the limits come back from `hello`.
@Suite struct RecordingReplayTests {
    /// A recording of a manual-clock session, written as the server writes one: the session line, then
    /// each message in before it is handled and each message out as it is taken.
    private func recording(_ messages: [String]) -> [String] {
        let session = Session(id: "r1", now: 5, strict: true)
        var lines = [RecordedLine.sessionText(id: "r1", now: 5, strict: true, limits: session.sessionLimits.announced)]
        func drain(_ now: Double) {
            while let text = session.nextOutgoing() {
                lines.append(RecordedLine.outputText(now: now, time: session.clockTime, message: text))
            }
        }
        drain(5)
        for (index, message) in messages.enumerated() {
            let now = 5 + Double(index) * 0.01
            lines.append(RecordedLine.inputText(now: now, time: session.clockTime, text: message))
            session.receive(message, now: now)
            drain(now)
        }
        return lines
    }

    private let messages = [
        #"{"type":"clock","mode":"manual","id":1}"#,
        #"{"type":"load","name":"search-bar","id":2}"#,
        #"{"type":"action","name":"focus","id":3}"#,
        #"{"type":"advance","seconds":0.125,"id":4}"#,
        #"{"type":"set","constraint":"navTop","constant":1,"priorty":2,"id":5}"#,
    ]

    @Test func theSameSessionReplaysClean() throws {
        let outcome = try RecordingReplay.run(recording(messages).joined(separator: "\n"))
        #expect(outcome.differences.isEmpty, "\(outcome.differences)")
        #expect(outcome.compared > 6)
    }

    @Test func anAlteredFrameNamesTheLineTheViewAndBothValues() throws {
        var lines = recording(messages)
        // By hand: half way through the 0.25 s easeInOut focus animation navView is at y = −62 / 2 = −31.
        let index = try #require(lines.firstIndex { $0.contains(#""navView":{"frame":[0,-31,375,62]"#) })
        lines[index] = lines[index].replacingOccurrences(of: "[0,-31,375,62]", with: "[0,-30.5,375,62]")
        let outcome = try RecordingReplay.run(lines.joined(separator: "\n"))
        #expect(outcome.differences.map(\.description)
                == ["line \(index + 1): view navView frame: expected [0,-30.5,375,62], actual [0,-31,375,62]"])
    }

    @Test func anAlteredErrorIsComparedExactly() throws {
        var lines = recording(messages)
        let index = try #require(lines.lastIndex { $0.contains(#""code":"unknown-field""#) })
        lines[index] = lines[index].replacingOccurrences(of: #""suggestion":"priority""#, with: #""suggestion":"active""#)
        let outcome = try RecordingReplay.run(lines.joined(separator: "\n"))
        #expect(outcome.differences.map(\.description)
                == [#"line \#(index + 1): error.suggestion: expected "active", actual "priority""#])
    }

    @Test func theResumeTokenIsNotCompared() throws {
        // Each session draws its own token: the recorded one never matches a replay's.
        let lines = recording(messages)
        #expect(lines[1].contains("resumeToken"))
        #expect(try RecordingReplay.run(lines.joined(separator: "\n")).differences.isEmpty)
    }

    @Test func announcedLimitsReadBackToTheSameLimits() {
        var limits = SessionLimits.server
        limits.maxViews = 7
        limits.maxSessions = 3
        limits.resumeGraceSeconds = 0
        #expect(SessionLimits(announcement: limits.announced) == limits)
        #expect(SessionLimits(announcement: SessionLimits().announced) == SessionLimits())
    }

    @Test func aBrokenLineIsNamed() {
        #expect(throws: RecordingError.self) { try RecordingReplay.run("{\"kind\":\"session\"}\n") }
        do {
            _ = try RecordingReplay.run(recording([]).joined(separator: "\n") + "\nnot json\n")
            Issue.record("a line that is not JSON was read")
        } catch {
            #expect("\(error)" == "line 3: not a JSON object")
        }
    }
}
