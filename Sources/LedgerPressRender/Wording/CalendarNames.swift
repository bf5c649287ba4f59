import Foundation

/// Month and weekday names of one locale, read once from Foundation (Gregorian calendar, UTC,
/// an explicit `Locale`), never the host's.
///
/// > Note: `months` are the forms used inside a date (`14 października 2026`), `standaloneMonths` the
/// > forms used alone (`październik 2026`); `weekdays` start on Monday (ISO). A locale for which Foundation
/// > has no names (fewer than 12 months or 7 days) gets the English ones.
struct CalendarNames: Sendable, Equatable {
    let months: [String]
    let standaloneMonths: [String]
    let weekdays: [String]

    init(localeIdentifier: String) {
        let names = CalendarNames.read(localeIdentifier)
        if names.months.count == 12, names.standaloneMonths.count == 12, names.weekdays.count == 7 {
            self = names
        } else {
            self = CalendarNames.read("en_US")
        }
    }

    private init(months: [String], standaloneMonths: [String], weekdays: [String]) {
        self.months = months
        self.standaloneMonths = standaloneMonths
        self.weekdays = weekdays
    }

    private static func read(_ identifier: String) -> CalendarNames {
        let locale = Locale(identifier: identifier)
        let utc = TimeZone(identifier: "UTC") ?? TimeZone.gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        calendar.locale = locale
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = utc
        // Foundation lists weekdays from Sunday; ISO weeks start on Monday.
        let sundayFirst = formatter.standaloneWeekdaySymbols
        let mondayFirst = sundayFirst.count == 7 ? Array(sundayFirst[1...] + sundayFirst[..<1]) : []
        return CalendarNames(
            months: formatter.monthSymbols, standaloneMonths: formatter.standaloneMonthSymbols,
            weekdays: mondayFirst)
    }
}
