import LedgerPressCore

extension SampleGenerator {
    /// `count` extra rows for the sample of `options`, all on the day after the sample's last day
    /// (the latest local date of any row), in each payee's local time between 06:00 and 20:00, for
    /// payees picked at random: a job or sale (with the driver's commission or the card fee under one
    /// reference), sometimes a tip. Ids start with `late_`, so they never meet the sample's; none is
    /// paid out yet. The nightly case: today's export on top of the history.
    public static func lateLedgerCSV(_ options: SampleOptions, count: Int) -> String {
        var out = ""
        writeLate(options, count: count, after: lastDay(options), ledger: { out += $0 })
        return out
    }

    /// Streams the late rows (see `lateLedgerCSV`) dated the day after `lastDay` (as `write` or
    /// `lastDay(_:)` returned it; nil, for an empty sample, means the sample's first day) and, when
    /// `journal` is given, the same as a journal.
    public static func writeLate(
        _ options: SampleOptions, count: Int, after lastDay: CivilDate?, ledger: (String) -> Void,
        journal: ((String) -> Void)? = nil
    ) {
        let day = lastDay?.adding(days: 1) ?? CivilDate(daysSinceEpoch: Int(PayeeHistory.start / 86_400))
        ledger(header + "\n")
        journal?(journalHeader(options, what: "\(count) late entries on \(day)"))
        let all = payees(options)
        guard !all.isEmpty, count > 0 else { return }
        let dayStart = Int64(day.daysSinceEpoch) * 86_400
        var rng = SplitMix64(seed: options.seed ^ 0x1A7E_0000_0000_1A7E)
        var rows: [SampleRow] = []
        var serial = 0
        while rows.count < count {
            serial += 1
            let payee = all[rng.int(0...(all.count - 1))]
            let zone = ZoneClock(identifier: payee.zone) ?? .utc
            // Local wall time on `day`; away from midnight, so the offset at the guess is the offset then.
            let local = dayStart + Int64(rng.int(6 * 3600...20 * 3600))
            let instant = local - Int64(zone.offset(at: local))
            let scale = payee.currency.minorUnitsPerMajor
            let isDriver = payee.type == .driver
            let id = "late_\(payee.id)_\(serial)"
            let reference = (isDriver ? "job_late_" : "ch_late_") + String(serial)
            func row(_ kind: EntryKind, _ amount: Int64, id: String, at time: Int64, description: String = "")
                -> SampleRow
            {
                SampleRow(
                    id: id, occurredAt: Timestamp.format(epochSeconds: time, offsetSeconds: zone.offset(at: time)),
                    payee: payee, kind: kind, amount: amount, lowerCaseCode: false, reference: reference,
                    description: description)
            }
            let price = Int64(rng.int(8...95)) * scale + Int64(rng.int(0...Int(max(0, scale - 1))))
            rows.append(row(.earning, price, id: id, at: instant, description: rng.pick(descriptions)))
            let fee = isDriver ? price * Int64(rng.int(20...30)) / 100 : price * 29 / 1000 + 30 * scale / 100
            if rows.count < count { rows.append(row(.fee, -fee, id: id + ":fee", at: instant)) }
            if rows.count < count && rng.chance(30) {
                rows.append(row(.tip, Int64(rng.int(1...10)) * scale, id: id + ":tip", at: instant + 60))
            }
        }
        emit(rows, ledger: ledger, journal: journal)
    }
}
