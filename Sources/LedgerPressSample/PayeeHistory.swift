import LedgerPressCore

/// One payee's generated history over 2026-09-01 ..< 2027-01-01, exactly `quota` rows.
struct PayeeHistory {
    let payee: SampleGenerator.SamplePayee
    let quota: Int
    let zone: ZoneClock

    init(payee: SampleGenerator.SamplePayee, quota: Int, rng: SplitMix64) {
        self.payee = payee
        self.quota = quota
        zone = ZoneClock(identifier: payee.zone) ?? .utc
    }

    static let start: Int64 = 1_788_220_800  // 2026-09-01T00:00:00Z
    static let end: Int64 = 1_798_761_600  // 2027-01-01T00:00:00Z

    /// The payee's rows in file order: each payout's entries, then the payout (and its reversal).
    func rows(_ rng: inout SplitMix64) -> [SampleRow] {
        var out: [SampleRow] = []
        out.reserveCapacity(quota)
        var written = 0
        var serial = 0
        let span = PayeeHistory.end - PayeeHistory.start
        let step = max(Int64(1), span / Int64(max(1, quota)))
        var time = PayeeHistory.start + Int64(rng.int(0...3600))
        var balance: Int64 = 0
        var unpaid: [SampleRow] = []
        var payoutCount = 0
        var nextPayout = PayeeHistory.start + 7 * 86_400
        let scale = payee.currency.minorUnitsPerMajor
        let isDriver = payee.type == .driver

        let unit = payee.zone.hasPrefix("America/") ? "mi" : "km"
        func emit(
            _ kind: EntryKind, _ amount: Int64, id: String, reference: String = "", description: String = "",
            payoutID: String = "", status: String = "", at instant: Int64
        ) {
            guard written < quota else { return }
            var row = SampleRow(
                id: id, occurredAt: Timestamp.format(epochSeconds: instant, offsetSeconds: zone.offset(at: instant)),
                payee: payee, kind: kind, amount: amount, lowerCaseCode: rng.chance(5), reference: reference,
                description: description, payoutID: payoutID, status: status)
            // Issue 50, made from values already drawn (the random stream, and so every other value, is unchanged):
            // a driver's job's distance (all but one job in ten), a payout's arrival two days later (two in three).
            if kind == .earning && isDriver && serial % 10 != 0 {
                let thousandths = (amount / max(1, scale / 100)) % 40_000 * 7 + 500
                row.distance = Distance.plain(thousandths)
                row.distanceUnit = unit
            }
            if kind == .payout && amount < 0 && serial % 3 != 0 {
                let arrives = instant + 2 * 86_400
                row.arrival = String(
                    Timestamp.format(epochSeconds: arrives, offsetSeconds: zone.offset(at: arrives)).prefix(10))
            }
            written += 1
            if kind != .payout {
                balance += amount
                unpaid.append(row)
            } else {
                out.append(row)
            }
        }
        /// Hands on the rows held since the last payout, linked to `payoutID` when given.
        func flush(payoutID: String, status: String) {
            for var row in unpaid {
                row.payoutID = payoutID
                row.status = status
                out.append(row)
            }
            unpaid.removeAll()
        }

        while written < quota {
            time += Int64(rng.int(Int(step / 2)...Int(step * 3 / 2)))
            if time >= PayeeHistory.end { time = PayeeHistory.end - Int64(rng.int(1...86_000)) }
            if time >= nextPayout && balance > 0 && quota - written >= 2 {
                serial += 1
                payoutCount += 1
                let payoutID = "po_\(payee.id)_\(payoutCount)"
                let age = PayeeHistory.end - nextPayout
                let status = age > 14 * 86_400 ? "paid" : (age > 7 * 86_400 ? "processing" : "pending")
                let failed = status == "paid" && rng.chance(4)
                flush(payoutID: payoutID, status: failed ? "failed" : status)
                emit(
                    .payout, -balance, id: "txn_\(payee.id)_\(serial)_po", payoutID: payoutID,
                    status: failed ? "failed" : status, at: nextPayout)
                if failed {
                    emit(
                        .payout, balance, id: "txn_\(payee.id)_\(serial)_por", description: "Reversal of failed payout",
                        payoutID: payoutID, status: "failed", at: nextPayout + 3600)
                } else {
                    balance = 0
                }
                nextPayout += 7 * 86_400
                continue
            }
            if time >= nextPayout { nextPayout += 7 * 86_400 }
            serial += 1
            let txn = "txn_\(payee.id)_\(serial)"
            let reference = (isDriver ? "job_" : "ch_") + String(serial)
            let description = rng.pick(SampleGenerator.descriptions)
            let price = Int64(rng.int(8...95)) * scale + Int64(rng.int(0...Int(max(0, scale - 1))))
            if rng.chance(4) {
                let amount = Int64(rng.int(1...15)) * scale * (rng.chance(50) ? 1 : -1)
                emit(.adjustment, amount, id: txn, description: "Adjustment: " + description, at: time)
                continue
            }
            if !isDriver && rng.chance(5) {
                emit(.refund, -price, id: txn, reference: reference, description: "Refund " + description, at: time)
                continue
            }
            emit(.earning, price, id: txn, reference: reference, description: description, at: time)
            let fee = isDriver ? price * Int64(rng.int(20...30)) / 100 : price * 29 / 1000 + 30 * scale / 100
            emit(.fee, -fee, id: txn + ":fee", reference: reference, at: time)
            if rng.chance(isDriver ? 40 : 15) {
                emit(.tip, Int64(rng.int(1...10)) * scale, id: txn + ":tip", reference: reference, at: time + 60)
            }
        }
        flush(payoutID: "", status: "")
        return out
    }
}
