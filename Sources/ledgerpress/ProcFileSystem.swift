import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// ledgerpress needs `/proc` on Linux: Swift reads the command line from `/proc/self/cmdline`, and Foundation
/// the executable's path (the tool's identity in the payees' keys, the default templates) from
/// `/proc/self/exe`. Where it is not mounted (a chroot, a minimal container) the command line reads as
/// empty, which ArgumentParser answers with the top-level help and exit 0: a cron job would "succeed" having
/// done nothing. So every command stops first with an error and exit 72 (EX_OSFILE: a system file is missing).
enum ProcFileSystem {
    static let exitStatus: Int32 = 72

    /// The error that stops the run, or nil when the command line was read and `procSelf` (the process's folder
    /// under `/proc`) shows the executable.
    static func problem(arguments: [String], procSelf: String = "/proc/self") -> String? {
        var target = [CChar](repeating: 0, count: 4096)
        let executable = readlink(procSelf + "/exe", &target, target.count)
        if !arguments.isEmpty, executable > 0 { return nil }
        let descriptor = open(procSelf + "/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return "ledgerpress: error: cannot read the command line: /proc is not mounted "
                + "(\(procSelf)/cmdline: \(String(cString: strerror(errno)))); mount it (in a chroot: mount -t proc proc /proc) and run again"
        }
        close(descriptor)
        return "ledgerpress: error: cannot read the command line (\(procSelf)/cmdline gives no arguments, "
            + "or \(procSelf)/exe no executable)"
    }
}
