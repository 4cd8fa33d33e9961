#ifndef CLIBWEBSOCKETS_SHIM_H
#define CLIBWEBSOCKETS_SHIM_H
/*
 * What Swift cannot import from libwebsockets 4.1.6 directly, re-exported as plain
 * constants and static inline functions (docs/ARCHITECTURE.md, "libwebsockets rules":
 * "What Swift cannot import").
 */
#include <libwebsockets.h>

/// LWS_PRE is a macro expression and does not import into Swift.
static const size_t CLWS_PRE = LWS_PRE;

/// The lwsl_* macros and _lws_log are variadic, which Swift cannot call.
/// Logs `msg` (a complete line, no trailing newline) at `level` (an LLL_* bit).
static inline void clws_log(int level, const char *msg)
{
	_lws_log(level, "%s\n", msg);
}

/// A sorted-usec-list timer that carries a user pointer.
///
/// lws_sul_schedule() hands the callback only the lws_sorted_usec_list_t pointer; the usual C
/// answer is lws_container_of(), a macro. Keeping `sul` as the first member makes the timer and
/// its owner recoverable from the callback argument without any global state.
typedef struct clws_user_timer {
	lws_sorted_usec_list_t sul; /* must stay first */
	void *user;
} clws_user_timer_t;

/// The `user` pointer of the clws_user_timer_t whose `sul` member is `sul`.
static inline void *clws_user_timer_user(lws_sorted_usec_list_t *sul)
{
	return sul ? ((clws_user_timer_t *)sul)->user : (void *)0;
}

#endif
