#ifndef HEAP_USAGE_H
#define HEAP_USAGE_H
#include <stddef.h>
/*
 * glibc's mallinfo2 returns a struct of ten size_t fields, which Swift's Glibc module does not
 * declare: the benchmarks read the one number they need through this call.
 */

/// Bytes the program holds through malloc right now: chunks in use in the arenas (`uordblks`) plus
/// chunks of their own mapping (`hblkhd`). Malloc's per-chunk headers are included, free chunks not.
size_t heap_bytes_in_use(void);

#endif
