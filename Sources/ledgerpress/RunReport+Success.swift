import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension RunReport {
    /// ``write(to:)`` after a run that succeeded: a report that cannot be written (a full disk) is a warning on
    /// standard error, and the exit status stays 0, since the output was published.
    func writeAfterSuccess(to path: String?) {
        guard let path, let code = written(to: path) else { return }
        Console().error([
            "\(path): warning: cannot write the report: \(String(cString: strerror(code))) (the run succeeded and published its output)"
        ])
    }
}
