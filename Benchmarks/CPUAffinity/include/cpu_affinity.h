#ifndef CPU_AFFINITY_H
#define CPU_AFFINITY_H
/*
 * sched_getaffinity, sched_setaffinity and the CPU_* macros need _GNU_SOURCE, which Swift's Glibc
 * module does not define: the load client reaches them through these two calls. The calling thread's
 * affinity is what processes it starts inherit.
 */

/// Pins the calling thread to the lowest CPU it may run on and remembers the CPUs it had; returns that
/// CPU, or -1 (nothing changed) when the affinity cannot be read or set.
int cpu_affinity_pin_lowest(void);

/// Gives the calling thread back the CPUs it had before the last successful cpu_affinity_pin_lowest.
void cpu_affinity_restore(void);

#endif
