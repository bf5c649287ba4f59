import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A run's scratch space outside the output: the PDF engine's temporary folders (a printer's profile and log) and
/// the folders the run removes when a signal ends it. Nothing in them is published; their file-system calls live here
/// so that every call that writes to the file system is in the publish module (issue 48: "one writer").
package enum ScratchFolder {
    /// Makes the folder `url` and the folders above it that are missing.
    package static func make(_ url: URL) throws {
        try SystemFile.makeFolders(url.path)
    }

    /// Makes the folder `url` empty: what was there is removed first.
    package static func fresh(_ url: URL) throws {
        remove(url.path)
        try make(url)
    }

    /// Removes `path` and everything in it, never following a link; nothing when it is not there (best effort:
    /// scratch space).
    package static func remove(_ path: String) {
        SystemFile.removeTree(path)
    }

    /// A descriptor open for appending to the log file `path` (made when missing, mode 0644, closed on exec), or -1
    /// with `errno` set.
    package static func openLog(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    }
}
