import Glibc

/// The interface string handed to libwebsockets and whether IPv6 must stay enabled for it.
///
/// libwebsockets 4.1.6 parses an IPv4 literal into the wrong field of its dual-stack IPv6 socket address
/// and then listens on every interface. Turning IPv6 off for IPv4 literals makes the bind exact
/// (notes, pitfall 1).
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
}
