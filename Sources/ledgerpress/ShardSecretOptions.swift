import ArgumentParser
import Foundation

/// `--shard-secret FILE` (or `LEDGERPRESS_SHARD_SECRET_FILE`), shared by `build --shard` and `merge`: the shard's
/// build seals its manifests and its publish record with an HMAC-SHA256 keyed by the file's bytes
/// (`.ledgerpress-seal` in the shard), and `merge` refuses a shard whose seal this secret does not make. Without
/// it, shards are trusted input. The secret is never printed, reported or written anywhere.
struct ShardSecretOptions: ParsableArguments {
    static let environmentVariable = "LEDGERPRESS_SHARD_SECRET_FILE"

    @Option(
        name: .customLong("shard-secret"),
        help: ArgumentHelp(
            "A file holding a secret (at least 16 bytes; readable by its owner alone) that `build --shard` seals each "
                + "shard with and `merge` checks every shard's seal against. Default: $"
                + "\(ShardSecretOptions.environmentVariable), else no seal (shards are then trusted input).",
            valueName: "file"))
    var shardSecret: String?

    static let option = SecretFileOption(
        flag: "--shard-secret", environmentVariable: environmentVariable, what: "shard secret")

    /// The secret file's path, from the option or else the environment; nil for none.
    func path() throws -> String? { try Self.option.path(given: shardSecret) }

    func validate() throws { _ = try path() }

    /// The secret file, named as an input for the output guard (so a secret inside the output is refused).
    func guardedInputs() throws -> [(String, String)] { try Self.option.guardedInputs(given: shardSecret) }

    /// The secret's bytes (a trailing newline dropped), read by ``Console/readSecret(_:option:)``; nil without one.
    /// Shorter than 16 bytes exits 64 naming the file (never its contents).
    func secret(console: Console) throws -> [UInt8]? {
        guard let path = try path() else { return nil }
        let option = Self.option.source(given: shardSecret)
        var bytes = try console.readSecret(path, option: option)
        if bytes.last == 10 { bytes.removeLast() }
        if bytes.last == 13 { bytes.removeLast() }
        guard bytes.count >= 16 else {
            console.error(["\(path): error: \(option): expected a secret of at least 16 bytes, got \(bytes.count)"])
            throw Exit.usage
        }
        return bytes
    }
}
