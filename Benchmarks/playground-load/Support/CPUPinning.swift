import CPUAffinity

/// Runs the calling thread, and every process it starts meanwhile, on one CPU: how the latency phases
/// (`echo`, `tweak`) place the load client and its server, so that both phases meet the same placement.
///
/// On this 2-vCPU virtual machine the kernel runs a waking pair either on one vCPU, each waking the
/// other on the CPU it leaves, or on one vCPU each, where every wake-up is an interrupt to a halted vCPU
/// that the host must first wake (the guest does not poll before halting). Which way it goes depends on
/// the pair's load, so the echo floor, which needs less CPU, ran as a pair while the tweak phase was
/// sometimes split for part of its window: the comparison then measured the machine, not the server.
/// Pinned, both phases run as a pair. `--no-pin` leaves the placement to the kernel.
struct CPUPinning {
    /// The CPU the thread now runs on.
    let cpu: Int

    /// Pins the calling thread to the lowest CPU it may run on; nil (and no change) when the affinity
    /// cannot be read or set.
    init?() {
        let cpu = cpu_affinity_pin_lowest()
        guard cpu >= 0 else { return nil }
        self.cpu = Int(cpu)
    }

    /// Gives the thread back the CPUs it had (processes started meanwhile keep their single CPU).
    func restore() {
        cpu_affinity_restore()
    }
}
