import Glibc

/// CPU time and resident memory of a process, read from /proc.
struct ProcessSample {
    /// User + system CPU seconds so far.
    var cpuSeconds: Double
    /// Resident set size, bytes.
    var residentBytes: Int
    /// CLOCK_MONOTONIC seconds when sampled.
    var wallSeconds: Double

    /// Samples `pid` (0 = this process); nil when it is gone.
    static func of(_ pid: Int32) -> ProcessSample? {
        let path = pid == 0 ? "/proc/self" : "/proc/\(pid)"
        guard let stat = readText("\(path)/stat"), let status = readText("\(path)/status") else { return nil }
        // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var rss = 0
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            rss = (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024
        }
        return ProcessSample(cpuSeconds: (utime + stime) / ticks, residentBytes: rss, wallSeconds: monotonicSeconds())
    }

    /// CPU use between two samples as a fraction of one core.
    static func cpuShare(from start: ProcessSample, to end: ProcessSample) -> Double {
        let wall = end.wallSeconds - start.wallSeconds
        return wall > 0 ? (end.cpuSeconds - start.cpuSeconds) / wall : 0
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func monotonicMicros() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
}

/// The whole file as text (small /proc files only).
func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Busy CPU seconds of the whole machine (all cores, from /proc/stat), to tell how much of a window
/// went to other processes.
func machineBusySeconds() -> Double {
    guard let stat = readText("/proc/stat"), let line = stat.split(separator: "\n").first else { return 0 }
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count >= 5 else { return 0 }
    let idle = fields[3] + fields[4]   // idle + iowait
    return (fields.reduce(0, +) - idle) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// The machine's 1-minute load average, as /proc/loadavg prints it.
func loadAverage() -> String {
    String(readText("/proc/loadavg")?.split(separator: " ").first ?? "?")
}
