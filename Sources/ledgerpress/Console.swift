import ArgumentParser
import Foundation
import LedgerPressCore
import LedgerPressRender
import LedgerPressSite

/// The command's edge to the terminal and the input files.
struct Console {
    /// When standard output carries a report, messages go to standard error instead.
    var quietStdout = false
    /// `--quiet`: the closing summary is not printed (errors still are).
    var silent = false

    /// Every line reaches the terminal through ``Diagnostic/visible(_:)``: a control character in it (a newline
    /// in a file name) is shown escaped, so no text from outside can forge a line or drive the terminal.
    func say(_ line: String) {
        if silent { return }
        if quietStdout {
            error([line])
        } else {
            print(Diagnostic.visible(line))
        }
    }

    func error(_ lines: [String]) {
        for line in lines { FileHandle.standardError.write(Data((Diagnostic.visible(line) + "\n").utf8)) }
    }

    /// The bytes of an input file; one that is missing or not a regular file exits 66, an unreadable one 74
    /// (`InputFile`). `option` names the option that gave the path (`--payees`), if any.
    func readInput(_ path: String, option: String? = nil) throws -> [UInt8] {
        do {
            return try InputFile.read(path)
        } catch {
            self.error(["\(path): error: " + (option.map { $0 + ": " } ?? "") + error.message])
            throw error.exitCode
        }
    }

    /// An input file opened to be read in pieces, with the same checks and exits as ``readInput(_:option:)``.
    func openInput(_ path: String) throws -> InputFile.Reader {
        do {
            return try InputFile.open(path)
        } catch {
            self.error(["\(path): error: " + error.message])
            throw error.exitCode
        }
    }

    /// Reports an input that failed while being read (exit 74), as ``readInput(_:option:)`` does.
    func inputFailed(_ path: String, _ failure: InputFile.Failure) -> any Error {
        self.error(["\(path): error: " + failure.message])
        return failure.exitCode
    }

    /// Writes a file the user named (the reject file) in one step (``SystemFile/replace(_:bytes:)``: a failure
    /// leaves no empty or partial file); failure exits 73 saying why (74 for a device error).
    func writeFile(_ path: String, _ text: String) throws {
        do {
            try SystemFile.replace(path, bytes: Data(text.utf8))
        } catch {
            self.error(["ledgerpress: error: \(error)"])
            throw error.isDeviceError ? Exit.ioError : Exit.cannotCreate
        }
    }

    func loadTemplates(overrides: String?) throws -> TemplateSet {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard
            let defaults = TemplateSet.defaultDirectory(
                executablePath: executable, environment: ProcessInfo.processInfo.environment)
        else {
            error(["ledgerpress: error: expected the default Templates folder (set LEDGERPRESS_TEMPLATES), got none"])
            throw Exit.noInput
        }
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory) else {
                error(["\(overrides): error: --templates: no such folder"])
                throw Exit.noInput
            }
            guard isDirectory.boolValue else {
                error(["\(overrides): error: --templates: is a file, expected a folder"])
                throw Exit.noInput
            }
        }
        do {
            return try TemplateSet.load(defaultsDirectory: defaults, overrides: overrides)
        } catch {
            self.error([error.description])
            switch error {
            case .missing: throw Exit.noInput
            case .invalid, .notText, .refused: throw Exit.dataError
            case .unreadable: throw Exit.ioError
            }
        }
    }
}
