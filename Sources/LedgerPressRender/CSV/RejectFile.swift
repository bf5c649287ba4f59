import LedgerPressCore

/// The quarantine file of `build --reject-file`: every rejected row verbatim, with where it came from
/// and why. Columns: `file,line,reason,row`. Formula-safe like every CSV the tool writes: the guard
/// prefix is the only change made to a row.
public enum RejectFile {
    public static let header = "file,line,reason,row"

    public static func csv(_ rows: [(file: String, line: Int, reason: String, raw: String)]) -> String {
        var out = header + "\n"
        for row in rows {
            out += CSVCell.row([
                CSVCell.text(row.file), String(row.line), CSVCell.text(row.reason), CSVCell.text(row.raw),
            ])
        }
        return out
    }
}
