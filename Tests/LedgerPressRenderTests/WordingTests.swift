import LedgerPressCore
import Testing

@testable import LedgerPressRender

/// Period titles, dates and statuses in each shipped language, with month and weekday names from Foundation.
@Suite struct WordingTests {
    static let strings: StringTables? = try? StringTablesTests.shipped().strings

    static func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    static func titles(_ locale: String) throws -> [String] {
        let words = try #require(strings).wording(for: locale)
        let october14 = try date("2026-10-14")
        return [
            words.title(Period.containing(october14, kind: .month)),
            words.title(Period.containing(october14, kind: .week)),
            words.title(Period.containing(october14, kind: .day)),
            words.title(Period.range(from: try date("2026-10-01"), through: try date("2026-10-15"))),
        ]
    }

    @Test(arguments: [
        ("en_US", ["October 2026", "Week 42, 2026", "Wednesday 14 October 2026", "1 October 2026 to 15 October 2026"]),
        (
            "de_DE",
            ["Oktober 2026", "KW 42, 2026", "Mittwoch, 14. Oktober 2026", "1. Oktober 2026 bis 15. Oktober 2026"]
        ),
        (
            "es_ES",
            [
                "Octubre de 2026", "Semana 42 de 2026", "Miércoles, 14 de octubre de 2026",
                "Del 1 de octubre de 2026 al 15 de octubre de 2026",
            ]
        ),
        (
            "fr_FR",
            ["Octobre 2026", "Semaine 42, 2026", "Mercredi 14 octobre 2026", "Du 1 octobre 2026 au 15 octobre 2026"]
        ),
        // No Japanese table: English words, and English names to go with them.
        ("ja_JP", ["October 2026", "Week 42, 2026", "Wednesday 14 October 2026", "1 October 2026 to 15 October 2026"]),
    ])
    func periodTitlesAreInThePayeesLanguage(_ locale: String, _ expected: [String]) throws {
        #expect(try Self.titles(locale) == expected)
    }

    @Test func namesComeFromTheLocaleItself() throws {
        let strings = try #require(Self.strings)
        // Austrian German says Jänner; the ISO week-year of 2027-01-01 is 2026.
        let january = Period.containing(try Self.date("2027-01-01"), kind: .month)
        #expect(strings.wording(for: "de_AT").title(january) == "Jänner 2027")
        #expect(strings.wording(for: "de_DE").title(january) == "Januar 2027")
        #expect(
            strings.wording(for: "de_DE").title(Period.containing(try Self.date("2027-01-01"), kind: .week))
                == "KW 53, 2026")
        // Running text keeps the month's own case: "Pagado en noviembre de 2026".
        #expect(
            strings.wording(for: "es_ES").fill(
                "paid_in", ["month": strings.wording(for: "es_ES").monthYear(year: 2026, month: 11)])
                == "Pagado en noviembre de 2026")
    }

    @Test func datesAndTimesFollowTheTablesLayout() throws {
        let strings = try #require(Self.strings)
        let time = try #require(RFC3339.parse("2026-10-03T14:22:05-04:00"))
        #expect(strings.wording(for: "en_US").time(time, offset: -14_400) == "2026-10-03 14:22")
        #expect(strings.wording(for: "de_DE").time(time, offset: 7_200) == "03.10.2026 20:22")
        #expect(strings.wording(for: "fr_FR").asOf(time, offset: 7_200) == "03/10/2026 20:22 (UTC+02:00)")
        #expect(strings.wording(for: "es_ES").date(try Self.date("2026-10-03")) == "03/10/2026")
        #expect(strings.wording(for: "en_US").date(try Self.date("2026-10-03")) == "2026-10-03")
    }

    @Test func payoutStatusesAreTranslated() throws {
        let strings = try #require(Self.strings)
        let german = strings.wording(for: "de_DE")
        #expect(
            PayoutStatus.allCases.map(german.status) == ["Ausstehend", "In Bearbeitung", "Bezahlt", "Fehlgeschlagen"])
        #expect(german.status(nil) == "Unbekannt")
        #expect(strings.wording(for: "en_US").status(.processing) == "Processing")
        #expect(strings.wording(for: "es_ES").status(.paid) == "Pagado")
        #expect(strings.wording(for: "fr_FR").status(.pending) == "En attente")
    }
}
