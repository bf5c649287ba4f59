#define _GNU_SOURCE
#include <sched.h>

#include "affinity.h"

int ledgerpress_affinity_cpus(void) {
    const int most = 8192;
    cpu_set_t *set = CPU_ALLOC(most);
    if (set == NULL) return 0;
    size_t size = CPU_ALLOC_SIZE(most);
    CPU_ZERO_S(size, set);
    int count = sched_getaffinity(0, size, set) == 0 ? CPU_COUNT_S(size, set) : 0;
    CPU_FREE(set);
    return count;
}

int ledgerpress_pin_thread_to_one_cpu(void) {
    const int most = 8192;
    cpu_set_t *set = CPU_ALLOC(most);
    if (set == NULL) return -1;
    size_t size = CPU_ALLOC_SIZE(most);
    CPU_ZERO_S(size, set);
    int result = -1;
    if (sched_getaffinity(0, size, set) == 0) {
        for (int cpu = 0; cpu < most; cpu++) {
            if (!CPU_ISSET_S(cpu, size, set)) continue;
            CPU_ZERO_S(size, set);
            CPU_SET_S(cpu, size, set);
            result = sched_setaffinity(0, size, set);
            break;
        }
    }
    CPU_FREE(set);
    return result;
}
