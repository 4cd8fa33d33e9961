/// What the client throws.
public enum PlaygroundClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered `error`: its `code` (stable, kebab-case, docs/PROTOCOL.md "Error codes"),
    /// `message` and the whole answer.
    case server(code: String, message: String, answer: JSONValue)
    /// The URL is not `ws://HOST:PORT/…` (the client speaks plain WebSocket only, no TLS).
    case badURL(String)
    /// The WebSocket could not be opened (libwebsockets' reason).
    case connectionFailed(String)
    /// The socket closed before the answer came.
    case closed
    /// The server sent something that is not a JSON object (its first 200 characters).
    case badMessage(String)
    /// The server binary could not be started (why).
    case serverDidNotStart(String)
    /// A request was made while another one on the same playground was still waiting for its answer.
    case concurrentRequest

    public var description: String {
        switch self {
        case .server(let code, let message, _): return "\(code): \(message)"
        case .badURL(let url): return "not a ws://HOST:PORT/ URL: \(url)"
        case .connectionFailed(let reason): return "cannot connect: \(reason)"
        case .closed: return "the connection closed"
        case .badMessage(let text): return "the server sent something that is not JSON: \(text)"
        case .serverDidNotStart(let why): return "layout-playground did not start: \(why)"
        case .concurrentRequest: return "one request at a time: await the previous one first"
        }
    }

    /// The `code` of a `server` error, nil for the others.
    public var code: String? { if case .server(let code, _, _) = self { return code } else { return nil } }
}
