import Testing
@testable import layout_playground

/// Decoding `waitpid` statuses and the supervisor's reading of them. Encodings from wait(2) and glibc's
/// `bits/waitstatus.h`: exit status in bits 8–15 with low 7 bits 0; the signal in the low 7 bits (bit 7
/// set when a core was dumped); 0x7f in the low byte for stopped; 0xffff for continued. Signal numbers
/// and names from signal(7) on x86-64 and arm64 Linux.
@Suite struct ChildExitTests {
    @Test func decodesExitsAndSignals() {
        #expect(ChildExit(waitStatus: 0) == .exited(0))
        #expect(ChildExit(waitStatus: 3 << 8) == .exited(3))            // 0x0300
        #expect(ChildExit(waitStatus: 255 << 8) == .exited(255))        // 0xff00
        #expect(ChildExit(waitStatus: 9) == .signaled(9))               // SIGKILL
        #expect(ChildExit(waitStatus: 0x80 | 11) == .signaled(11))      // SIGSEGV with a core dump
        #expect(ChildExit(waitStatus: 6) == .signaled(6))               // SIGABRT (a trap's abort)
        #expect(ChildExit(waitStatus: 19 << 8 | 0x7f) == nil)           // stopped by SIGSTOP
        #expect(ChildExit(waitStatus: 0xffff) == nil)                   // continued
    }

    @Test func onlySignalsAndUndocumentedStatusesAreAbnormal() {
        #expect(!ChildExit.exited(0).isAbnormal)      // a clean stop
        #expect(!ChildExit.exited(1).isAbnormal)      // cannot start: passed through
        #expect(!ChildExit.exited(2).isAbnormal)      // bad flag: passed through
        #expect(ChildExit.exited(3).isAbnormal)
        #expect(ChildExit.exited(70).isAbnormal)
        #expect(ChildExit.signaled(9).isAbnormal)
        #expect(ChildExit.signaled(15).isAbnormal)    // a SIGTERM the supervisor did not send
    }

    @Test func shellStatusAndDescription() {
        #expect(ChildExit.exited(70).shellStatus == 70)
        #expect(ChildExit.signaled(9).shellStatus == 137)    // 128 + 9, as a shell reports it
        #expect(ChildExit.signaled(9).description == "signal 9, SIGKILL")
        #expect(ChildExit.signaled(11).description == "signal 11, SIGSEGV")
        #expect(ChildExit.signaled(6).description == "signal 6, SIGABRT")
        #expect(ChildExit.exited(70).description == "exit status 70")
    }
}
