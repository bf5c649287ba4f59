#ifndef LEDGERPRESS_AFFINITY_H
#define LEDGERPRESS_AFFINITY_H

/// The number of CPUs in the calling thread's affinity mask (sched_getaffinity with a mask sized for up to 8192
/// CPUs, counted with CPU_COUNT_S: _GNU_SOURCE calls that Swift's Glibc module does not reach), or 0 when it
/// cannot be read.
int ledgerpress_affinity_cpus(void);

/// Narrows the calling thread's affinity mask to its first CPU (what `taskset -c N` does to a process), for the
/// tests of ``ledgerpress_affinity_cpus``. Returns 0 on success, -1 when the mask cannot be read or set.
int ledgerpress_pin_thread_to_one_cpu(void);

#endif
