import CLibWebSockets
import Foundation

/// How the opening handshake's `Sec-WebSocket-Protocol` and `Sec-WebSocket-Extensions` are kept within
/// what libwebsockets 4.1.6 can read, and which permessage-deflate offer the server can honour.
///
/// libwebsockets gives up on the whole connection, without an HTTP response, when the subprotocol list
/// is longer than 126 bytes or names anything of 63 bytes or more before a protocol it knows
/// (`lws_process_ws_upgrade` reads the list into 128 bytes, each name into 64), and when its scan of
/// the extension offers reaches byte 255 (`lws_extension_server_handshake`), which a list of several
/// offers or one long name does. It also takes the first permessage-deflate offer whatever its
/// parameters: `server_max_window_bits` goes unanswered (it echoes only parameters without a value) and
/// it compresses with a 32 KiB window anyway, against RFC 7692 section 7.1.2.1.
///
/// So the context keeps at most `maxExtensionsBytes` and `maxProtocolBytes` of the two headers
/// (`lws_token_limits`: the rest of a longer header is dropped as it is read, and what is kept ends
/// before the point where libwebsockets would fail); the transport answers 400 for a subprotocol list
/// it still cannot read; and a permessage-deflate offer whose parameters the server cannot honour is
/// declined (LWS_CALLBACK_CONFIRM_EXTENSION_OKAY): the connection goes on uncompressed.
enum UpgradeHeaders {
    /// Bytes of `Sec-WebSocket-Extensions` kept: libwebsockets fails its scan at byte 255.
    static let maxExtensionsBytes: UInt16 = 254
    /// Bytes of `Sec-WebSocket-Protocol` kept: libwebsockets copies the list into 127 bytes.
    static let maxProtocolBytes: UInt16 = 126
    /// The longest subprotocol name libwebsockets reads (into 64 bytes, with the NUL, and one to spare).
    static let maxProtocolNameBytes = 62
    /// Parameters of a permessage-deflate offer libwebsockets honours: the two it echoes, and the
    /// client's window size, which a server need not answer (RFC 7692 section 7.1.2.2: it inflates with
    /// the largest window, whatever the client compresses with).
    static let honouredParameters: Set<String> = ["server_no_context_takeover", "client_no_context_takeover",
                                                     "client_max_window_bits"]

    /// The comma-separated items of a header value, without the white space around them.
    static func items(of list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Why libwebsockets could not take the subprotocol list `offered` to `ours`, nil when it can: `ours`
    /// is missing, or a name before it is longer than `maxProtocolNameBytes`.
    static func protocolRefusal(_ offered: String, ours: String) -> String? {
        let names = items(of: offered)
        guard let index = names.firstIndex(of: ours) else {
            return "unsupported subprotocol: this server speaks \(ours)"
        }
        guard names[..<index].allSatisfy({ $0.utf8.count <= maxProtocolNameBytes }) else {
            return "a subprotocol name before \(ours) is longer than \(maxProtocolNameBytes) bytes"
        }
        return nil
    }

    /// Whether the server takes permessage-deflate from `offers` (a `Sec-WebSocket-Extensions` value).
    /// libwebsockets uses the first offer of that name, so that offer must have only
    /// `honouredParameters`, each once, with `client_max_window_bits` given no value or one of 8 to 15
    /// (RFC 7692 section 5: a server declines an offer it cannot honour). An offer without parameters
    /// followed by another makes libwebsockets read on to the second and fail the connection as "ext
    /// mentioned twice": declined too.
    static func acceptsDeflate(_ offers: String) -> Bool {
        let deflate = items(of: offers).filter { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == "permessage-deflate" }
        guard let first = deflate.first else { return false }
        let parameters = first.split(separator: ";").dropFirst()
        if parameters.isEmpty { return deflate.count == 1 }
        var seen: Set<String> = []
        return parameters.allSatisfy { parameter in
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pair.first, honouredParameters.contains(name), seen.insert(name).inserted else { return false }
            guard pair.count == 2 else { return true }
            let quoted = pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
            let value = quoted ? String(pair[1].dropFirst().dropLast()) : pair[1]
            return name == "client_max_window_bits" && Int(value).map { (8...15).contains($0) } == true
        }
    }

    /// The two limits as libwebsockets takes them (0: no limit of its own, within the request's header
    /// space).
    static func tokenLimits() -> lws_token_limits {
        var limits = lws_token_limits()
        withUnsafeMutableBytes(of: &limits.token_limit) { bytes in
            let entries = bytes.bindMemory(to: UInt16.self)
            entries[Int(WSI_TOKEN_EXTENSIONS.rawValue)] = maxExtensionsBytes
            entries[Int(WSI_TOKEN_PROTOCOL.rawValue)] = maxProtocolBytes
        }
        return limits
    }
}
