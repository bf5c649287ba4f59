/// The executable's one API: each command of `ledgerpress` (build, check, merge, verify, verify-letter, send,
/// sample) calls an entry point here, or ``SiteBuilder`` for build and check, and keeps only the parsing of its
/// command line, its printing and its exit codes. The types a command names (options, results, errors) are
/// Engine's own or the typealiases declared in this namespace (``Engine/PeriodKind``, ...).
public enum Engine {}
