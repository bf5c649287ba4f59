import ArgumentParser
import Foundation
import LedgerPressEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `build --outbox DIR --deliver KINDS --mail-from ADDRESS`: the e-mail outbox (a Maildir; see
/// docs/delivery.md).
struct OutboxCommandOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "After publishing, write one e-mail per payee and new or revised statement into this Maildir (tmp/, new/, cur/); `ledgerpress send` sends them.",
            valueName: "dir"))
    var outbox: String?

    @Option(
        help: ArgumentHelp(
            "With --outbox: the period kinds whose statements are e-mailed, comma-separated (\(PeriodKind.allCases.map(\.rawValue).joined(separator: ", "))).",
            valueName: "kinds"))
    var deliver = "month"

    @Option(
        name: .customLong("mail-from"),
        help: ArgumentHelp("With --outbox (required): the messages' From address.", valueName: "address"))
    var mailFrom: String?

    @Option(
        name: .customLong("deliver-since"),
        help: ArgumentHelp(
            "With --outbox: e-mail only statements whose period_end (the day after their last day) is after this date; the others count as skipped in the run report.",
            valueName: "yyyy-mm-dd"))
    var deliverSince: String?

    @Option(
        name: .customLong("deliver-grace"),
        help: ArgumentHelp(
            "With --outbox: e-mail a statement only once its period's end (in the payee's zone, the business-day cutoff included) plus this is at or before the run's as-of (--as-of, else the latest entry): Nd or Nh, e.g. 2d or 36h (default 0).",
            valueName: "duration"))
    var deliverGrace: String?

    /// `--deliver-grace` in seconds: `N` days (`d`) or hours (`h`), N from 0 to 9999 (0 without it).
    func grace() throws -> Int64 {
        guard let deliverGrace else { return 0 }
        let expected = "--deliver-grace: expected a number of days or hours like 2d or 36h, got '\(deliverGrace)'"
        guard let unit = deliverGrace.last, unit == "d" || unit == "h" else { throw ValidationError(expected) }
        let digits = deliverGrace.dropLast()
        guard (1...4).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int64(digits)
        else { throw ValidationError(expected) }
        return count * (unit == "d" ? 86_400 : 3_600)
    }

    @Option(
        name: .customLong("site-url"),
        help: ArgumentHelp(
            "With --outbox: where the payees' pages are served (https, no query or fragment); each e-mail then links its payee's own folder, URL/payees/<folder>/.",
            valueName: "url"))
    var siteURL: String?

    /// `--deliver-since` as a date (nil without it).
    func since() throws -> CivilDate? {
        guard let deliverSince else { return nil }
        guard let date = CivilDate(iso: deliverSince) else {
            throw ValidationError("--deliver-since: expected a date YYYY-MM-DD, got '\(deliverSince)'")
        }
        return date
    }

    func kinds() throws -> Set<PeriodKind> {
        var kinds: Set<PeriodKind> = []
        for word in deliver.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kind = PeriodKind(rawValue: name) else {
                throw ValidationError(
                    "--deliver: expected \(PeriodKind.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    func validate() throws {
        _ = try kinds()
        _ = try since()
        _ = try grace()
        guard let outbox else {
            if mailFrom != nil { throw ValidationError("--mail-from: needs --outbox") }
            if deliverSince != nil { throw ValidationError("--deliver-since: needs --outbox") }
            if deliverGrace != nil { throw ValidationError("--deliver-grace: needs --outbox") }
            if siteURL != nil { throw ValidationError("--site-url: needs --outbox") }
            return
        }
        if let siteURL {
            try BaseURLCheck.check(
                siteURL, option: "--site-url", schemes: ["https"], why: "each payee's folder is appended to it")
        }
        if outbox.isEmpty { throw ValidationError("--outbox: expected a folder, got ''") }
        guard let mailFrom else { throw ValidationError("--outbox: needs --mail-from ADDRESS") }
        if MailAddress(mailFrom) == nil {
            throw ValidationError("--mail-from: expected \(MailAddress.expected), got '\(mailFrom)'")
        }
    }

    /// The library's options (nil without `--outbox`). `LEDGERPRESS_TEST_KILL_AFTER_MESSAGES=N` (a test hook, see
    /// ``TestHooks``) ends the process with 137 once message N is in `tmp/` and not yet in `new/`.
    func options(issuer: String?) throws -> OutboxOptions? {
        guard let outbox, let mailFrom, let address = MailAddress(mailFrom) else { return nil }
        let killAfter = ProcessInfo.processInfo.environment["LEDGERPRESS_TEST_KILL_AFTER_MESSAGES"].flatMap { Int($0) }
        var options = OutboxOptions(
            folder: URL(fileURLWithPath: outbox), from: address, fromName: issuer ?? "ledgerpress",
            kinds: try kinds(), since: try since(), grace: try grace(),
            beforeDelivery: killAfter.map { limit in Self.kill(after: limit) })
        options.siteURL = siteURL.map { url in
            var url = Substring(url)
            while url.hasSuffix("/") { url = url.dropLast() }
            return String(url)
        }
        return options
    }

    /// The test hook's kill: the process ends at once, as a SIGKILL would end it (no cleanup, exit 137).
    static func kill(after limit: Int) -> @Sendable (Int) -> Void {
        { number in
            if number >= limit { _exit(137) }
        }
    }
}
