#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
/*
 * SQLite 3 from Debian (libsqlite3-dev) for the session journal (Sources/PlaygroundServer/SQLiteJournal.swift).
 * SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: it is
 * re-exported as a function so bound text and blobs are copied by SQLite before the call returns.
 */
#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
