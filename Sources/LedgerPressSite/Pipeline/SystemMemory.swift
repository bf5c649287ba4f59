#if canImport(CMalloc)
    import CMalloc
#endif

/// The C library's allocator, asked to give memory back to the system.
enum SystemMemory {
    /// Returns the pages of freed memory to the system (glibc's `malloc_trim`): without it, the entries freed
    /// while payees were rendered stay resident in the allocator's free lists, and the finance stage's own
    /// allocations (large buffers come from `mmap`) add to them instead of reusing them.
    static func returnFreedPages() {
        #if canImport(CMalloc)
            _ = malloc_trim(0)
        #endif
    }
}
