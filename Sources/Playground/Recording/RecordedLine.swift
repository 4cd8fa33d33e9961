import Foundation

/// One line of a session recording: the JSON-lines files `layout-playground --record DIR` writes, one
/// per session, and `layout-playground replay FILE` reads (docs/CLIENTS.md, "Golden recordings").
///
/// Every line is one JSON object with a `kind`. `now` is the transport's monotonic clock in seconds
/// (what the session's `receive(_:now:)` and `tick(now:)` were given); `time` is the session's own clock
/// in seconds at that moment (manual or real, as `frames.time` reports it):
///
///     {"kind":"session","format":1,"session":"s1","now":0.5,"strict":true,"limits":{…hello.limits…}}
///     {"kind":"in","now":0.52,"time":0.02,"text":"{\"type\":\"load\",\"name\":\"search-bar\",\"id\":1}"}
///     {"kind":"tick","now":0.53,"time":0.03}
///     {"kind":"out","now":0.52,"time":0.02,"message":{"type":"scene",…}}
///     {"kind":"truncated","now":9.1,"reason":"…"}
///
/// `in` keeps the client's text as received (it may not be JSON at all); `out` holds the server's
/// message as sent, in the order it was sent. `truncated` is the last line of a file that reached its
/// size cap.
public enum RecordedLine {
    case session(id: String, now: Double, strict: Bool, limits: [String: Any])
    case input(now: Double, time: Double, text: String)
    case tick(now: Double, time: Double)
    case output(now: Double, time: Double, message: [String: Any])
    case truncated(now: Double, reason: String)

    /// The version of the line format written in the `session` line.
    public static let format = 1

    /// The `session` line's text.
    public static func sessionText(id: String, now: Double, strict: Bool, limits: [String: Any]) -> String {
        object(["kind": "session", "format": format, "session": id, "now": now, "strict": strict, "limits": limits])
    }

    /// The `in` line's text for a client message `text`.
    public static func inputText(now: Double, time: Double, text: String) -> String {
        object(["kind": "in", "now": now, "time": time, "text": text])
    }

    /// The `tick` line's text.
    public static func tickText(now: Double, time: Double) -> String {
        object(["kind": "tick", "now": now, "time": time])
    }

    /// The `out` line's text for a message the server sent: `message` is its JSON text (an object, as
    /// every server message is), spliced in unchanged so recording costs no re-encoding.
    public static func outputText(now: Double, time: Double, message: String) -> String {
        String(object(["kind": "out", "now": now, "time": time]).dropLast()) + ",\"message\":" + message + "}"
    }

    /// The `truncated` line's text.
    public static func truncatedText(now: Double, reason: String) -> String {
        object(["kind": "truncated", "now": now, "reason": reason])
    }

    private static func object(_ fields: [String: Any]) -> String {
        JSONWriter.text(of: fields) ?? "{}"
    }

    /// Reads one line. Throws `RecordingError` naming what is wrong with it (not JSON, no known
    /// `kind`, a field missing or of the wrong type).
    public init(parsing line: String) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            throw RecordingError("not a JSON object")
        }
        func number(_ key: String) throws -> Double {
            guard let value = object[key] as? NSNumber else { throw RecordingError("'\(key)' must be a number") }
            return value.doubleValue
        }
        switch object["kind"] as? String {
        case "session":
            guard let id = object["session"] as? String, let strict = object["strict"] as? Bool,
                  let limits = object["limits"] as? [String: Any] else {
                throw RecordingError("a session line needs 'session', 'strict' and 'limits'")
            }
            guard (object["format"] as? NSNumber)?.intValue == Self.format else {
                throw RecordingError("unsupported recording format \(object["format"] ?? "none") (this build reads \(Self.format))")
            }
            self = .session(id: id, now: try number("now"), strict: strict, limits: limits)
        case "in":
            guard let text = object["text"] as? String else { throw RecordingError("an in line needs 'text'") }
            self = .input(now: try number("now"), time: try number("time"), text: text)
        case "tick":
            self = .tick(now: try number("now"), time: try number("time"))
        case "out":
            guard let message = object["message"] as? [String: Any] else {
                throw RecordingError("an out line needs a 'message' object")
            }
            self = .output(now: try number("now"), time: try number("time"), message: message)
        case "truncated":
            self = .truncated(now: try number("now"), reason: object["reason"] as? String ?? "")
        default:
            throw RecordingError("unknown kind '\(String(describing: object["kind"] ?? "none").prefix(40))'")
        }
    }
}

/// A recording line that cannot be read: the message says why.
public struct RecordingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
