import LedgerPressCore

extension Wording {
    /// `October 2026`, `Week 43, 2026`, `Wednesday 14 October 2026`, `1 October 2026 to 15 October 2026`;
    /// `Oktober 2026`, `KW 43, 2026`, `Mittwoch, 14. Oktober 2026`; the first letter upper case
    /// (`Octubre de 2026`), as a title starts.
    public func title(_ period: Period) -> String {
        let start = period.start
        let text: String
        switch period.kind {
        case .day:
            let weekday = names.weekdays[start.isoWeekday - 1]
            let date = longDate(start)
            text = titleDay.fill { $0 == "weekday" ? weekday : $0 == "date" ? date : nil }
        case .week:
            let week = start.isoWeek
            text = titleWeek.fill { $0 == "week" ? String(week.week) : $0 == "year" ? String(week.year) : nil }
        case .month: text = monthYear(year: start.year, month: start.month)
        case .range:
            let first = longDate(start)
            let last = longDate(period.lastDay)
            text = titleRange.fill { $0 == "start" ? first : $0 == "end" ? last : nil }
        }
        return Wording.upperFirst(text)
    }

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

    /// `Day`, `Week`, `Month`, `Custom range` in the payee's language.
    public func kindLabel(_ kind: PeriodKind) -> String {
        switch kind {
        case .day: return self["kind_day"]
        case .week: return self["kind_week"]
        case .month: return self["kind_month"]
        case .range: return self["kind_range"]
        }
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
