import ArgumentParser
import Foundation
import LedgerPressRender

/// The command's edge to the terminal and the input files.
struct Console {
    /// When standard output carries a report, messages go to standard error instead.
    var quietStdout = false
    /// `--quiet`: the closing summary is not printed (errors still are).
    var silent = false

    func say(_ line: String) {
        if silent { return }
        if quietStdout {
            error([line])
        } else {
            print(line)
        }
    }

    func error(_ lines: [String]) {
        for line in lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// The bytes of an input file; a missing one exits 66, an unreadable one 74.
    func readInput(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            error(["\(path): error: expected an input file, got nothing at that path"])
            throw Exit.noInput
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            error(["\(path): error: expected a readable file, got a read error"])
            throw Exit.ioError
        }
        return [UInt8](data)
    }

    /// Writes a file the user named (the reject file); failure exits 73.
    func writeFile(_ path: String, _ text: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            error(["\(path): error: expected a writable path, got a write error"])
            throw Exit.cannotCreate
        }
    }

    func loadTemplates(overrides: String?) throws -> TemplateSet {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard let defaults = TemplateSet.defaultDirectory(executablePath: executable, environment: ProcessInfo.processInfo.environment)
        else {
            error(["ledgerpress: error: expected the default Templates folder (set LEDGERPRESS_TEMPLATES), got none"])
            throw Exit.noInput
        }
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory), isDirectory.boolValue else {
                error(["\(overrides): error: --templates: expected a folder, got nothing there"])
                throw Exit.noInput
            }
        }
        do {
            return try TemplateSet.load(defaultsDirectory: defaults, overrides: overrides)
        } catch {
            self.error(["ledgerpress: \(error)"])
            throw Exit.dataError
        }
    }
}
