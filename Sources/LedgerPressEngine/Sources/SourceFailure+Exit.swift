import LedgerPressImport

extension SourceFailure {
    /// The sysexits reason a run that could not read this source stops with.
    public var exit: BuildStop.Reason {
        switch self {
        case .unreadable: return .ioError
        case .unavailable: return .unavailable
        case .mismatch: return .dataError
        case .missing, .folder, .notRegular, .absent: return .noInput
        }
    }
}
