/// Replays a session recording (`RecordedLine`, as `--record DIR` writes it) against a fresh session
/// in process, under the recorded clock, and compares what it sends with what the recording holds.
///
/// The session is made as the recorded one was (its id, strictness, limits and start time); each `in`
/// line is received and each `tick` run at its recorded `now`, and at each `out` line the replay takes
/// the session's next message and compares it (`MessageDiff`). Messages the replay still holds after
/// the last line are not compared: the recorded connection closed before sending them. A recording of
/// a session that shared, followed or rejoined another replays without that other session and differs
/// from the first message that depended on it.
public struct RecordingReplay {
    /// One difference: the recording's line (1-based) and what differs there.
    public struct Difference: CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// What a replay found.
    public struct Outcome {
        /// `out` lines compared.
        public var compared = 0
        /// Differences found, at most the `limit` asked for.
        public var differences: [Difference] = []
        /// Whether the recording ended with `truncated` (it reached its size cap).
        public var truncated = false
        /// Whether more differences than `differences` holds were found.
        public var moreDifferences = false
    }

    /// Replays `text` (the recording's JSON lines) and returns what differed.
    /// - Parameter limit: differences to keep; the replay runs to the end either way.
    /// - Throws: `RecordingError` naming the line for a line that cannot be read, or a first line that is
    ///   not a `session` line.
    public static func run(_ text: String, limit: Int = 20) throws -> Outcome {
        var lines: [(number: Int, line: RecordedLine)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            do {
                lines.append((index + 1, try RecordedLine(parsing: String(line))))
            } catch let error as RecordingError {
                throw RecordingError("line \(index + 1): \(error.description)")
            }
        }
        guard let first = lines.first, case let .session(id, start, strict, limits) = first.line else {
            throw RecordingError("line 1: a recording starts with a session line")
        }
        let sessionLimits = SessionLimits(announcement: limits)
        let session = Session(id: id, now: start, limits: sessionLimits, strict: strict)
        // A recorded `share` is answered as the server answered it (its code and link aside): the
        // replayed session shares into a registry of its own, which no follower ever joins.
        session.shareRegistry = LocalShareRegistry(maxSharedSessions: sessionLimits.maxSharedSessions,
                                                   maxFollowers: sessionLimits.maxFollowers)
        var outcome = Outcome()
        func note(_ line: Int, _ message: String) {
            guard outcome.differences.count < limit else {
                outcome.moreDifferences = true
                return
            }
            outcome.differences.append(Difference(line: line, message: message))
        }
        for (number, line) in lines.dropFirst() {
            switch line {
            case .session:
                throw RecordingError("line \(number): a second session line")
            case let .input(now, _, text):
                session.receive(text, now: now)
            case let .tick(now, _):
                session.tick(now: now)
            case let .output(_, _, expected):
                outcome.compared += 1
                guard let sent = session.nextOutgoing() else {
                    note(number, "expected \(MessageDiff.text(expected)), the replay sent nothing")
                    continue
                }
                guard let actual = (try? Fields.decode(sent))?.raw else {
                    note(number, "the replay sent text that is not a JSON object: \(sent.prefix(200))")
                    continue
                }
                for difference in MessageDiff.differences(expected: expected, actual: actual) {
                    note(number, difference)
                }
            case .truncated:
                outcome.truncated = true
            }
        }
        return outcome
    }
}
