/// Where Redis is, from `--redis redis://HOST:PORT[/DB]`.
public struct RedisURL: Sendable, Equatable {
    /// A host name or address (an IPv6 literal in brackets in the URL, without them here).
    public var host: String
    /// The TCP port (6379 when the URL names none).
    public var port: Int
    /// The logical database (`SELECT`), 0 when the URL names none.
    public var database: Int

    /// Parses `text`; nil unless it is `redis://HOST[:PORT][/DB]` with a port in 1…65535 and a
    /// database number ≥ 0. No user, password or query: put Redis on a private network.
    public init?(_ text: String) {
        guard text.hasPrefix("redis://") else { return nil }
        var rest = Substring(text.dropFirst("redis://".count))
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let tail = rest[rest.index(after: slash)...]
            if !tail.isEmpty {
                guard let number = Int(tail), number >= 0 else { return nil }
                database = number
            }
            rest = rest[..<slash]
        }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty, !host.contains("@") else { return nil }
        var port = 6379
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else { return nil }
            port = number
        }
        self.host = String(host)
        self.port = port
        self.database = database
    }
}
