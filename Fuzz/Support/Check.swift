// The fuzz targets' assertion: prints what broke, then aborts so libFuzzer records the input.
// (`precondition` drops its message in -O builds; this keeps it.)
#if canImport(Glibc)
import Glibc
#endif

/// Stops the run with `message` on stderr when `condition` is false.
@inline(__always)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fail(message()) }
}

/// Stops the run with `message` on stderr.
func fail(_ message: String) -> Never {
    let text = Array("fuzz invariant broken: \(message)\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
