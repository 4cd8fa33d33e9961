import CLibWebSockets
import Playground

/// Creates the libwebsockets context: one vhost on the requested address serving the public folder at `/`
/// (static files) and the WebSocket subprotocol `Session.protocolName` on the same port.
enum ContextSetup {
    /// Extensions libwebsockets 4.1's built-in table lacks (it answers 415 for unknown ones).
    static let extraMimeTypes: [(suffix: String, type: String)] = [
        (".mjs", "text/javascript"),
        (".map", "application/json"),
        (".webmanifest", "application/manifest+json"),
        (".wasm", "application/wasm"),
        (".otf", "font/otf"),
    ]

    /// Returns the context, or nil if libwebsockets could not create it (usually: cannot bind).
    ///
    /// - Parameters:
    ///   - user: the context user pointer; `playgroundProtocolCallback` reads the `Transport` from it.
    ///   - arena: keeps every string and struct the context points to alive; release it only after
    ///     `lws_context_destroy`.
    static func makeContext(options: ServerOptions, bind: BindAddress, user: UnsafeMutableRawPointer,
                            arena: CAllocations, http: HTTPService) -> OpaquePointer? {
        let protocolName = arena.string(Session.protocolName)

        // [0] is our protocol, [1] the zero terminator. Being first also makes it the protocol plain
        // HTTP requests are bound to, hence the lws_callback_http_dummy fallback in its callback.
        let protocols = arena.array(of: lws_protocols.self, count: 2, initial: lws_protocols())
        protocols[0].name = protocolName
        protocols[0].callback = playgroundProtocolCallback
        protocols[0].per_session_data_size = MemoryLayout<UInt64>.size   // the Connection id
        protocols[0].rx_buffer_size = 16 * 1024

        // pvo "default": clients that name no subprotocol get ours too (docs/ARCHITECTURE.md,
        // "libwebsockets rules": "Protocol 0 takes plain HTTP").
        let defaultFlag = arena.array(of: lws_protocol_vhost_options.self, count: 1, initial: lws_protocol_vhost_options(
            next: nil, options: nil, name: arena.string("default"), value: arena.string("1")))
        let pvo = arena.array(of: lws_protocol_vhost_options.self, count: 1, initial: lws_protocol_vhost_options(
            next: nil, options: UnsafePointer(defaultFlag), name: protocolName, value: arena.string("")))

        var mimeTypes: UnsafePointer<lws_protocol_vhost_options>? = nil
        for (suffix, type) in extraMimeTypes.reversed() {
            mimeTypes = UnsafePointer(arena.array(of: lws_protocol_vhost_options.self, count: 1, initial: lws_protocol_vhost_options(
                next: mimeTypes, options: nil, name: arena.string(suffix), value: arena.string(type))))
        }

        // Every HTTP request goes to our callback (HTTPService): libwebsockets' own file mounts follow
        // symbolic links out of the folder, so the server resolves and checks paths itself.
        let mount = arena.array(of: lws_http_mount.self, count: 1, initial: lws_http_mount())
        mount.pointee.mountpoint = arena.string("/")
        mount.pointee.mountpoint_len = 1
        mount.pointee.origin = protocolName
        mount.pointee.origin_protocol = UInt8(LWSMPRO_CALLBACK.rawValue)
        mount.pointee.extra_mimetypes = mimeTypes
        http.mount = UnsafePointer(mount)

        // Ping peers after half the idle timeout without traffic and drop them at the full timeout, so
        // dead clients free their sessions.
        let idle = UInt16(clamping: options.idleTimeout > 0 ? options.idleTimeout : 0)
        let retry = arena.array(of: lws_retry_bo_t.self, count: 1, initial: lws_retry_bo_t(
            retry_ms_table: nil, retry_ms_table_count: 0, conceal_count: 0,
            secs_since_valid_ping: max(1, idle / 2), secs_since_valid_hangup: max(2, idle), jitter_percent: 0))

        var info = lws_context_creation_info()   // zero-initialised
        info.port = Int32(options.port)
        info.iface = arena.string(bind.iface)
        info.protocols = UnsafePointer(protocols)
        info.pvo = UnsafePointer(pvo)
        info.mounts = UnsafePointer(mount)
        // No error_document_404: in 4.1.6 it answers a missing file with a 302 redirect to that document
        // (served as 200), and redirects to itself forever when the document is missing too. Without it,
        // missing files and `../` escapes get a real 404.
        info.vhost_name = arena.string("default")
        info.server_string = arena.string("layout-playground")
        info.pt_serv_buf_size = 32 * 1024
        if idle > 0 { info.retry_and_idle_policy = UnsafePointer(retry) }
        info.gid = 0   // 0 and -1 both mean: keep the current ids
        info.uid = 0
        info.user = user
        // What libwebsockets 4.1.6 cannot read of the subprotocol and extension headers is dropped as
        // it reads them (UpgradeHeaders).
        info.token_limits = UnsafePointer(arena.array(of: lws_token_limits.self, count: 1, initial: UpgradeHeaders.tokenLimits()))

        var flags = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        if !bind.isIPv6 { flags |= UInt64(LWS_SERVER_OPTION_DISABLE_IPV6) }
        if options.securityHeaders { flags |= UInt64(LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE) }
        if let tls = options.tls {
            flags |= UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)
            info.ssl_cert_filepath = arena.string(tls.certificate)
            info.ssl_private_key_filepath = arena.string(tls.privateKey)
        }
        info.options = flags

        if options.permessageDeflate {
            let extensions = arena.array(of: lws_extension.self, count: 2, initial: lws_extension())
            extensions[0].name = arena.string("permessage-deflate")
            extensions[0].callback = lws_extension_callback_pm_deflate
            extensions[0].client_offer = arena.string("permessage-deflate; client_max_window_bits")
            info.extensions = UnsafePointer(extensions)
        }

        return lws_create_context(&info)
    }

    /// The port the context's vhost really listens on (the kernel's pick when asked for port 0).
    static func listenPort(of context: OpaquePointer) -> Int? {
        guard let vhost = lws_get_vhost_by_name(context, "default") else { return nil }
        let port = lws_get_vhost_listen_port(vhost)
        return port > 0 ? Int(port) : nil
    }
}
