/// Why a `PlaygroundServer` could not start.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    /// `host` is not an IPv4 or IPv6 literal (nor `localhost`).
    case invalidHost(String)
    /// `port` is outside 0…65535.
    case invalidPort(Int)
    /// The public directory does not exist or is not a directory.
    case publicDirectoryMissing(String)
    /// libwebsockets refused to create the context (typically: the address is in use or not local).
    case contextCreationFailed(host: String, port: Int)

    public var description: String {
        switch self {
        case .invalidHost(let host): "invalid host \(host): use an IPv4 or IPv6 address literal"
        case .invalidPort(let port): "invalid port \(port): use 0...65535"
        case .publicDirectoryMissing(let path): "public directory not found: \(path)"
        case .contextCreationFailed(let host, let port): "cannot listen on \(host):\(port)"
        }
    }
}
