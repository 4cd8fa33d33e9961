#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds.
func nowNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// This thread's CPU time in nanoseconds: unlike the wall clock it leaves out the time the machine gave
/// to other processes, most of the spread on a shared machine.
func threadCPUNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Microseconds taken by `body`.
@inline(never)
func timeMicros(_ body: () throws -> Void) rethrows -> Double {
    let start = nowNanos()
    try body()
    return Double(nowNanos() - start) / 1000
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    if s.isEmpty { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Bytes of heap currently allocated through malloc: glibc's `malloc_info` report (arena bytes obtained
/// from the system minus free chunks, plus mmapped chunks). `mallinfo2` is not visible from Swift.
func heapInUse() -> Int {
    #if canImport(Glibc)
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return 0 }
    let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
    var buffer: UnsafeMutablePointer<CChar>? = nil
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return 0 }
    _ = mallocInfo(0, stream)
    fclose(stream)
    guard let buffer else { return 0 }
    defer { free(buffer) }
    // The totals over all arenas are the last lines of each kind.
    var fast = 0, rest = 0, mmap = 0, current = 0
    for line in String(cString: buffer).split(separator: "\n") {
        func size() -> Int {
            guard let r = line.split(separator: "size=\"").last else { return 0 }
            return Int(r.prefix { $0.isNumber }) ?? 0
        }
        if line.hasPrefix("<total type=\"fast\"") { fast = size() }
        if line.hasPrefix("<total type=\"rest\"") { rest = size() }
        if line.hasPrefix("<total type=\"mmap\"") { mmap = size() }
        if line.hasPrefix("<system type=\"current\"") { current = size() }
    }
    return current - fast - rest + mmap
    #else
    return 0
    #endif
}

/// Median over `repeats` runs of the time per operation of `ops` calls of `op(k)`, k = 0, 1, ….
/// `op` must leave the layout as it found it after every `period` calls (the benchmarks cycle through
/// values), so repeated runs measure the same work.
func perOperation(repeats: Int, ops: Int, _ op: (Int) throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    var k = 0
    for _ in 0..<repeats {
        let t = try timeMicros {
            for _ in 0..<ops {
                try op(k)
                k += 1
            }
        }
        samples.append(t / Double(ops))
    }
    return median(samples)
}

/// Writes a line to standard error.
func printError(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// Writes a line to standard output at once (unbuffered, so progress shows when piped).
func printLine(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
}
