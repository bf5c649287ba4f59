import Foundation
import LedgerPressPublish
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a run leaves behind it while it works: the process groups of the programs it started (the PDF engine's
/// printers) and its temporary folders (the printers' folder, with a browser profile). Each is registered when made
/// and let go when its owner ends it; ``endAll()`` ends whatever is still there, for a run that a signal ends
/// (the executable's `Interruption`), which exits at once without unwinding.
///
/// > Note: process-wide on purpose, as ``PublishGate`` (signals are per process). After ``endAll()`` a child
/// > started by a thread still running is killed as it registers, so no printer outlives the process.
public enum RunChildren {
    private struct State {
        var groups: Set<pid_t> = []
        var folders: Set<String> = []
        var ended = false
    }

    private static let state = Mutex(State())

    /// A child started as the leader of its own process group; false (and the group killed) when the run is ending.
    static func started(group: pid_t) -> Bool {
        let ending = state.withLock { state in
            if !state.ended { state.groups.insert(group) }
            return state.ended
        }
        if ending { kill(-group, SIGKILL) }
        return !ending
    }

    /// The group was killed and its leader reaped by its owner.
    static func ended(group: pid_t) {
        _ = state.withLock { $0.groups.remove(group) }
    }

    /// A temporary folder the run made (removed by ``endAll()`` unless its owner removed it first).
    static func made(folder: String) {
        _ = state.withLock { $0.folders.insert(folder) }
    }

    /// The folder was removed by its owner.
    static func removed(folder: String) {
        _ = state.withLock { $0.folders.remove(folder) }
    }

    /// Kills every registered process group (SIGKILL to the whole group: a browser's helpers too), reaps the
    /// leaders, and removes every registered folder. Later registrations are killed at once.
    public static func endAll() {
        let (groups, folders) = state.withLock { state in
            state.ended = true
            defer {
                state.groups = []
                state.folders = []
            }
            return (state.groups, state.folders)
        }
        for group in groups { kill(-group, SIGKILL) }
        for group in groups {
            var status: Int32 = 0
            // Its owner's thread may reap it first (ECHILD): either way it is gone.
            while waitpid(group, &status, 0) < 0 && errno == EINTR {}
        }
        for folder in folders { ScratchFolder.remove(folder) }
    }
}
