#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H
/*
 * hiredis 0.14 from Debian (libhiredis-dev) for the shared state in Redis (Sources/SharedState).
 * Only the context and reply-reader API is used: Sources/SharedState/RedisSocket.swift runs its own
 * poll(2) loop over a non-blocking context, so hiredis never blocks and needs no event-loop adapter.
 * The reply types and status codes are macros of plain integers, which Swift imports as they are.
 */
#include <hiredis.h>

#endif
