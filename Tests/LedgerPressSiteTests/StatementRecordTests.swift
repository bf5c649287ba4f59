// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressSite

/// Statement records keep money: a payee manifest as published (amounts as plain decimals) is read into money
/// once, by either reader, and written back byte for byte; an amount that is not a plain decimal of its
/// currency makes the manifest unreadable.
@Suite struct StatementRecordTests {
    /// A payee manifest as ledgerpress publishes it (and every version before wrote it): a statement revised once
    /// in USD, one in BHD and JPY whose second currency is new in this version (no previous figures).
    static let published = """
        {
          "files" : [

          ],
          "format_version" : 2,
          "key" : "k",
          "payee_id" : "drv_ann",
          "rendered" : [

          ],
          "statements" : [
            {
              "changes" : [
                {
                  "currency" : "USD",
                  "current" : {
                    "closing_balance" : "23.50",
                    "net_activity" : "-67.05"
                  },
                  "previous" : {
                    "closing_balance" : "21.50",
                    "net_activity" : "65.50"
                  }
                }
              ],
              "figures" : {
                "USD" : {
                  "closing_balance" : "23.50",
                  "net_activity" : "-67.05"
                }
              },
              "fingerprint" : "bb13",
              "first_issued_as_of" : "2026-11-12T13:10:00-05:00",
              "payee_id" : "drv_ann",
              "period" : "2026-11",
              "version" : 2
            },
            {
              "changes" : [
                {
                  "currency" : "BHD",
                  "current" : {
                    "closing_balance" : "-92233720368547.758",
                    "net_activity" : "0.001"
                  },
                  "previous" : {
                    "closing_balance" : "9223372036854775.807",
                    "net_activity" : "0.000"
                  }
                },
                {
                  "currency" : "JPY",
                  "current" : {
                    "closing_balance" : "1500",
                    "net_activity" : "-9223372036854775808"
                  }
                }
              ],
              "figures" : {
                "BHD" : {
                  "closing_balance" : "-92233720368547.758",
                  "net_activity" : "0.001"
                },
                "JPY" : {
                  "closing_balance" : "1500",
                  "net_activity" : "-9223372036854775808"
                }
              },
              "fingerprint" : "cc24",
              "first_issued_as_of" : "2026-11-12T13:10:00-05:00",
              "payee_id" : "drv_ann",
              "period" : "2026-W46",
              "version" : 3
            }
          ],
          "tool" : "ledgerpress"
        }
        """

    func fast(_ text: String) throws(JSONCursor.Unexpected) -> PayeeManifest {
        try JSONCursor.decode(Data(text.utf8)) { json throws(JSONCursor.Unexpected) in try PayeeManifest(json: &json) }
    }

    func slow(_ text: String) throws -> PayeeManifest {
        try JSONDecoder().decode(PayeeManifest.self, from: Data(text.utf8))
    }

    static func money(_ minorUnits: Int64, _ code: String) -> Money {
        Money(minorUnits: minorUnits, currency: Currency(code: code)!)
    }

    @Test func aPublishedManifestIsReadIntoMoneyAndWrittenBackByteForByte() throws {
        let manifest = try fast(Self.published)
        #expect(try slow(Self.published) == manifest)
        #expect(manifest.json() == Data((Self.published + "\n").utf8) || manifest.json() == Data(Self.published.utf8))
        let usd = manifest.statements[0]
        #expect(usd.figures["USD"]?.netActivity == Self.money(-6_705, "USD"))
        #expect(usd.changes[0].previous?.closingBalance == Self.money(2_150, "USD"))
        let revision = manifest.statements[1].revision
        #expect(revision.version == 3)
        #expect(revision.changes.map(\.currency.code) == ["BHD", "JPY"])
        #expect(revision.changes[0].current.closingBalance == Self.money(-92_233_720_368_547_758, "BHD"))
        #expect(revision.changes[0].previous?.closingBalance == Self.money(.max, "BHD"))
        #expect(revision.changes[1].current.netActivity == Self.money(.min, "JPY"))
        #expect(revision.changes[1].previous == nil)
    }

    @Test(arguments: [
        ("\"net_activity\" : \"-67.05\"", "\"net_activity\" : \"-67.5\""),
        ("\"net_activity\" : \"-67.05\"", "\"net_activity\" : \"+67.05\""),
        ("\"net_activity\" : \"0.001\"", "\"net_activity\" : \"0.0010\""),
        ("\"closing_balance\" : \"1500\"", "\"closing_balance\" : \"1500.00\""),
        ("\"closing_balance\" : \"21.50\"", "\"closing_balance\" : \"-0.00\""),
        ("\"currency\" : \"USD\"", "\"currency\" : \"usd\""),
        ("\"currency\" : \"USD\"", "\"currency\" : \"XYZ\""),
        ("\"USD\" : {", "\"EURO\" : {"),
    ])
    func anAmountThatIsNotAPlainDecimalMakesTheManifestUnreadable(_ written: String, _ damaged: String) throws {
        let text = Self.published.replacingOccurrences(of: written, with: damaged)
        #expect(text != Self.published)
        #expect(throws: JSONCursor.Unexpected.self) { try fast(text) }
        #expect(throws: DecodingError.self) { try slow(text) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        #expect(throws: PreviousManifest.Unreadable.self) { try PreviousManifest.read(PayeeManifest.self, in: folder) }
    }
}
