/// Pins the client for an echo or tweak phase, before it starts the phase's server, which inherits
/// the CPU (`CPUPinning`); nil with `--no-pin`, and with `--url`: a running server was placed by whoever
/// started it, and both phases must meet the same placement.
func latencyPinning(_ options: Options) -> CPUPinning? {
    options.pinLatencyPhases && options.url == nil ? CPUPinning() : nil
}

/// The placement line of a latency phase: pinned to `pinnedCPU`, or placed by the kernel and why.
func placementLine(pinnedCPU: Int?, options: Options) -> String {
    if let pinnedCPU { return "client and server pinned to CPU \(pinnedCPU) (--no-pin: the kernel places them)" }
    let why = options.url != nil ? "--url" : options.pinLatencyPhases ? "the CPU affinity could not be set" : "--no-pin"
    return "client and server placed by the kernel (\(why))"
}
