#if canImport(CMalloc)
    import CMalloc
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The C library's allocator, asked to give memory back to the system.
enum SystemMemory {
    /// Which allocator ``returnFreedPages()`` asked.
    enum Allocator: Equatable {
        /// jemalloc (the executable links it): every arena's unused dirty pages purged (`arena.<all>.purge`).
        case jemalloc
        /// glibc's malloc (the tests, a library user): `malloc_trim`.
        case glibc
        /// Neither: jemalloc refused the call, or there was no allocator to ask.
        case none
    }

    /// jemalloc's `mallctl`, when the process has it (found at run time: only the executable links jemalloc).
    private typealias MallCtl =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32
    private static let mallctl: MallCtl? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallctl") else { return nil }
            return unsafeBitCast(symbol, to: MallCtl.self)
        #else
            return nil
        #endif
    }()
    /// `MALLCTL_ARENAS_ALL` in jemalloc's `arena.<i>` names.
    private static let allArenas = 4096

    /// Returns the pages of freed memory to the system, between stages whose garbage differs in shape: jemalloc
    /// keeps freed pages resident for 10 s (`dirty_decay_ms`) and glibc in its free lists, and the next stage's
    /// large buffers (the manifests, the finance summary) do not fit in them, so they would add to the peak.
    @discardableResult static func returnFreedPages() -> Allocator {
        if let mallctl {
            return mallctl("arena.\(allArenas).purge", nil, nil, nil, 0) == 0 ? .jemalloc : .none
        }
        #if canImport(CMalloc)
            _ = malloc_trim(0)
            return .glibc
        #else
            return .none
        #endif
    }
}
