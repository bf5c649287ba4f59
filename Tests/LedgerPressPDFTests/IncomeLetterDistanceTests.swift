// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import LedgerPressCore
import LedgerPressRender
import Testing

@testable import LedgerPressPDF

/// Issue 50: the income letter shows "Distance on jobs" for the year to date (the year statement's span), per unit
/// and never converted, in the payee's words: on its page, in its signed figures (only when some job carried a
/// distance, so every letter without one keeps its bytes) and in the native PDF.
@Suite struct IncomeLetterDistanceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let usd = Currency(code: "USD")!
    static let issuedAt = RFC3339.parse("2026-12-01T12:00:00Z")!

    static func entry(_ id: String, _ time: String, _ kind: EntryKind, _ amount: Int64, _ distance: Distance? = nil)
        -> LedgerEntry
    {
        LedgerEntry(
            id: id, occurredAt: RFC3339.parse(time)!, payeeID: "drv_1", payeeType: .driver, kind: kind,
            amount: Money(minorUnits: amount, currency: usd), reference: id, distance: distance,
            source: SourceLocation(file: "letter.csv", line: 2))
    }

    /// Jobs in km and in mi; one of last year (outside the year to date) and one after the issue instant.
    static let entries = [
        entry("e0", "2025-12-30T10:00:00Z", .earning, 1_000, Distance(thousandths: 50_000, unit: .km)),
        entry("e1", "2026-01-02T10:00:00Z", .earning, 1_000, Distance(thousandths: 1_250, unit: .km)),
        entry("e2", "2026-03-02T10:00:00Z", .earning, 1_000, Distance(thousandths: 1_750, unit: .km)),
        entry("f2", "2026-03-02T10:00:00Z", .fee, -100),
        entry("e3", "2026-06-02T10:00:00Z", .earning, 1_000, Distance(thousandths: 19_750, unit: .mi)),
        entry("e4", "2026-11-02T10:00:00Z", .earning, 1_000),
        entry("e5", "2026-12-01T13:00:00Z", .earning, 1_000, Distance(thousandths: 7_000, unit: .mi)),
    ]

    static func pages(_ locale: String) throws -> (IncomeLetterPage, Wording) {
        let templates = try TemplateSet.load(
            defaultsDirectory: repository.appendingPathComponent("Templates").path, overrides: nil)
        let wording = templates.wording(for: locale)
        return (
            IncomeLetterPage(
                templates: templates, wording: wording, formats: MoneyFormats(), footer: "", issuer: nil), wording
        )
    }

    static func letter(_ entries: [LedgerEntry], locale: String = "en_US") throws -> IncomeLetter {
        let payee = Payee(id: "drv_1", type: .driver, name: "Ann", timeZone: "UTC", locale: locale)
        return try IncomeLetter(payee: payee, entries: entries, zone: .utc, issuedAt: issuedAt)
    }

    /// The reference: per unit, the thousandths of the earnings of the issue day's year through the issue instant.
    static func reference(_ entries: [LedgerEntry]) -> [DistanceUnit: Int64] {
        var totals: [DistanceUnit: Int64] = [:]
        for entry in entries where entry.kind == .earning {
            guard let distance = entry.distance else { continue }
            let seconds = entry.occurredAt.epochSeconds
            guard seconds >= RFC3339.parse("2026-01-01T00:00:00Z")!.epochSeconds, seconds <= issuedAt.epochSeconds
            else { continue }
            totals[distance.unit, default: 0] += distance.thousandths
        }
        return totals
    }

    @Test func theYearToDateTotalsEachUnitAndTheSignedFiguresCarryThem() throws {
        let part = try #require(try Self.letter(Self.entries).currencies.first)
        let expected = Self.reference(Self.entries)
        #expect(expected == [.km: 3_000, .mi: 19_750])
        for unit in DistanceUnit.allCases { #expect(part.yearToDateDistance[unit] == expected[unit]) }
        let document = try Self.letter(Self.entries).document(issuer: nil)
        let json = String(decoding: document.bytes, as: UTF8.self)
        #expect(json.contains(#""distance":{"km":3000,"mi":19750}"#), "\(json)")
    }

    @Test func aLetterWithoutDistancesKeepsItsFiguresBytes() throws {
        let plain = Self.entries.map { entry in
            var copy = entry
            copy.distance = nil
            return copy
        }
        let letter = try Self.letter(plain)
        #expect(letter.currencies.first?.yearToDateDistance.isEmpty == true)
        let json = String(decoding: letter.document(issuer: nil).bytes, as: UTF8.self)
        #expect(!json.contains("distance"))
        let (pages, _) = try Self.pages("en_US")
        #expect(!pages.figuresHTML(letter).contains("Distance"))
    }

    @Test(arguments: [
        ("en_US", "Distance on jobs: 3\u{A0}km · 19.75\u{A0}mi"),
        ("de_DE", "Strecke bei Aufträgen: 3\u{A0}km · 19,75\u{A0}mi"),
    ])
    func thePageAndThePDFSayItInThePayeesWords(locale: String, expected: String) throws {
        let letter = try Self.letter(Self.entries, locale: locale)
        let (pages, wording) = try Self.pages(locale)
        let html = pages.figuresHTML(letter)
        let plainHTML = html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        #expect(plainHTML.contains(expected), "\(html)")
        let verification = IncomeLetterPage.Verification(
            sha256: "00", signature: "sig", keyID: "k", fingerprint: "f", keyHref: "k.pub",
            verifyURL: "https://example.test/v", shortURL: "https://example.test/s")
        let print = LetterPrint.document(
            letter, figures: pages.figuresContext(letter), verification: verification, wording: wording, json: [])
        let texts = print.blocks.flatMap { block -> [String] in
            switch block {
            case .paragraph(let parts): [parts.map(\.text).joined()]
            case .list(let items): items.map { $0.map(\.text).joined() }
            default: []
            }
        }
        #expect(texts.contains(expected), "\(texts)")
    }
}
