#ifndef CLIBWEBSOCKETS_SHIM_H
#define CLIBWEBSOCKETS_SHIM_H
#include <libwebsockets.h>
/// LWS_PRE is a macro expression and does not import into Swift.
static const size_t CLWS_PRE = LWS_PRE;
#endif
