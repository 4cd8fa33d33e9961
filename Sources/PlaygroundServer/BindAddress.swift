import Glibc

/// The interface string handed to libwebsockets and whether IPv6 must stay enabled for it.
///
/// libwebsockets 4.1.6 parses an IPv4 literal into the wrong field of its dual-stack IPv6 socket address
/// and then listens on every interface. Turning IPv6 off for IPv4 literals makes the bind exact
/// (docs/ARCHITECTURE.md, "libwebsockets rules": "The IPv4 bind-address quirk").
struct BindAddress: Equatable {
    /// The literal given to `lws_context_creation_info.iface`.
    var iface: String
    /// True for IPv6 literals; IPv4 literals are bound with `LWS_SERVER_OPTION_DISABLE_IPV6`.
    var isIPv6: Bool

    /// Parses `host`; nil unless it is an IPv4 or IPv6 literal or `localhost` (taken as 127.0.0.1).
    init?(host: String) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            self.iface = literal
            self.isIPv6 = false
        } else if inet_pton(AF_INET6, literal, &v6) == 1 {
            self.iface = literal
            self.isIPv6 = true
        } else {
            return nil
        }
    }

    /// The errno of binding a fresh socket to this address and `port` (0…65535) with SO_REUSEADDR, as
    /// libwebsockets binds, or 0 when the bind succeeds (the socket is closed at once). EADDRINUSE: another
    /// socket listens there; EADDRNOTAVAIL: the address is not one of this machine's.
    func bindError(port: Int) -> Int32 {
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        var reuse: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let networkPort = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = networkPort
            _ = inet_pton(AF_INET6, iface, &address.sin6_addr)
            result = Self.bind(fd, to: address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = networkPort
            _ = inet_pton(AF_INET, iface, &address.sin_addr)
            result = Self.bind(fd, to: address)
        }
        return result == 0 ? 0 : errno
    }

    /// bind(2) of `fd` to a `sockaddr_in` or `sockaddr_in6`.
    private static func bind<Address>(_ fd: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }
}
