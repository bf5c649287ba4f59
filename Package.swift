// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ledgerpress",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ledgerpress", targets: ["ledgerpress"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // libcmark from Debian's libcmark-dev; CommonMark.swift is the only file that imports it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // libqrencode from Debian's libqrencode-dev (the letters' QR codes); QRCode.swift is the only file that imports it.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // HarfBuzz with hb-subset from Debian's libharfbuzz-dev (the native PDFs' shaping and font subsets);
        // HarfBuzz.swift is the only file that imports it.
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz-subset",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // GNU FriBidi from Debian's libfribidi-dev (the visual order of right-to-left runs in native PDFs);
        // FriBidi.swift is the only file that imports it.
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        // libdeflate from Debian's libdeflate-dev (the native PDFs' compressed streams); Deflate.swift is the only
        // file that imports it.
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // Intel's ISA-L (igzip) from Debian's libisal-dev; IGzip.swift is the only file that imports it.
        .systemLibrary(
            name: "CISAL",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"])]
        ),
        // libcurl from Debian's libcurl4-openssl-dev (`send --smtp`: SMTP in-process); CurlSMTP.swift is the only file
        // that imports it.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // libpq from Debian's libpq-dev (the PostgreSQL source, `--source postgresql://...`, in-process); LibPQ.swift is
        // the only file that imports it.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // OpenSSL's libcrypto from Debian's libssl-dev (SHA-256, HMAC-SHA256, Ed25519); LibCrypto.swift is the only
        // file that imports it.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // glibc's <malloc.h> (malloc_trim); SystemMemory.swift is the only file that imports it.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // renameat2(RENAME_EXCHANGE) for the atomic swap of the output folder (not reachable from Swift's Glibc);
        // SiteSwap.swift is the only file that imports it.
        .target(name: "CRenameExchange"),
        // The executable's GNU build ID (dl_iterate_phdr, not reachable from Swift's Glibc): what identifies this
        // build in the payees' keys. ToolIdentity.swift is the only file that imports it.
        .target(name: "CBuildID"),
        // The CPUs in the process's affinity mask (sched_getaffinity, not reachable from Swift's Glibc): how many
        // render workers a run starts. SystemCPUs.swift (and its tests) import it.
        .target(name: "CAffinity"),
        // Ledger storage: fixed-size records in memory and in an unlinked spill file (the only ledger code that touches
        // a file), the spill settings (passed in, never read from the environment here), the storage failure (thrown,
        // exit 74 by the caller). Below Core: it knows bytes, not entries.
        .target(name: "LedgerPressStore"),
        // Pure domain: money, currencies, time, periods, ledger entries, statements. No I/O (the ledger's records are
        // kept by LedgerPressStore; a module that names its types imports it).
        .target(name: "LedgerPressCore", dependencies: ["LedgerPressStore"]),
        // SHA-256, HMAC-SHA256 and Ed25519 as small value types over libcrypto: what the PDF writer, the site
        // (digests, link tokens, shard seals, letters) and the publish module (staged CSVs, checkpoints) hash and
        // sign with. A module of its own so that Core stays
        // free of C libraries and both PDF and Site import it.
        .target(name: "LedgerPressCrypto", dependencies: ["CLibCrypto"]),
        // Bytes -> ledger entries and diagnostics.
        .target(name: "LedgerPressImport", dependencies: ["LedgerPressCore", .product(name: "Yams", package: "Yams")]),
        // Statements -> Markdown -> HTML (cmark), CSV.
        .target(
            name: "LedgerPressRender",
            dependencies: [
                "LedgerPressCore", "CCmark", "CQRencode",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // ledgerpress's own PDF writer (the native engine): shaped text, subset fonts, tagged structure, PDF/A-3b.
        // Release builds leave out Swift's run-time exclusivity checks here: the layout and the writer keep their
        // state in classes and closures, each access to which is checked at run time (about a tenth of a month
        // statement's PDF, in instructions). Debug builds, which the tests run, keep every check.
        .target(
            name: "LedgerPressPDF",
            dependencies: [
                "LedgerPressCore", "LedgerPressRender", "LedgerPressCrypto", "CHarfBuzz", "CFriBidi", "CDeflate", "CISAL",
            ],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // Every write to the output folder, beside it and to the outbox (besides the store's spill file and the PDF
        // engine's temporary folders, nothing else writes files: ArchitectureTests): system-file calls (SystemFile),
        // the staging writer and the spare site (Staging/), the swap, the spare kept and the end of a publish
        // (PublishedSite, PublishRecord, a shard's seal), the lock (OutputLock), the gate (PublishGate), SiteSwap (the
        // only `import CRenameExchange`), the staged site's write-back (EarlyWriteback), the import checkpoint's file
        // (CheckpointFile), `sample`'s files (StreamedFile), the outbox (Maildir, OutboxQueue, MailedPeriods). Site
        // and Engine compute what to write and hand it in as values; Publish never depends on them.
        .target(name: "LedgerPressPublish", dependencies: ["LedgerPressCore", "LedgerPressCrypto", "CRenameExchange"]),
        // Statements -> site files in memory, staged and published through LedgerPressPublish.
        .target(
            name: "LedgerPressSite",
            dependencies: [
                "LedgerPressCore", "LedgerPressImport", "LedgerPressRender", "LedgerPressPDF", "LedgerPressPublish",
                "CMalloc",
                "CAffinity", "CCurl", "LedgerPressCrypto",
            ]
        ),
        // The one API of the executable (SiteBuilder, and the `Engine` entry points of every command): sources ->
        // ledger -> payees -> statements -> published site; merge, verify, verify-letter, send, sample.
        .target(
            name: "LedgerPressEngine",
            dependencies: [
                "LedgerPressCore", "LedgerPressStore", "LedgerPressImport", "LedgerPressRender", "LedgerPressSite",
                "LedgerPressPublish", "LedgerPressPostgres", "LedgerPressSample", "CBuildID",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A PostgreSQL table or view as a ledger source (the import's LedgerSource seam), read through libpq.
        .target(name: "LedgerPressPostgres", dependencies: ["LedgerPressImport", "CLibPQ"]),
        // Deterministic generator of realistic ledgers (`ledgerpress sample`).
        .target(name: "LedgerPressSample", dependencies: ["LedgerPressCore"]),
        .executableTarget(
            name: "ledgerpress",
            // Parsing, printing and exit codes only: everything else through LedgerPressEngine (ArchitectureTests).
            dependencies: [
                "LedgerPressEngine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // jemalloc (Debian's libjemalloc-dev) as the process's malloc: glibc's malloc was a seventh of a full
            // build's CPU (many multi-KB texts made and freed on three threads); see BENCHMARKS.md.
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        // CMalloc: the size of an entry's heap block (malloc_usable_size).
        // What several test targets compare with (a reference written apart from the code it checks).
        .target(name: "LedgerPressTestSupport", dependencies: ["LedgerPressCore"], path: "Tests/TestSupport"),
        .testTarget(name: "LedgerPressStoreTests", dependencies: ["LedgerPressStore"]),
        .testTarget(
            name: "LedgerPressCoreTests",
            dependencies: ["LedgerPressCore", "LedgerPressStore", "CMalloc", "LedgerPressTestSupport"]),
        .testTarget(name: "LedgerPressCryptoTests", dependencies: ["LedgerPressCrypto"]),
        .testTarget(name: "LedgerPressImportTests", dependencies: ["LedgerPressImport"]),
        .testTarget(
            name: "LedgerPressPDFTests",
            dependencies: ["LedgerPressPDF", "LedgerPressRender", "LedgerPressCore", "LedgerPressCrypto"]),
        .testTarget(
            name: "LedgerPressRenderTests",
            dependencies: ["LedgerPressRender", .product(name: "Mustache", package: "swift-mustache")]),  // Mustache: contexts rendered as dictionaries
        .testTarget(
            name: "LedgerPressSiteTests",
            dependencies: [
                "LedgerPressSite", "LedgerPressPublish", "LedgerPressImport", "LedgerPressSample",
                "LedgerPressTestSupport", "CAffinity", "LedgerPressCrypto",
            ]),
        .testTarget(
            name: "LedgerPressEngineTests",
            dependencies: [
                "LedgerPressEngine", "LedgerPressSite", "LedgerPressPublish", "LedgerPressImport", "LedgerPressSample",
                "LedgerPressRender", "LedgerPressPostgres", "LedgerPressTestSupport", "LedgerPressCrypto",
                "LedgerPressStore",
            ]),
        .testTarget(
            name: "EndToEndTests",
            // LedgerPressCrypto: digests and letters' signatures checked (HMAC folder names: by `openssl mac`).
            dependencies: ["ledgerpress", "LedgerPressTestSupport", "LedgerPressCrypto"],
            exclude: ["Fixtures", "Golden"]),
    ]
)
