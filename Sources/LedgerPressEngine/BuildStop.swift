import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressPublish
import LedgerPressRender
import LedgerPressSite
import LedgerPressStore

/// Why a build, check or merge stopped, as the user is told it: the lines still to print on standard error,
/// and the sysexits reason the command exits with. The previous output is untouched whenever a run stops.
public struct BuildStop: Error, CustomStringConvertible {
    /// The sysexits code the command exits with.
    public enum Reason: Int32, Sendable {
        case usage = 64
        case dataError = 65
        case noInput = 66
        /// EX_UNAVAILABLE: a tool the run was asked to use is not installed (the PDF engine for `--pdf`).
        case unavailable = 69
        case software = 70
        case cannotCreate = 73
        case ioError = 74
        case temporaryFailure = 75
    }

    public var reason: Reason
    /// Messages not yet shown (everything shown before the stop went through the run's `message`).
    public var lines: [String]
    /// What the import found, when the run stopped after it (for the run report).
    public var imported: SiteBuilder.Imported?
    /// What `--outbox` wrote before it failed (for the run report), when the run stopped there.
    public var outbox: OutboxReport?

    public init(_ reason: Reason, _ lines: [String] = []) {
        self.reason = reason
        self.lines = lines
    }

    public var description: String { (lines + ["exit \(reason.rawValue)"]).joined(separator: "\n") }

    /// A source that could not be read: `NAME: error: [OPTION: ]why`.
    static func source(_ name: String, _ failure: SourceFailure, option: String? = nil) -> BuildStop {
        BuildStop(failure.exit, ["\(name): error: " + (option.map { $0 + ": " } ?? "") + failure.message])
    }

    /// Writes a file the user named (the reject file) in one step (``SystemFile/replace(_:bytes:)``: a failure
    /// leaves no empty or partial file); a failure stops with 73 saying why (74 for a device error).
    public static func writing(_ path: String, _ text: String) throws(BuildStop) {
        do {
            try SystemFile.replace(path, bytes: Data(text.utf8))
        } catch {
            throw BuildStop(error.isDeviceError ? .ioError : .cannotCreate, ["ledgerpress: error: \(error)"])
        }
    }

    /// Runs a stage of the build: bad data (``SiteError``) stops with 65; a publish failure leaves the previous
    /// output as it was and stops with 73 (74 for a device error, 65 for an unreadable previous manifest, 66 for
    /// a `--previous` that is not there, 75 for a lost lock); the PDF engine's failures stop with 69 or 74
    /// (``pdf(_:)``); ``MergeFailure`` is handed on; anything else is a bug (70).
    public static func publishing<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as SiteWriter.Failure {
            var line = "\(error)"
            switch error {
            case .unreadableManifest, .refused, .notAPreviousSite: break
            case .lockLost: line = "ledgerpress: error: \(error)"
            default: line = "ledgerpress: error: \(error); the previous output was left as it was"
            }
            switch error {
            case .unreadableManifest: throw BuildStop(.dataError, [line])
            case .lockLost: throw BuildStop(.temporaryFailure, [line])
            case .notAPreviousSite(_, let missing): throw BuildStop(missing ? .noInput : .dataError, [line])
            case .system(let system) where system.isDeviceError: throw BuildStop(.ioError, [line])
            default: throw BuildStop(.cannotCreate, [line])
            }
        } catch let error as SiteError {
            throw BuildStop(.dataError, ["ledgerpress: error: \(error)"])
        } catch let error as MergeFailure {
            throw error
        } catch let error as PreviousManifest.Unreadable {
            throw BuildStop(.dataError, ["\(error)"])
        } catch let error as BuildStop {
            throw error
        } catch let failure as PDFEngine.Failure {
            throw BuildStop.pdf(failure)
        } catch {
            throw BuildStop(.software, ["ledgerpress: internal error while building: \(error)"])
        }
    }

    /// The ledger's spill file failed (a disk error): 74, and nothing was published.
    public static func storage(_ failure: LedgerStorageFailure) -> BuildStop {
        BuildStop(.ioError, ["\(failure); nothing was published, the previous output was left as it was"])
    }

    /// The PDF engine failed: 69 when it could not be started at all (not a working engine), 74 when it failed,
    /// crashed or ran out of time on a document; either way nothing was published.
    /// The engine's own last messages, when it left any, follow on lines of their own.
    static func pdf(_ failure: PDFEngine.Failure) -> BuildStop {
        let lines = failure.description.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return BuildStop(
            failure.unusable ? .unavailable : .ioError,
            [
                "ledgerpress: error: --pdf: \(lines.first ?? ""); nothing was published, the previous output was left as it was"
            ] + lines.dropFirst().map { "  " + $0 })
    }

    /// Takes the output's lock for the whole run; another run holding it stops with 75. `waiting` is told
    /// when a `verify` holds it for reading (the run then waits).
    public static func lock(_ output: URL, named name: String, waiting: ([String]) -> Void) throws(BuildStop)
        -> OutputLock
    {
        do {
            return try OutputLock(output: output) {
                waiting([
                    "ledgerpress: waiting for a `ledgerpress verify` of \(name) to finish (it holds \(OutputLock.path(for: output)))"
                ])
            }
        } catch OutputLock.Failure.busy(let path) {
            throw BuildStop(
                .temporaryFailure,
                ["ledgerpress: another run is publishing to \(name) (it holds \(path)); try again later"])
        } catch let failure as OutputLock.Failure {
            if case .busyReading = failure { throw BuildStop(.temporaryFailure, ["ledgerpress: \(failure)"]) }
            throw BuildStop(.cannotCreate, ["ledgerpress: \(failure)"])
        } catch {
            throw BuildStop(.cannotCreate, ["ledgerpress: \(error)"])
        }
    }

    /// The default templates (`defaults`: the folder beside the executable, nil when none was found) with the
    /// `--templates` folder's files in place of theirs.
    public static func templates(defaults: String?, overrides: String?) throws(BuildStop) -> TemplateSet {
        guard let defaults else {
            throw BuildStop(
                .noInput,
                ["ledgerpress: error: expected the default Templates folder (set LEDGERPRESS_TEMPLATES), got none"])
        }
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory) else {
                throw BuildStop(.noInput, ["\(overrides): error: --templates: no such folder"])
            }
            guard isDirectory.boolValue else {
                throw BuildStop(.noInput, ["\(overrides): error: --templates: is a file, expected a folder"])
            }
        }
        do {
            return try TemplateSet.load(defaultsDirectory: defaults, overrides: overrides)
        } catch {
            switch error {
            case .missing: throw BuildStop(.noInput, [error.description])
            case .invalid, .notText, .refused: throw BuildStop(.dataError, [error.description])
            case .unreadable: throw BuildStop(.ioError, [error.description])
            }
        }
    }
}
