/// The wall time and CPU of a measuring window, or of several slices of one added up.
struct WindowUsage {
    /// Wall seconds.
    var seconds = 0.0
    /// CPU seconds of the server under test; nil when its pid is unknown (`--url` without `--server-pid`).
    var serverCPU: Double?
    /// The server's resident set at the end of the last slice, bytes.
    var serverResidentBytes: Int?
    /// CPU seconds of this process, the load client.
    var clientCPU = 0.0
    /// Busy CPU seconds of the whole machine (every core).
    var machineBusy = 0.0

    /// CPU seconds of everything but the server and the client; nil without the server's figure.
    var othersCPU: Double? { serverCPU.map { max(0, machineBusy - $0 - clientCPU) } }

    /// Adds a later slice of the same measurement.
    static func += (total: inout WindowUsage, slice: WindowUsage) {
        total.seconds += slice.seconds
        if let cpu = slice.serverCPU { total.serverCPU = (total.serverCPU ?? 0) + cpu }
        total.serverResidentBytes = slice.serverResidentBytes ?? total.serverResidentBytes
        total.clientCPU += slice.clientCPU
        total.machineBusy += slice.machineBusy
    }
}

/// The samples taken as a window opens; `close()` takes them again and gives the window's usage.
struct WindowMeter {
    private let serverPID: Int32?
    private let server: ProcessSample?
    private let client: ProcessSample?
    private let busy: Double
    private let start: Double

    init(serverPID: Int32?) {
        self.serverPID = serverPID
        server = serverPID.flatMap(ProcessSample.of)
        client = ProcessSample.of(0)
        busy = machineBusySeconds()
        start = monotonicSeconds()
    }

    func close() -> WindowUsage {
        let end = monotonicSeconds()
        var usage = WindowUsage(seconds: end - start, machineBusy: machineBusySeconds() - busy)
        if let server, let now = serverPID.flatMap(ProcessSample.of) {
            usage.serverCPU = now.cpuSeconds - server.cpuSeconds
            usage.serverResidentBytes = now.residentBytes
        }
        if let client, let now = ProcessSample.of(0) { usage.clientCPU = now.cpuSeconds - client.cpuSeconds }
        return usage
    }
}
