import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `send --sendmail CMD`: each message on the standard input of a sendmail program (`CMD -oi -f SENDER -t`:
/// Debian's msmtp, postfix's or exim's sendmail), started in a process group of its own (``PrinterProcess``) with a
/// deadline per call; when it passes, the group is killed and the message stays for the next run. The exit status
/// decides: 0 accepted, 75 (EX_TEMPFAIL) later, any other refused for good.
///
/// > Note: msmtp exits 69 for a 450 and 65 for a 550 (measured): with it, a temporary refusal counts as final.
/// > `--smtp`, or a local mail server that queues, keeps the difference.
public struct SendmailChannel: DeliveryChannel {
    public let name = "sendmail"
    /// The program (a path) and its own arguments, from `CMD` split at spaces (no shell).
    public let program: String
    public let arguments: [String]
    public let timeout: Double

    /// `command` split at spaces; the program is looked up in `PATH` unless it holds a slash. Nil when none is found.
    public init?(command: String, timeout: Double = 60, environment: [String: String]) {
        let words = command.split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        if first.contains("/") {
            guard access(first, X_OK) == 0 else { return nil }
            program = first
        } else {
            let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            let candidates: [String] = folders.map { "\($0)/\(first)" }
            guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else {
                return nil
            }
            program = found
        }
        arguments = Array(words.dropFirst())
        self.timeout = timeout
    }

    public func hand(_ message: OutgoingMessage) -> DeliveryOutcome {
        let deadline = PrinterProcess.deadline(in: timeout)
        let input: (read: Int32, write: Int32)
        let output: (read: Int32, write: Int32)
        do {
            input = try PrinterProcess.pipe()
            output = try PrinterProcess.pipe()
        } catch {
            return .unavailable("\(program): \(error)", temporary: true)
        }
        var open: Set<Int32> = [input.read, input.write, output.read, output.write]
        defer { open.forEach { close($0) } }
        let process: PrinterProcess
        do {
            process = try PrinterProcess(
                binary: program, arguments: arguments + ["-oi", "-f", message.sender, "-t"],
                environment: ProcessInfo.processInfo.environment,
                descriptors: [(input.read, 0), (output.write, 1), (output.write, 2)])
        } catch {
            return .unavailable("\(error)", temporary: false)
        }
        for descriptor in [input.read, output.write] {
            close(descriptor)
            open.remove(descriptor)
        }
        PrinterProcess.nonBlocking(input.write)
        PrinterProcess.nonBlocking(output.read)
        var said: [UInt8] = []
        do {
            try PrinterProcess.write(message.bytes, to: input.write, deadline: deadline)
            close(input.write)
            open.remove(input.write)
            while true {
                let chunk = try PrinterProcess.read(output.read, deadline: deadline)
                if chunk.isEmpty { break }
                said = Array((said + chunk).suffix(2048))
            }
        } catch .timedOut {
            process.stop()
            return .later("\(program) did not finish within \(Int(timeout)) s; stopped")
        } catch {
            // It closed its input early (EPIPE): its exit status says why.
        }
        let text = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let status = process.waitStatus(deadline: deadline) else {
            return .later("\(program) did not finish within \(Int(timeout)) s; stopped")
        }
        let signal = status & 0x7f
        if signal != 0 { return .later("\(program) ended by signal \(signal)" + (text.isEmpty ? "" : ": \(text)")) }
        let code = (status >> 8) & 0xff
        let reason = "\(program) exited \(code)" + (text.isEmpty ? "" : ": \(text)")
        switch code {
        case 0: return .accepted
        case 75: return .later(reason)
        default: return .refused(reason)
        }
    }
}
