import CLibWebSockets

/// Plain HTTP on the WebSocket port: the public folder (resolved by `StaticFiles`), `/healthz` and
/// `/metrics`. Every HTTP request reaches `playgroundProtocolCallback` through the one LWSMPRO_CALLBACK
/// mount at `/`, so no file is served that `StaticFiles` did not approve.
final class HTTPService {
    let files: StaticFiles
    /// The mount, for `lws_get_mimetype`'s extra types.
    var mount: UnsafePointer<lws_http_mount>?
    /// Bodies waiting for their connection's HTTP_WRITEABLE, by the id stored in its per-session data.
    private var pending: [UInt64: [UInt8]] = [:]
    private var lastID: UInt64 = 0

    init(files: StaticFiles) {
        self.files = files
    }

    /// LWS_CALLBACK_HTTP. `dynamic` answers the dynamic paths (nil for anything else).
    func request(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?,
                 dynamic: (String) -> (type: String, body: String)?) -> Int32 {
        guard let path = Self.header(wsi, WSI_TOKEN_GET_URI) ?? Self.header(wsi, WSI_TOKEN_HEAD_URI) else {
            return status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED)
        }
        if let (type, body) = dynamic(path) {
            return respond(wsi, user: user, type: type, body: Array(body.utf8))
        }
        guard let file = files.file(for: path) else { return status(wsi, HTTP_STATUS_NOT_FOUND) }
        guard let mime = lws_get_mimetype(file, mount) else { return status(wsi, HTTP_STATUS_UNSUPPORTED_MEDIA_TYPE) }
        let result = lws_serve_http_file(wsi, file, mime, nil, 0)
        if result < 0 || (result > 0 && lws_http_transaction_completed(wsi) != 0) { return -1 }
        return 0
    }

    /// LWS_CALLBACK_HTTP_WRITEABLE: the body of a dynamic response.
    func writeable(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) -> Int32 {
        guard let user, let body = pending.removeValue(forKey: user.load(as: UInt64.self)) else { return 0 }
        let pre = Int(CLWS_PRE)
        var buffer = [UInt8](repeating: 0, count: pre + body.count)
        buffer.replaceSubrange(pre..., with: body)
        let written = buffer.withUnsafeMutableBufferPointer { pointer in
            lws_write(wsi, pointer.baseAddress! + pre, body.count, LWS_WRITE_HTTP_FINAL)
        }
        if written < body.count { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// LWS_CALLBACK_CLOSED_HTTP: drops an unsent body.
    func closed(user: UnsafeMutableRawPointer?) {
        guard let user else { return }
        pending[user.load(as: UInt64.self)] = nil
    }

    private func respond(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?, type: String, body: [UInt8]) -> Int32 {
        guard let user else { return -1 }
        lastID += 1
        user.storeBytes(of: lastID | (1 << 63), as: UInt64.self)   // never a WebSocket connection id
        var buffer = [UInt8](repeating: 0, count: Int(CLWS_PRE) + 1024)
        let ok = buffer.withUnsafeMutableBufferPointer { pointer -> Bool in
            let start = pointer.baseAddress! + Int(CLWS_PRE)
            let end = pointer.baseAddress! + pointer.count
            var cursor: UnsafeMutablePointer<UInt8>? = start
            guard lws_add_http_common_headers(wsi, UInt32(HTTP_STATUS_OK.rawValue), type,
                                              lws_filepos_t(body.count), &cursor, end) == 0,
                  lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, "no-store", 8, &cursor, end) == 0
            else { return false }
            return lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
        }
        guard ok else { return -1 }
        pending[lastID | (1 << 63)] = body
        lws_callback_on_writable(wsi)
        return 0
    }

    private func status(_ wsi: OpaquePointer, _ code: http_status) -> Int32 {
        if lws_return_http_status(wsi, UInt32(code.rawValue), nil) != 0 { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// The most header bytes libwebsockets keeps for one request (`max_http_header_data`'s default).
    static let maxHeaderBytes = 4096

    /// A request header as text (shorter than `maxBytes`), nil when absent or longer.
    static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes, maxBytes: Int = 1024) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0, length < maxBytes else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        let copied = buffer.withUnsafeMutableBufferPointer { pointer in
            lws_hdr_copy(wsi, pointer.baseAddress, Int32(pointer.count), token)
        }
        guard copied >= 0 else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
