import Foundation

/// Why the supervisor could not do its job; the message is logged and the supervisor exits with 1.
enum SupervisorError: Error, CustomStringConvertible {
    /// pipe or posix_spawn failed for this executable with this errno value.
    case cannotSpawn(String, Int32)

    var description: String {
        switch self {
        case let .cannotSpawn(executable, code):
            return "cannot start \(executable): \(String(cString: strerror(code)))"
        }
    }
}
