import CLibWebSockets

/// The query arguments of a connection's upgrade request (`/?lenient` → `["lenient"]`).
enum URIArguments {
    /// Each `name` or `name=value` of the request's query, as libwebsockets split them (one fragment
    /// of `WSI_TOKEN_HTTP_URI_ARGS` per `&`-separated argument, already URL-decoded). At most 16
    /// arguments of at most 255 bytes are read; longer ones are cut.
    static func of(_ wsi: OpaquePointer) -> [String] {
        var arguments: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        for index in 0..<16 {
            let length = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
                guard let base = pointer.baseAddress else { return -1 }
                return lws_hdr_copy_fragment(wsi, base, Int32(pointer.count), WSI_TOKEN_HTTP_URI_ARGS, Int32(index))
            }
            guard length >= 0 else { break }
            arguments.append(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return arguments
    }

    /// True when the client asked for the lenient protocol: an argument `lenient`, `lenient=1` or
    /// `lenient=true`.
    static func asksLenient(_ arguments: [String]) -> Bool {
        arguments.contains { ["lenient", "lenient=1", "lenient=true"].contains($0) }
    }
}
