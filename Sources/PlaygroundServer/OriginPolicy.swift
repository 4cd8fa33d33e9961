/// Which pages may open a WebSocket, checked before the upgrade (cross-site WebSocket hijacking).
///
/// Browsers always send `Origin`; scripts and tools usually send none and are let in (they could forge
/// one anyway: the check protects browser users from other sites, not the server from clients).
/// Always allowed: the server's own origin (`http(s)://` + the request's `Host`). With no list given,
/// also any origin on `localhost`, `127.0.0.1` or `[::1]`, whatever the port. A list replaces that
/// default; `*` allows every origin.
struct OriginPolicy: Sendable {
    /// Exact origins, lowercased, without a trailing slash; empty for the default.
    let allowed: Set<String>

    init(allowed: [String]) {
        self.allowed = Set(allowed.map { Self.normalise($0) })
    }

    func allows(origin: String?, host: String?) -> Bool {
        guard let origin, !origin.isEmpty else { return true }
        let normalised = Self.normalise(origin)
        if allowed.contains("*") || allowed.contains(normalised) { return true }
        if let host, !host.isEmpty {
            let own = host.lowercased()
            if normalised == "http://" + own || normalised == "https://" + own { return true }
        }
        guard allowed.isEmpty else { return false }
        return Self.isLoopback(normalised)
    }

    static func normalise(_ origin: String) -> String {
        var text = origin.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// `http(s)://localhost`, `127.0.0.1` or `[::1]`, with any port or none.
    static func isLoopback(_ origin: String) -> Bool {
        let rest: Substring
        if origin.hasPrefix("http://") {
            rest = origin.dropFirst(7)
        } else if origin.hasPrefix("https://") {
            rest = origin.dropFirst(8)
        } else {
            return false
        }
        for host in ["localhost", "127.0.0.1", "[::1]"] where rest.hasPrefix(host) {
            let tail = rest.dropFirst(host.count)
            if tail.isEmpty { return true }
            if tail.first == ":", tail.count <= 6, tail.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
               tail.count > 1 { return true }
        }
        return false
    }
}
