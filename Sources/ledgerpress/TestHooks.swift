import Foundation
import LedgerPressEngine

/// Switches for the test suite, read from the environment. Never set in production: each one makes a
/// run fail on purpose, so that the tests can reach paths no valid input can.
///
/// - `LEDGERPRESS_TEST_INTERNAL_ERROR=1`: `build`, `merge` and `verify` throw an unexpected error as their
///   work starts (before the lock, before anything is read or written), as a bug would; the run must exit 70
///   saying `ledgerpress: internal error: ...` (and `build`/`merge` still write their report).
/// - `LEDGERPRESS_TEST_ABORT_AFTER_FILES=N` (read in `Publishing.swift`): the publish stops after N files,
///   as a kill would.
/// - `LEDGERPRESS_TEST_KILL_AFTER_MESSAGES=N` (read in `OutboxCommandOptions.swift`): `--outbox` ends the process
///   with 137 once message N is written into `tmp/` and before it is moved into `new/`, as a SIGKILL would.
/// - `LEDGERPRESS_TEST_HOLD_BEFORE_PUBLISH=PATH`: `build` waits, once its site is staged and before the swap, until
///   a file exists at PATH (two minutes at most), so that a test can signal the run or take its lock away at a
///   moment it knows instead of racing the build.
/// - `LEDGERPRESS_TEST_PDF_TIMEOUT=SECONDS`: the PDF engine's deadline per document, instead of 60 s, so that a test
///   can see a hung engine killed without waiting a minute.
/// - `LEDGERPRESS_TEST_SEND_TIMEOUT=SECONDS`: `send`'s deadline per message (both ways out), instead of 60 s, so that
///   a test can see a server that never answers counted as temporary without waiting a minute.
enum TestHooks {
    struct InternalError: Error, CustomStringConvertible {
        var description: String { "LEDGERPRESS_TEST_INTERNAL_ERROR is set (a test of the internal-error path)" }
    }

    /// The wait `LEDGERPRESS_TEST_HOLD_BEFORE_PUBLISH` asks for; nil when it is not set.
    static func holdBeforePublish(_ environment: [String: String]) -> (@Sendable () -> Void)? {
        guard let path = environment["LEDGERPRESS_TEST_HOLD_BEFORE_PUBLISH"], !path.isEmpty else { return nil }
        return {
            let deadline = Date().addingTimeInterval(120)
            while !FileManager.default.fileExists(atPath: path), Date() < deadline { usleep(5_000) }
        }
    }

    /// The PDF engine's deadline per document `LEDGERPRESS_TEST_PDF_TIMEOUT` asks for, else the engine's own.
    static func pdfTimeout(_ environment: [String: String]) -> Double {
        environment["LEDGERPRESS_TEST_PDF_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
            ?? PDFEngine.defaultTimeout
    }

    /// `send`'s deadline per message, in seconds: `LEDGERPRESS_TEST_SEND_TIMEOUT` when set, else 60.
    static func sendTimeout(_ environment: [String: String]) -> Int {
        environment["LEDGERPRESS_TEST_SEND_TIMEOUT"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 60
    }

    static func internalErrorIfAsked() throws {
        if ProcessInfo.processInfo.environment["LEDGERPRESS_TEST_INTERNAL_ERROR"] == "1" { throw InternalError() }
    }
}
