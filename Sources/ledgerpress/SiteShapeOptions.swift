import ArgumentParser
import Foundation
import LedgerPressEngine

/// Options shared by `build` and `check`: what the statements cover and show (``SiteOptions``: periods, zone,
/// locale, business days, `--as-of`), so that
/// `check` checks the very statements `build` would build.
struct SiteShapeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(OutputSpec.help(for: "--periods")))
    var periods: String = "day,week,month"

    @Option(
        name: .customLong("range"),
        help: ArgumentHelp(OutputSpec.help(for: "--range")))
    var ranges: [String] = []

    @Option(help: ArgumentHelp(OutputSpec.help(for: "--timezone")))
    var timezone: String = "UTC"

    @Option(help: ArgumentHelp(OutputSpec.help(for: "--locale")))
    var locale: String = "en_US"

    @Option(help: ArgumentHelp(OutputSpec.help(for: "--issuer")))
    var issuer: String?

    @OptionGroup var businessDay: BusinessDayOptions

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp(OutputSpec.help(for: "--as-of")))
    var asOf: String?

    func parsedSelection() throws -> PeriodSelection {
        var kinds: [PeriodKind] = []
        for word in periods.split(separator: ",") {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kind = PeriodKind(rawValue: name), kind.isCalendar else {
                throw ValidationError("--periods: expected \(PeriodKind.calendarKindsText), got '\(name)'")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        let parsedRanges = try ranges.map { text -> Period in
            guard let period = PeriodSelection.parseRange(text) else {
                throw ValidationError(
                    "--range: expected YYYY-MM-DD..YYYY-MM-DD with years from 1900 to 2199 and the first date not after the last, got '\(text)'"
                )
            }
            return period
        }
        return PeriodSelection(kinds: kinds, ranges: parsedRanges)
    }

    func validate() throws {
        _ = try parsedSelection()
        if ZoneClock(identifier: timezone) == nil {
            throw ValidationError("--timezone: expected an IANA time zone such as America/New_York, got '\(timezone)'")
        }
        if !MoneyLocale.isKnown(locale) {
            throw ValidationError("--locale: expected \(MoneyLocale.expected), got '\(locale)'")
        }
        if let asOf {
            switch RFC3339.read(asOf) {
            case .success: break
            case .failure(.yearOutOfRange):
                throw ValidationError("--as-of: expected \(CivilDate.supportedYearsText), got '\(asOf)'")
            case .failure(.leapSecond):
                throw ValidationError("--as-of: expected \(TimestampFailure.leapSecondText), got '\(asOf)'")
            case .failure(.malformed):
                throw ValidationError("--as-of: expected an RFC 3339 timestamp with offset, got '\(asOf)'")
            }
        }
    }

    /// The site's options; `links` from `--link-secret`, the build time from `SOURCE_DATE_EPOCH`.
    func siteOptions(links: PayeeLinks = .readable) throws -> SiteOptions {
        var options = SiteOptions(
            selection: try parsedSelection(), issuer: issuer, defaultTimeZone: timezone, defaultLocale: locale,
            sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int64($0) }, asOf: asOf,
            links: links)
        businessDay.apply(to: &options)
        return options
    }
}
