import CLibWebSockets

/// The callback of the `Session.protocolName` protocol (a top-level func: Swift forms C function
/// pointers only from those). It translates libwebsockets events into `Transport` calls.
///
/// Being protocol 0 and the pvo default, it also receives plain HTTP events; everything it does not handle
/// goes to `lws_callback_http_dummy`, which serves the mount and answers 404 (docs/ARCHITECTURE.md,
/// "libwebsockets rules": "Protocol 0 takes plain HTTP").
func playgroundProtocolCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
                                _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?,
                                _ length: Int) -> Int32 {
    switch reason {
    case LWS_CALLBACK_ESTABLISHED, LWS_CALLBACK_RECEIVE, LWS_CALLBACK_SERVER_WRITEABLE,
         LWS_CALLBACK_WS_PEER_INITIATED_CLOSE, LWS_CALLBACK_TIMER, LWS_CALLBACK_WS_SERVER_DROP_PROTOCOL,
         LWS_CALLBACK_CLOSED:
        guard let wsi, let transport = Transport.of(wsi) else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
        switch reason {
        case LWS_CALLBACK_ESTABLISHED: transport.established(wsi, user: user)
        case LWS_CALLBACK_RECEIVE: transport.receive(wsi, user: user, bytes: bytes)
        case LWS_CALLBACK_SERVER_WRITEABLE: return transport.writeable(user: user)
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE: transport.peerClosing(user: user, payload: bytes)
        case LWS_CALLBACK_TIMER: return transport.timer(user: user)
        case LWS_CALLBACK_WS_SERVER_DROP_PROTOCOL: transport.closing(user: user)
        default: transport.closed(user: user)
        }
        return 0
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE, LWS_CALLBACK_CONFIRM_EXTENSION_OKAY,
         LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION, LWS_CALLBACK_HTTP,
         LWS_CALLBACK_HTTP_WRITEABLE, LWS_CALLBACK_CLOSED_HTTP:
        guard let wsi, let transport = Transport.of(wsi) else {
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
        switch reason {
        case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE: return transport.confirmUpgrade(wsi)
        case LWS_CALLBACK_CONFIRM_EXTENSION_OKAY: return transport.confirmExtension(wsi)
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: return transport.filter(wsi)
        case LWS_CALLBACK_HTTP: return transport.httpRequest(wsi, user: user)
        case LWS_CALLBACK_HTTP_WRITEABLE: return transport.http.writeable(wsi, user: user)
        default:
            transport.http.closed(user: user)
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}
