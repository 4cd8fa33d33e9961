import CLibWebSockets

/// libwebsockets' callback for the client's connections: hands each event to the `LoadClient` of the
/// context (its user pointer).
func loadClientCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                        _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let contextUser = lws_context_user(lws_get_context(wsi)) else { return 0 }
    let client = Unmanaged<LoadClient>.fromOpaque(contextUser).takeUnretainedValue()
    switch reason {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        if let connection = client.connection(wsi) { client.established(connection) }
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        let reason = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "?"
        if let connection = client.connection(wsi) { client.failed(connection, reason) }
    case LWS_CALLBACK_CLIENT_CLOSED:
        if let connection = client.connection(wsi) { client.closed(connection) }
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if let connection = client.connection(wsi) { return client.writeable(connection) }
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if let connection = client.connection(wsi) {
            let bytes = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
            client.receive(connection, bytes, first: lws_is_first_fragment(wsi) != 0,
                           final: lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0)
        }
    default:
        break
    }
    return 0
}

/// The client timer's callback (tweaks, and the wake-ups that end `service(for:)`); `argument` is the
/// unretained `LoadClient`.
func loadClientTimerFired(_ argument: UnsafeMutableRawPointer?) {
    guard let argument else { return }
    Unmanaged<LoadClient>.fromOpaque(argument).takeUnretainedValue().timerFired()
}
