#define _GNU_SOURCE
#include <sched.h>

#include "affinity.h"

/// The calling thread's affinity mask, sized for up to 8192 CPUs (`*size` its bytes), or NULL when it cannot be
/// read. The caller frees it with CPU_FREE.
static cpu_set_t *current_mask(size_t *size) {
    cpu_set_t *set = CPU_ALLOC(8192);
    if (set == NULL) return NULL;
    *size = CPU_ALLOC_SIZE(8192);
    CPU_ZERO_S(*size, set);
    if (sched_getaffinity(0, *size, set) == 0) return set;
    CPU_FREE(set);
    return NULL;
}

int ledgerpress_affinity_cpus(void) {
    size_t size;
    cpu_set_t *set = current_mask(&size);
    if (set == NULL) return 0;
    int count = CPU_COUNT_S(size, set);
    CPU_FREE(set);
    return count;
}

int ledgerpress_pin_thread_to_one_cpu(void) {
    size_t size;
    cpu_set_t *set = current_mask(&size);
    if (set == NULL) return -1;
    int result = -1;
    for (int cpu = 0; cpu < 8192; cpu++) {
        if (!CPU_ISSET_S(cpu, size, set)) continue;
        CPU_ZERO_S(size, set);
        CPU_SET_S(cpu, size, set);
        result = sched_setaffinity(0, size, set);
        break;
    }
    CPU_FREE(set);
    return result;
}
