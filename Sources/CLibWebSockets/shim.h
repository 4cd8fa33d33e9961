#ifndef CLIBWEBSOCKETS_SHIM_H
#define CLIBWEBSOCKETS_SHIM_H
/*
 * What Swift cannot import from libwebsockets 4.1.6 directly, re-exported as plain
 * constants and static inline functions (see shared/reference/libwebsockets-4.1-notes.md,
 * pitfall 8).
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

#endif
