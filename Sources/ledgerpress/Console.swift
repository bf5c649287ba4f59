import ArgumentParser
import Foundation
import LedgerPressEngine

/// The command's edge to the terminal: what the library's runs say, and the exit codes they end with.
struct Console {
    /// When standard output carries a report, messages go to standard error instead.
    var quietStdout = false
    /// `--quiet`: the closing summary is not printed (errors still are).
    var silent = false

    /// Every line reaches the terminal through `Diagnostic.visible(_:)`: a control character in it (a newline
    /// in a file name) is shown escaped, so no text from outside can forge a line or drive the terminal.
    func say(_ line: String) {
        if silent { return }
        if quietStdout {
            error([line])
        } else {
            print(Engine.Diagnostic.visible(line))
        }
    }

    func error(_ lines: [String]) {
        for line in lines { FileHandle.standardError.write(Data((Engine.Diagnostic.visible(line) + "\n").utf8)) }
    }

    /// Runs library work: a ``BuildStop`` is printed on standard error and ends the command with its exit code.
    func stopping<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let stop as BuildStop {
            throw exit(stop)
        }
    }

    /// Prints what a stop still has to say; the exit code to end with.
    func exit(_ stop: BuildStop) -> ExitCode {
        error(stop.lines)
        return ExitCode(stop.reason.rawValue)
    }

    /// The bytes of a file an option names (`--revoked-letters`, `--public-key`); one that is missing or not a
    /// regular file exits 66, an unreadable one 74 (``FileSource``).
    func readInput(_ path: String, option: String) throws -> [UInt8] {
        do {
            return try FileSource.read(path)
        } catch {
            throw exit(BuildStop(error.exit, ["\(path): error: \(option): " + error.message]))
        }
    }

    /// The bytes of a secret file an option names (`--link-secret`, `--signing-key`, `--shard-secret`): read as
    /// ``readInput(_:option:)`` does, and refused (64, saying how to fix it) when its group or others have access
    /// (``SecretFile``). Its contents are never printed.
    func readSecret(_ path: String, option: String) throws -> [UInt8] {
        do {
            return try SecretFile.read(path)
        } catch {
            throw exit(BuildStop(error.exit, ["\(path): error: \(option): " + error.message(path: path)]))
        }
    }
}
