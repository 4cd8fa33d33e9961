/// Why a `PlaygroundServer` could not start.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    /// `host` is not an IPv4 or IPv6 literal (nor `localhost`).
    case invalidHost(String)
    /// `port` is outside 0…65535.
    case invalidPort(Int)
    /// The public directory does not exist or is not a directory.
    case publicDirectoryMissing(String)
    /// `host` is not an address of this machine (EADDRNOTAVAIL).
    case addressNotLocal(String)
    /// Another socket already listens on `host:port` (EADDRINUSE).
    case addressInUse(host: String, port: Int)
    /// libwebsockets refused to create the context for another reason (typically: the certificate or
    /// key cannot be read).
    case contextCreationFailed(host: String, port: Int)
    /// The session journal in the `--state` folder cannot be opened (`JournalError`'s words): the folder
    /// cannot be made, the file is unreadable, or another server holds it.
    case journalUnavailable(String)
    /// The `--record` folder cannot be made or read (the folder, then why).
    case recordingFolder(String, String)

    public var description: String {
        switch self {
        case .invalidHost(let host): "invalid host \(host): use an IPv4 or IPv6 address literal"
        case .invalidPort(let port): "invalid port \(port): use 0...65535"
        case .publicDirectoryMissing(let path): "public directory not found: \(path)"
        case .addressNotLocal(let host): "cannot listen on \(host): not an address of this machine"
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): the address is already in use (another server on that port?); "
                + "choose another port, or port 0 for a free one"
        case .contextCreationFailed(let host, let port): "cannot listen on \(host):\(port)"
        case .journalUnavailable(let message): "cannot keep sessions: \(message) (or --no-state to run without)"
        case .recordingFolder(let path, let reason): "cannot record into \(path): \(reason)"
        }
    }
}
