#ifndef PROCESS_LIFETIME_H
#define PROCESS_LIFETIME_H
/*
 * What the supervisor (`layout-playground --supervise`) needs from Linux that Swift cannot reach:
 * prctl is variadic, so Swift does not import it, and sigabbrev_np needs _GNU_SOURCE, which Swift's
 * Glibc module does not define.
 */

/// Asks the kernel to send `signal` to the calling process when the thread that started it ends
/// (prctl PR_SET_PDEATHSIG; the setting survives execve), then checks that the parent is still
/// `expected_parent`: a parent that ended before the request was made sends nothing, so a changed
/// parent means it is already gone.
/// Returns 0 when set and the parent is `expected_parent`, 1 when the parent has changed, -1 (errno
/// set) when prctl fails or on a system without prctl.
int process_lifetime_follow_parent(int signal, int expected_parent);

/// The abbreviated name of `signal` without its "SIG" prefix ("KILL" for 9), or NULL when the
/// signal has none (real-time signals) or the C library cannot name it.
const char *process_lifetime_signal_abbreviation(int signal);

#endif
