import Foundation

/// One session on a Layout Playground server: requests with their answers and the frames they
/// caused, and every view's merged presentation state (docs/PROTOCOL.md).
///
/// `try await Playground.start()` runs the built binary on a free port (closing the playground stops
/// it); `try await Playground.connect(to: "ws://HOST:PORT/")` uses a running server. Requests go one
/// at a time: a request made while another awaits its answer throws `concurrentRequest`. Every
/// request throws `PlaygroundClientError.server` for an `error` answer and `.closed` when the socket
/// closes first.
public actor Playground {
    /// The protocol's WebSocket subprotocol.
    public static let subprotocol = "layout-playground.v1"

    /// The server's `hello` (session id, scenes, devices, limits, `strict`).
    public nonisolated let hello: JSONValue
    /// Every view's state merged from every `frames` so far (views a `load` or `remove` took away are dropped).
    public private(set) var views: [String: ViewState] = [:]
    /// The session's time in seconds at the last `frames`.
    public private(set) var time: Double = 0

    private let channel: WebSocketChannel
    private let server: ServerProcess?
    private var nextID = 1
    private var busy = false

    private init(channel: WebSocketChannel, hello: JSONValue, server: ServerProcess?) {
        self.channel = channel
        self.hello = hello
        self.server = server
    }

    /// Connects to a running server at `url` (`ws://HOST:PORT/`; `lenient` appends `?lenient`) and
    /// reads its `hello`. Throws `badURL`, `connectionFailed`, or `closed` when no hello comes.
    public static func connect(to url: String, lenient: Bool = false) async throws -> Playground {
        try await connect(to: url, lenient: lenient, server: nil)
    }

    /// Runs `binary` (default `ServerProcess.defaultBinary`) on a free port and connects to it; `close()`
    /// stops it. Throws `serverDidNotStart` and what `connect` throws.
    public static func start(binary: String = ServerProcess.defaultBinary, lenient: Bool = false) async throws -> Playground {
        let server = try ServerProcess(binary: binary)
        do {
            return try await connect(to: server.url, lenient: lenient, server: server)
        } catch {
            server.stop()
            throw error
        }
    }

    private static func connect(to url: String, lenient: Bool, server: ServerProcess?) async throws -> Playground {
        guard let components = URLComponents(string: url), components.scheme == "ws",
              let host = components.host, let port = components.port else {
            throw PlaygroundClientError.badURL(url)
        }
        var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { path += "?" + query }
        if lenient { path += components.percentEncodedQuery == nil ? "?lenient" : "&lenient" }
        let channel = try await WebSocketChannel.open(host: host, port: port, path: path, subprotocol: subprotocol)
        guard let first = await channel.nextMessage() else { throw PlaygroundClientError.closed }
        return Playground(channel: channel, hello: try JSONValue.decode(first), server: server)
    }

    /// A playground dropped without `close()` still closes its socket, so its service thread ends
    /// (the server `start` ran stops when its `ServerProcess` goes).
    deinit { channel.close() }

    /// Closes the socket and stops the server `start` ran.
    public func close() {
        channel.close()
        server?.stop()
    }

    /// Sends `message` (a JSON object of docs/PROTOCOL.md, "Client → server", without `id`) with a
    /// fresh `id`; returns its answer with the frames, conflicts and events that came before it.
    public func request(_ message: [String: JSONValue]) async throws -> Answer {
        guard !busy else { throw PlaygroundClientError.concurrentRequest }
        busy = true
        defer { busy = false }
        let id = nextID
        nextID += 1
        var outgoing = message
        outgoing["id"] = .number(Double(id))
        try channel.send(JSONValue.object(outgoing).description)
        var answer = Answer(message: .null)
        while true {
            guard let text = await channel.nextMessage() else { throw PlaygroundClientError.closed }
            let incoming = try JSONValue.decode(text)
            let type = incoming["type"]?.string
            if type == "frames" {
                let frames = Frames(incoming)
                time = frames.time
                for (name, fields) in incoming["views"]?.object ?? [:] {
                    views[name] = (views[name] ?? ViewState()).merged(fields)
                }
                answer.frames.append(frames)
            } else if type == "conflict" {
                answer.conflicts.append(incoming)
            } else if incoming["re"]?.number == Double(id), type != "animationEnd" {
                answer.message = incoming
                if type == "error" {
                    throw PlaygroundClientError.server(code: incoming["code"]?.string ?? "",
                                                       message: incoming["message"]?.string ?? "", answer: incoming)
                }
                if type == "scene", let scene = incoming["scene"] {
                    let names = Set((scene["views"]?.array ?? []).compactMap { $0["id"]?.string } + ["root"])
                    views = views.filter { names.contains($0.key) }
                }
                return answer
            } else {
                answer.events.append(incoming)
            }
        }
    }

    // Messages (docs/PROTOCOL.md, "Client → server"); extra fields are spelt as there.

    /// Loads a built-in scene by name (`hello.scenes`).
    public func load(_ name: String) async throws -> Answer { try await request(["type": "load", "name": .string(name)]) }

    /// Loads an inline scene document (docs/PROTOCOL.md, "Scene documents").
    public func load(scene: JSONValue) async throws -> Answer { try await request(["type": "load", "scene": scene]) }

    /// `set` on a constraint: `constant` (points), `priority`, `active`, … as `fields`.
    public func set(constraint: String, _ fields: [String: JSONValue]) async throws -> Answer {
        try await request(fields.merging(["type": "set", "constraint": .string(constraint)]) { _, new in new })
    }

    /// `set` on a view: `alpha`, `hidden`, `intrinsicSize`, … as `fields`.
    public func set(view: String, _ fields: [String: JSONValue]) async throws -> Answer {
        try await request(fields.merging(["type": "set", "view": .string(view)]) { _, new in new })
    }

    /// `add` with `fields`: `["constraint": "a.top == b.top"]`, `["view": […]]`, `["format": "H:|[a]|"]`.
    public func add(_ fields: [String: JSONValue]) async throws -> Answer {
        try await request(fields.merging(["type": "add"]) { _, new in new })
    }

    /// `animate` the `ops` (messages without `id`) over `duration` seconds with `curve` (default
    /// easeInOut), after `delay` seconds.
    public func animate(_ ops: [JSONValue], duration: Double = 0.25, curve: JSONValue = "easeInOut",
                        delay: Double = 0) async throws -> Answer {
        try await request(["type": "animate", "ops": .array(ops), "duration": .number(duration), "curve": curve,
                           "delay": .number(delay)])
    }

    /// Runs one of the scene's actions by name.
    public func action(_ name: String) async throws -> Answer { try await request(["type": "action", "name": .string(name)]) }

    /// `clock`: `"manual"` (time moves only by `advance`) or `"realtime"`.
    public func clock(_ mode: String = "manual") async throws -> Answer { try await request(["type": "clock", "mode": .string(mode)]) }

    /// Moves the manual clock by `seconds`; the answer's `frames` show the new time.
    public func advance(_ seconds: Double) async throws -> Answer {
        try await request(["type": "advance", "seconds": .number(seconds)])
    }

    /// Gives the root a device preset (`hello.devices`) in `orientation`, over `duration` seconds (0 jumps).
    public func device(_ name: String, orientation: String = "portrait", duration: Double = 0) async throws -> Answer {
        try await request(["type": "device", "name": .string(name), "orientation": .string(orientation),
                           "duration": .number(duration)])
    }

    /// The scene document, every view and constraint with its current values.
    public func scene() async throws -> JSONValue { try await request(["type": "scene"]).message["scene"] ?? .null }

    /// Ids of the scene's constraints whose first or second item is `view` (or one of its guides).
    public func constraints(of view: String) async throws -> [String] {
        let constraints = try await scene()["constraints"]?.array ?? []
        return constraints.compactMap { constraint -> String? in
            let items = ["first", "second"].compactMap { constraint[$0]?.string?.split(separator: ".").first.map(String.init) }
            return items.contains(view) ? constraint["id"]?.string : nil
        }
    }

    /// Throws `FrameMismatch` unless `view`'s frame is `expected` within `tolerance` points; the
    /// message names the constraints that involve the view.
    public func assertFrame(_ view: String, _ expected: Rect, tolerance: Double = defaultTolerance) async throws {
        do {
            try assertRect(views[view]?.rect, expected, tolerance: tolerance, view: view)
        } catch is FrameMismatch {
            try assertRect(views[view]?.rect, expected, tolerance: tolerance, view: view,
                           constraints: try await constraints(of: view))
        }
    }

    /// Throws `FrameMismatch` unless `view`'s alpha is `expected` within `tolerance`.
    public func assertAlpha(_ view: String, _ expected: Double, tolerance: Double = defaultTolerance) throws {
        try assertClose(views[view]?.alpha, expected, tolerance: tolerance, what: "\(view).alpha")
    }
}
