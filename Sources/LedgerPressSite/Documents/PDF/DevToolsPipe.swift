import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// One headless Chromium, started in its own process group and driven over `--remote-debugging-pipe`: it reads
/// NUL-terminated JSON commands (the Chrome DevTools Protocol) from its descriptor 3 and writes NUL-terminated
/// replies and events to its descriptor 4. Every wait has a deadline and ``stop()`` kills the whole group, so a
/// hung browser can never hang a build. Used by one thread at a time.
final class DevToolsPipe {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let process: PrinterProcess
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var nextID = 0
    private var buffer: [UInt8] = []
    /// How long one command may take.
    let timeout: Double

    /// Starts `binary` with `arguments` (after the pipe and profile flags), its standard error appended to `log`.
    init(binary: String, arguments: [String], environment: [String: String], log: URL, timeout: Double = 60) throws {
        self.timeout = timeout
        profile = log.deletingLastPathComponent().appendingPathComponent(
            "profile-\(log.deletingPathExtension().lastPathComponent)")
        try ScratchFolder.fresh(profile)
        do {
            (process, commands, replies) = try PrinterProcess.startPiped(
                binary: binary,
                arguments: ["--remote-debugging-pipe", "--user-data-dir=" + profile.path] + arguments + ["about:blank"],
                environment: environment, log: log,
                descriptors: { reads, writes, log -> [(Int32, Int32)] in [(log, 1), (log, 2), (reads, 3), (writes, 4)] }
            )
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    deinit { stop() }

    private var stopped = false

    /// Kills the browser and its helpers (its process group), reaps it and removes its profile and its singleton
    /// folder.
    func stop() {
        guard !stopped else { return }
        stopped = true
        process.stop()
        close(commands)
        close(replies)
        ScratchFolder.remove(profile.path)
        if let singleton {
            ScratchFolder.remove(singleton)
            RunChildren.removed(folder: singleton)
        }
    }

    /// The folder Chromium made in the temporary directory for its singleton socket
    /// (`$TMPDIR/org.chromium.Chromium.XXXXXX`, which the profile's `SingletonSocket` links to): a browser that is
    /// killed never removes it, so the build does (it cannot be put inside the engine's folder: the socket's path
    /// would pass the 107 bytes a socket's address may have).
    private var singleton: String?

    /// Takes over the singleton folder, once the browser answered (it has made it by then).
    func claimSingletonFolder() {
        let link = profile.appendingPathComponent("SingletonSocket").path
        guard singleton == nil, let socket = try? FileManager.default.destinationOfSymbolicLink(atPath: link) else {
            return
        }
        let folder = (socket as NSString).deletingLastPathComponent
        guard (folder as NSString).lastPathComponent.hasPrefix("org.chromium.Chromium.") else { return }
        singleton = folder
        RunChildren.made(folder: folder)
    }

    /// Sends one command and returns its result; events that arrive meanwhile are dropped.
    /// Each command has ``timeout`` seconds, or until `deadline` (a document's, over all of its commands) when sooner.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, deadline: UInt64? = nil)
        throws -> [String: Any]
    {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        let deadline = min(deadline ?? .max, PrinterProcess.deadline(in: timeout))
        try write(bytes, method, deadline: deadline)
        while true {
            let reply = try readMessage(deadline: deadline, method)
            guard (reply["id"] as? Int) == nextID else { continue }
            if let error = reply["error"] as? [String: Any] {
                throw Failure(description: "\(method): \(error["message"] ?? error)")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func write(_ bytes: [UInt8], _ method: String, deadline: UInt64) throws {
        do {
            try PrinterProcess.write(bytes, to: commands, deadline: deadline)
        } catch {
            throw failure(error, method)
        }
    }

    private func readMessage(deadline: UInt64, _ method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                // Something that is not a DevTools message (a wrapper script's output on the pipe) is no browser.
                guard let parsed = try? JSONSerialization.jsonObject(with: message) else {
                    throw Failure(
                        description:
                            "\(method): the program sent \(message.count) bytes that are not a DevTools message (not JSON); is it Chromium?"
                    )
                }
                guard let object = parsed as? [String: Any] else { continue }
                return object
            }
            let chunk: [UInt8]
            do {
                chunk = try PrinterProcess.read(replies, deadline: deadline)
            } catch {
                throw failure(error, method)
            }
            guard !chunk.isEmpty else { throw Failure(description: "\(method): the browser exited") }
            buffer += chunk
        }
    }

    private func failure(_ wait: PrinterProcess.Wait, _ method: String) -> Failure {
        switch wait {
        case .timedOut:
            return Failure(description: "\(method): no answer within \(Int(timeout)) s")
        case .failed(let reason):
            return Failure(description: "\(method): the browser stopped (\(reason))")
        }
    }
}
