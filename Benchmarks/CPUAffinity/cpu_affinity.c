#define _GNU_SOURCE
#include <sched.h>
#include "cpu_affinity.h"

/* The load client pins and restores from its main thread only. */
static cpu_set_t saved;
static int has_saved;

int cpu_affinity_pin_lowest(void)
{
	cpu_set_t allowed, only;
	int cpu;

	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		return -1;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &allowed))
			break;
	if (cpu == CPU_SETSIZE)
		return -1;
	CPU_ZERO(&only);
	CPU_SET(cpu, &only);
	if (sched_setaffinity(0, sizeof only, &only) != 0)
		return -1;
	saved = allowed;
	has_saved = 1;
	return cpu;
}

void cpu_affinity_restore(void)
{
	if (!has_saved)
		return;
	sched_setaffinity(0, sizeof saved, &saved);
	has_saved = 0;
}
