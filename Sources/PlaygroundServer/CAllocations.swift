import CLibWebSockets
import Glibc

/// Owns the C strings and structs handed to `lws_create_context`.
///
/// libwebsockets keeps pointers into the creation info (protocol names, mounts, mimetypes, pvo,
/// extensions) for the context's whole life, so nothing may point at a temporary Swift string or a
/// local struct. Everything allocated here is released when the arena is, after the context is destroyed.
final class CAllocations {
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var blocks: [UnsafeMutableRawPointer] = []

    /// A NUL-terminated copy of `string` that lives as long as the arena (nil only when out of memory).
    func string(_ string: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(string) else { return nil }
        strings.append(copy)
        return UnsafePointer(copy)
    }

    /// `count` zero-initialised values of the imported C struct `T` (`T()` zero-fills it).
    func array<T>(of type: T.Type, count: Int, initial: T) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: count)
        pointer.initialize(repeating: initial, count: count)
        blocks.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }

    deinit {
        strings.forEach { free($0) }
        // Only trivial C structs are stored, so releasing the memory without deinitialising is fine.
        blocks.forEach { $0.deallocate() }
    }
}
