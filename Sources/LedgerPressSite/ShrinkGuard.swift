/// How far a run may shrink the published site (`--max-shrink`, `--allow-shrink`): a nightly site only grows
/// as the history does, so a run that publishes no statements, or far fewer than the published site has, is
/// almost always a missing input, a mistyped `--periods` or a wrong `--as-of`; it fails (65) before the swap,
/// and the published site stays as it was.
public struct ShrinkGuard: Sendable, Equatable {
    /// The largest share of the published site's statements a run may drop, in percent (0 to 100).
    public var maxDropPercent: Int

    /// 25 %: dropping a period kind (`day` is about three fifths of a site's statements) or a large part of the
    /// history needs `--allow-shrink`, while payees and periods that come and go in a night stay well under it.
    public static let defaultPercent = 25

    public init(maxDropPercent: Int = ShrinkGuard.defaultPercent) {
        self.maxDropPercent = maxDropPercent
    }

    /// Reads `--max-shrink`: a whole percentage from 0 to 100, with or without `%`.
    public init?(parsing text: String) {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard !digits.isEmpty, digits.utf8.count <= 3, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let percent = Int(digits), percent <= 100
        else { return nil }
        self.init(maxDropPercent: percent)
    }

    /// A drop the guard refuses.
    public struct Drop: Sendable, Equatable, CustomStringConvertible {
        public var published: Int
        public var now: Int
        public var maxDropPercent: Int

        public var description: String {
            let what =
                now == 0
                ? "this run makes no statements"
                : "this run makes \(now) statements where the published site has \(published), a drop of more than \(maxDropPercent) % (--max-shrink)"
            return what
                + "; nothing was published and the site was left as it was. Pass --allow-shrink if a smaller site is meant"
        }
    }

    /// The drop from `published` statements to `now`, when it is more than allowed: none at all is always refused,
    /// but for a shard (`mayBeEmpty`: a shard can hold no payees at all).
    public func check(published: Int, now: Int, mayBeEmpty: Bool = false) -> Drop? {
        if now == 0 && !(mayBeEmpty && published == 0) {
            return Drop(published: published, now: now, maxDropPercent: maxDropPercent)
        }
        guard published > 0, now < published else { return nil }
        // now / published < (100 - max) / 100, in integers.
        guard now * 100 < published * (100 - maxDropPercent) else { return nil }
        return Drop(published: published, now: now, maxDropPercent: maxDropPercent)
    }
}
