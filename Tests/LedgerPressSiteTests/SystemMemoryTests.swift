import Glibc
import Testing

@testable import LedgerPressSite

/// Freed pages go back to the system through whichever allocator the process has.
@Suite struct SystemMemoryTests {
    /// With jemalloc in the process (the executable links it, and so does this test bundle on Linux) its `mallctl`
    /// accepts the purge of every arena; without it, glibc's `malloc_trim` is asked.
    @Test func freedPagesGoBackThroughTheProcessAllocator() {
        let hasJemalloc = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallctl") != nil
        #expect(SystemMemory.returnFreedPages() == (hasJemalloc ? .jemalloc : .glibc))
    }
}
