#define _GNU_SOURCE
#include "process_lifetime.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int process_lifetime_follow_parent(int signal, int expected_parent) {
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL) != 0) return -1;
    /* The parent may have ended between fork and prctl: then the request came too late and the
     * process now has another parent (init or a subreaper). */
    return getppid() == (pid_t)expected_parent ? 0 : 1;
#else
    (void)signal;
    (void)expected_parent;
    errno = ENOSYS;
    return -1;
#endif
}

const char *process_lifetime_signal_abbreviation(int signal) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
    return sigabbrev_np(signal);
#else
    (void)signal;
    return NULL;
#endif
}
