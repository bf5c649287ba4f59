extension IncomeLetter {
    /// The letter of `payee` from all their `entries` (any order), issued at `issuedAt`.
    ///
    /// Throws ``MoneyOverflow`` when a sum does not fit in `Int64` minor units.
    public init(payee: Payee, entries: [LedgerEntry], zone: ZoneClock, issuedAt: Timestamp) throws(MoneyOverflow) {
        let calendar = BusinessCalendar(zone: zone, dayStart: payee.dayStart, weekStart: payee.weekStart)
        let issueDay = calendar.day(of: issuedAt.epochSeconds)
        let monthStart = issueDay.startOfMonth
        var months: [Period] = []
        var start = monthStart
        for _ in 0..<12 {
            let month = Period.containing(start.adding(days: -1), kind: .month)
            months.insert(month, at: 0)
            start = month.start
        }
        let weekStart = calendar.startOfWeek(issueDay)
        let maxWeeks = IncomeLetter.weekCounts.max() ?? 0
        let firstWeekDay = weekStart.adding(days: -7 * maxWeeks)
        let janFirst = CivilDate(daysSinceEpoch: issueDay.daysSinceEpoch - (issueDay.dayOfYear - 1))
        let payoutsFrom = issueDay.adding(days: 1 - IncomeLetter.payoutDays)
        let statuses = PayoutStatuses(entries: entries)

        struct Sums {
            var months = [Figures](repeating: Figures(), count: 12)
            var weeks = [Figures](repeating: Figures(), count: IncomeLetter.weekCounts.max() ?? 0)
            var year = Figures()
            var distance = DistanceTotals()
            var payouts: [(Timestamp, String, Payout)] = []
        }
        var byCurrency: [String: (Currency, Sums)] = [:]
        for entry in entries where entry.occurredAt.epochSeconds <= issuedAt.epochSeconds && !entry.isStatusReport {
            let day = calendar.day(of: entry.occurredAt.epochSeconds)
            let currency = entry.amount.currency
            var (_, sums) = byCurrency[currency.code] ?? (currency, Sums())
            let amount = entry.amount.minorUnits
            if day >= months[0].start, day < monthStart {
                let index = months.firstIndex { $0.contains(day) } ?? 0
                try sums.months[index].add(entry.kind, amount)
            }
            if day >= firstWeekDay, day < weekStart {
                let index = (weekStart.daysSinceEpoch - day.daysSinceEpoch - 1) / 7
                try sums.weeks[index].add(entry.kind, amount)
            }
            if day >= janFirst {
                try sums.year.add(entry.kind, amount)
                if entry.kind == .earning, let distance = entry.distance { try sums.distance.add(distance) }
            }
            if entry.kind == .payout, day >= payoutsFrom,
                statuses.status(of: PayoutStatuses.payoutID(of: entry)) == .paid
            {
                guard amount != Int64.min else { throw MoneyOverflow(total: "payouts received") }
                let id = PayoutStatuses.payoutID(of: entry) ?? entry.id
                sums.payouts.append((entry.occurredAt, entry.id, Payout(id: id, day: day, amount: -amount)))
            }
            byCurrency[currency.code] = (currency, sums)
        }
        var currencies: [CurrencyFigures] = []
        for code in byCurrency.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let item = byCurrency[code] else { continue }
            let (currency, sums) = item
            func amounts(_ figures: Figures) -> Amounts {
                Amounts(gross: IncomeLetter.gross(figures, type: payee.type), net: figures.netActivity)
            }
            var weekly: [WeeklyNet] = []
            for count in IncomeLetter.weekCounts {
                var total = Figures()
                for week in sums.weeks.prefix(count) { try total.absorb(week) }
                let first = Period.containing(
                    weekStart.adding(days: -7 * count), kind: .week, weekStart: payee.weekStart)
                let last = Period.containing(weekStart.adding(days: -7), kind: .week, weekStart: payee.weekStart)
                weekly.append(
                    WeeklyNet(
                        weeks: count, firstWeek: first.label, lastWeek: last.label, total: total.netActivity,
                        average: IncomeLetter.average(total.netActivity, over: count)))
            }
            let payouts = sums.payouts.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
            var received: Int64 = 0
            for payout in payouts { received = try MinorUnits.add(received, payout.amount, total: "payouts received") }
            currencies.append(
                CurrencyFigures(
                    currency: currency,
                    months: zip(months, sums.months).map { Month(label: $0.label, amounts: amounts($1)) },
                    yearToDate: amounts(sums.year), weeklyNet: weekly, payouts: payouts, payoutsTotal: received,
                    yearToDateDistance: sums.distance))
        }
        self.init(
            payee: payee, issuedAt: issuedAt, issuedAtOffset: zone.offset(at: issuedAt.epochSeconds),
            issueDay: issueDay, payoutsFrom: payoutsFrom, currencies: currencies)
    }
}

extension CivilDate {
    /// 1 for 1 January.
    var dayOfYear: Int {
        var days = day
        for earlier in 1..<month { days += CivilDate.daysIn(month: earlier, year: year) }
        return days
    }
}
