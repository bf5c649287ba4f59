import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressPostgres
import LedgerPressStore

extension BuildInputs {
    /// What `build` and `check` were told to read, as typed: ledger files, `--source` URLs, `--source-config`
    /// files, the payees and mapping files, `--format`, `--payee` (ACCOUNT, or FILE=ACCOUNT), `--payee-type`,
    /// `--source-timezone`, `--max-errors`.
    public struct Request: Sendable {
        public var files: [String]
        public var databaseURLs: [String]
        public var sourceConfigs: [String]
        public var payees: String?
        public var mapping: String?
        public var format: String?
        public var payeeAssignments: [String]
        public var payeeType: String?
        public var sourceTimezone: String?
        public var maxErrors: Int

        public init(
            files: [String], databaseURLs: [String], sourceConfigs: [String], payees: String?, mapping: String?,
            format: String?, payeeAssignments: [String], payeeType: String?, sourceTimezone: String?, maxErrors: Int
        ) {
            self.files = files
            self.databaseURLs = databaseURLs
            self.sourceConfigs = sourceConfigs
            self.payees = payees
            self.mapping = mapping
            self.format = format
            self.payeeAssignments = payeeAssignments
            self.payeeType = payeeType
            self.sourceTimezone = sourceTimezone
            self.maxErrors = maxErrors
        }
    }

    /// The sources and how to read them: the files, then each `--source`, then each `--source-config` (a
    /// PostgreSQL table or view, ``PostgresSource``). A config file that cannot be read stops with 66 or 74, one
    /// that cannot be used with 64. The ledger's spill settings are read from `environment` here (the ledger never
    /// reads it).
    public init(_ given: Request, environment: [String: String]) throws(BuildStop) {
        var databases: [any LedgerSource] = []
        for url in given.databaseURLs {
            do {
                databases.append(PostgresSource(location: try PostgresLocation.parse(url: url)))
            } catch {
                throw BuildStop(.usage, ["ledgerpress: error: \(error.message)"])
            }
        }
        for path in given.sourceConfigs {
            let text: String
            do {
                text = String(decoding: try FileSource.read(path), as: UTF8.self)
            } catch {
                throw BuildStop(error.exit, ["\(path): error: --source-config: " + error.message])
            }
            do {
                databases.append(PostgresSource(location: try PostgresLocation.parse(config: text)))
            } catch {
                throw BuildStop(.usage, ["\(path): error: \(error.message)"])
            }
        }
        var byFile: [String: String] = [:]
        var all: String?
        for assignment in given.payeeAssignments {
            if let eq = assignment.lastIndex(of: "=") {
                byFile[String(assignment[..<eq])] = String(assignment[assignment.index(after: eq)...])
            } else {
                all = assignment
            }
        }
        self.init(
            sources: given.files.map(FileSource.init(path:)) + databases,
            payees: given.payees.map(FileSource.init(path:)), mapping: given.mapping.map(FileSource.init(path:)),
            format: given.format.flatMap(ImporterRegistry.standard.format(named:)), payee: all, payeeBySource: byFile,
            payeeType: given.payeeType.flatMap(PayeeType.init(rawValue:)),
            sourceZone: given.sourceTimezone.flatMap(ZoneClock.init(identifier:)), maxErrors: given.maxErrors,
            spill: (try? LedgerSpill(environment: environment)) ?? .standard)
    }

    /// Why a `--source` URL cannot be used (its message never repeats a password); nil when it can.
    public static func sourceURLProblem(_ url: String) -> String? {
        do {
            _ = try PostgresLocation.parse(url: url)
            return nil
        } catch {
            return error.message
        }
    }

    /// Why the ledger's spill settings in `environment` cannot be used; nil when they can.
    public static func spillProblem(environment: [String: String]) -> String? {
        do {
            _ = try LedgerSpill(environment: environment)
            return nil
        } catch {
            return error.description
        }
    }
}
