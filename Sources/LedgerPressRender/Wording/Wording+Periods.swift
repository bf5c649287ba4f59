import LedgerPressCore

extension Wording {
    /// `October 2026`, `Week 43, 2026`, `Week of 11 October 2026` (a week not starting on a Monday), `Year 2026`,
    /// `Wednesday 14 October 2026`, `1 October 2026 to 15 October 2026`; `Oktober 2026`, `KW 43, 2026`,
    /// `Mittwoch, 14. Oktober 2026`; the first letter upper case (`Octubre de 2026`), as a title starts.
    ///
    /// A business day that does not start at midnight says when it does: `Wednesday 14 October 2026, 04:00 – 04:00`
    /// (`title_hours`); with the default `00:00` the title is unchanged.
    public func title(_ period: Period, dayStart: DayStart = .midnight) -> String {
        let text = Wording.upperFirst(calendarTitle(period))
        guard !dayStart.isMidnight else { return text }
        let time = dayStart.description
        return fill("title_hours", ["title": text, "start": time, "end": time])
    }

    /// ``title(_:dayStart:)`` without the hours, as written in the string table.
    func calendarTitle(_ period: Period) -> String {
        let start = period.start
        let text: String
        switch period.kind {
        case .day:
            let weekday = names.weekdays[start.isoWeekday - 1]
            let date = longDate(start)
            text = titleDay.fill { $0 == "weekday" ? weekday : $0 == "date" ? date : nil }
        case .week:
            guard start.isoWeekday == 1 else { return fill("title_week_of", ["date": longDate(start)]) }
            let week = start.isoWeek
            text = titleWeek.fill { $0 == "week" ? String(week.week) : $0 == "year" ? String(week.year) : nil }
        case .month: text = monthYear(year: start.year, month: start.month)
        case .year: text = fill("title_year", ["year": String(start.year)])
        case .range:
            let first = longDate(start)
            let last = longDate(period.lastDay)
            text = titleRange.fill { $0 == "start" ? first : $0 == "end" ? last : nil }
        }
        return text
    }

    /// `Period: 2026-10-14 to 2026-10-20, America/New_York time`; with a day start other than midnight the
    /// hours too, and the end as the day the last business day ends on:
    /// `Period: 2026-10-14 04:00 to 2026-10-21 04:00, America/New_York time` (`period_line_hours`).
    public func periodLine(_ period: Period, dayStart: DayStart, zone: String) -> String {
        guard !dayStart.isMidnight else {
            return fill("period_line", ["start": date(period.start), "end": date(period.lastDay), "zone": zone])
        }
        return fill(
            "period_line_hours",
            ["start": date(period.start), "end": date(period.end), "time": dayStart.description, "zone": zone])
    }

    /// A month's name as it stands alone (`January`, `Januar`, `enero`, `janvier`), 1 to 12.
    public func monthName(_ month: Int) -> String { names.standaloneMonths[month - 1] }

    /// A month in running text: `November 2026`, `noviembre de 2026` (its name as it stands alone).
    public func monthYear(year: Int, month: Int) -> String {
        let name = names.standaloneMonths[month - 1]
        return titleMonth.fill { $0 == "month" ? name : $0 == "year" ? String(year) : nil }
    }

    /// `14 October 2026`, `14. Oktober 2026`, `14 de octubre de 2026`, `14 octobre 2026`.
    public func longDate(_ date: CivilDate) -> String {
        let name = names.months[date.month - 1]
        return dateLong.fill { slot in
            switch slot {
            case "day": return String(date.day)
            case "month": return name
            case "year": return String(date.year)
            default: return nil
            }
        }
    }

    /// `Day`, `Week`, `Month`, `Year`, `Custom range` in the payee's language.
    public func kindLabel(_ kind: PeriodKind) -> String {
        switch kind {
        case .day: return self["kind_day"]
        case .week: return self["kind_week"]
        case .month: return self["kind_month"]
        case .year: return self["kind_year"]
        case .range: return self["kind_range"]
        }
    }

    /// The heading of a kind's section on the payee's home: `Months`, `Weeks`, `Days`, `Years`, `Custom ranges`.
    public func groupHeading(_ kind: PeriodKind) -> String {
        switch kind {
        case .day: return self["group_days"]
        case .week: return self["group_weeks"]
        case .month: return self["group_months"]
        case .year: return self["group_years"]
        case .range: return self["group_ranges"]
        }
    }

    /// The order of the kinds' sections on the payee's home: years (few), then months, weeks, days (a year of days
    /// is a long list of its own) and custom ranges.
    public static var homeGroupOrder: [PeriodKind] {
        func rank(_ kind: PeriodKind) -> Int {
            switch kind {
            case .year: return 0
            case .month: return 1
            case .week: return 2
            case .day: return 3
            case .range: return 4
            }
        }
        return PeriodKind.allCases.sorted { rank($0) < rank($1) }
    }

    /// A date in figures: `2026-10-14` (English keeps ISO), `14.10.2026`, `14/10/2026`.
    public func date(_ date: CivilDate) -> String {
        isoDates ? date.description : numericDate(Substring(date.description))
    }

    /// A local time in a table row: `2026-10-03 14:22`, `03.10.2026 14:22`.
    public func time(_ timestamp: Timestamp, offset: Int) -> String {
        let short = PeriodText.shortTime(timestamp, offset: offset)
        guard !isoDates else { return short }
        return numericDate(short.prefix(10)) + short.dropFirst(10)
    }

    /// `2026-10-31 22:10 (UTC-04:00)`, `31.10.2026 22:10 (UTC-04:00)`.
    public func asOf(_ timestamp: Timestamp, offset: Int) -> String {
        let text = PeriodText.asOf(timestamp, offset: offset)
        guard !isoDates else { return text }
        return numericDate(text.prefix(10)) + text.dropFirst(10)
    }

    /// `date_numeric` filled from an ISO date's text (`2026-10-14`): zero-padded numbers, no Foundation.
    func numericDate(_ iso: Substring) -> String {
        dateNumeric.fill { slot in
            switch slot {
            case "year": return String(iso.prefix(4))
            case "month": return String(iso.dropFirst(5).prefix(2))
            case "day": return String(iso.dropFirst(8).prefix(2))
            default: return nil
            }
        }
    }

    /// `octubre de 2026` → `Octubre de 2026` (the first character only; English and German are unchanged).
    static func upperFirst(_ text: String) -> String {
        guard let first = text.first, first.isLowercase else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
