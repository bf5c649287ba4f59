/// What the GSUB and GPOS lookups of a shaping plan can do to a word made only of some glyphs (``FontFace``'s plain
/// characters: letters, figures, punctuation, never a mark), read from the tables' bytes: which of the glyphs a
/// lookup may substitute or move in a way a word's pairs do not show, and which pairs of them start a ligature.
///
/// A lookup is understood when it is one of these; any other lookup excludes the glyphs it takes as input:
/// - a contextual substitution by classes (GSUB type 6, format 2) none of whose rules can match such a word: some
///   position of each rule (before, in or after its input) asks for a class none of the glyphs has (DejaVu's
///   dotless i and j before a mark above);
/// - a ligature substitution (GSUB type 4): a word in which a ligature's first glyph is followed by its first other
///   component is not set plainly (DejaVu's ff, fi, fl);
/// - a pair adjustment (GPOS type 2) that moves only the first glyph of a pair (value format 2 empty): kerning,
///   which the word's pairs, shaped one by one, measure;
/// - a mark attachment (GPOS types 4, 5, 6) whose marks are none of the glyphs: it acts only where a mark follows.
///
/// Extension lookups (GSUB type 7, GPOS type 9) are read through. Offsets outside the table make the lookup not
/// understood.
struct OpenTypeLayout {
    /// What the lookups allow: glyphs no lookup of the plan may act on beyond kerning (`excluded` are the others),
    /// and pairs (first glyph, next glyph) that may start a ligature.
    struct Effects: Equatable {
        var excluded: Set<UInt32> = []
        var ligaturePairs: Set<Pair> = []
    }

    struct Pair: Hashable {
        var first: UInt32
        var second: UInt32
    }

    private let bytes: [UInt8]
    private let isPositioning: Bool

    /// A GSUB (`isPositioning` false) or GPOS table's bytes.
    init(table bytes: [UInt8], isPositioning: Bool) {
        self.bytes = bytes
        self.isPositioning = isPositioning
    }

    /// The effects of `lookups` (indexes into the table's lookup list) on words made of `glyphs`; `input(lookup)`:
    /// the glyphs a lookup takes as input (HarfBuzz's `hb_ot_layout_lookup_collect_glyphs`), for those not understood.
    func effects(lookups: [Int], glyphs: Set<UInt32>, input: (Int) -> Set<UInt32>) -> Effects {
        var effects = Effects()
        for lookup in lookups {
            if let pairs = understood(lookup, glyphs: glyphs) {
                effects.ligaturePairs.formUnion(pairs)
            } else {
                effects.excluded.formUnion(input(lookup).intersection(glyphs))
            }
        }
        return effects
    }

    /// The ligature pairs of `lookup` among `glyphs` when it is understood (empty for a lookup that cannot act on
    /// such a word or that only kerns), nil when it is not.
    private func understood(_ lookup: Int, glyphs: Set<UInt32>) -> Set<Pair>? {
        guard let list = u16(8).map(Int.init), let count = u16(list), lookup < count,
            let offset = u16(list + 2 + 2 * lookup).map({ list + Int($0) }), let type = u16(offset),
            let subtables = u16(offset + 4)
        else { return nil }
        var pairs: Set<Pair> = []
        for index in 0..<Int(subtables) {
            guard var subtable = u16(offset + 6 + 2 * index).map({ offset + Int($0) }) else { return nil }
            var kind = type
            if (isPositioning && type == 9) || (!isPositioning && type == 7) {
                guard let inner = u16(subtable + 2), let far = u32(subtable + 4) else { return nil }
                kind = inner
                subtable += Int(far)
            }
            switch (isPositioning, kind) {
            case (false, 6):
                guard chainCannotMatch(subtable, glyphs: glyphs) else { return nil }
            case (false, 4):
                guard let found = ligaturePairs(subtable, glyphs: glyphs) else { return nil }
                pairs.formUnion(found)
            case (true, 2):
                guard u16(subtable + 6) == 0 else { return nil }
            case (true, 4), (true, 5), (true, 6):
                guard u16(subtable) == 1, let marks = u16(subtable + 2).map({ subtable + Int($0) }),
                    glyphs.allSatisfy({ covered($0, by: marks) == false })
                else { return nil }
            default:
                return nil
            }
        }
        return pairs
    }

    /// Whether a chained contextual substitution by classes (format 2) has no rule that a word of `glyphs` can match.
    private func chainCannotMatch(_ subtable: Int, glyphs: Set<UInt32>) -> Bool {
        guard u16(subtable) == 2, let coverage = u16(subtable + 2).map({ subtable + Int($0) }),
            let backtrackDef = u16(subtable + 4).map({ subtable + Int($0) }),
            let inputDef = u16(subtable + 6).map({ subtable + Int($0) }),
            let lookaheadDef = u16(subtable + 8).map({ subtable + Int($0) }), let sets = u16(subtable + 10)
        else { return false }
        // The classes the glyphs have in each class definition (nil: a definition that could not be read).
        func classes(_ definition: Int) -> Set<UInt16>? {
            var found: Set<UInt16> = []
            for glyph in glyphs {
                guard let value = classOf(glyph, in: definition) else { return nil }
                found.insert(value)
            }
            return found
        }
        guard let backtrack = classes(backtrackDef), let input = classes(inputDef),
            let lookahead = classes(lookaheadDef)
        else { return false }
        // The input classes of glyphs the rules start from (the coverage).
        var starts: Set<UInt16> = []
        for glyph in glyphs {
            guard let isCovered = covered(glyph, by: coverage) else { return false }
            if isCovered, let value = classOf(glyph, in: inputDef) { starts.insert(value) }
        }
        for start in starts where Int(start) < Int(sets) {
            guard let setOffset = u16(subtable + 12 + 2 * Int(start)) else { return false }
            if setOffset == 0 { continue }
            let set = subtable + Int(setOffset)
            guard let rules = u16(set) else { return false }
            for rule in 0..<Int(rules) {
                guard var at = u16(set + 2 + 2 * rule).map({ set + Int($0) }) else { return false }
                var matchable = true
                // Backtrack, input (after its first glyph), lookahead: counts then classes.
                for (part, allowed) in [(0, backtrack), (1, input), (2, lookahead)] {
                    guard let stated = u16(at) else { return false }
                    let count = part == 1 ? max(Int(stated) - 1, 0) : Int(stated)
                    for position in 0..<count {
                        guard let value = u16(at + 2 + 2 * position) else { return false }
                        if !allowed.contains(value) { matchable = false }
                    }
                    at += 2 + 2 * count
                }
                if matchable { return false }
            }
        }
        return true
    }

    /// The pairs (first glyph, first other component) of a ligature substitution's ligatures whose first glyph is
    /// among `glyphs`; nil when the subtable cannot be read or a ligature of one component (a plain substitution)
    /// starts from one of them.
    private func ligaturePairs(_ subtable: Int, glyphs: Set<UInt32>) -> Set<Pair>? {
        guard u16(subtable) == 1, let coverage = u16(subtable + 2).map({ subtable + Int($0) }),
            let sets = u16(subtable + 4)
        else { return nil }
        var pairs: Set<Pair> = []
        for glyph in glyphs {
            guard let index = coverageIndex(glyph, in: coverage) else { return nil }
            guard let position = index, position < Int(sets) else { continue }
            guard let set = u16(subtable + 6 + 2 * position).map({ subtable + Int($0) }), let count = u16(set) else {
                return nil
            }
            for ligature in 0..<Int(count) {
                guard let at = u16(set + 2 + 2 * ligature).map({ set + Int($0) }), let components = u16(at + 2) else {
                    return nil
                }
                guard components >= 2, let second = u16(at + 4) else { return nil }
                pairs.insert(Pair(first: glyph, second: UInt32(second)))
            }
        }
        return pairs
    }

    /// Whether `glyph` is in the coverage table at `offset` (nil: it could not be read).
    private func covered(_ glyph: UInt32, by offset: Int) -> Bool? {
        coverageIndex(glyph, in: offset).map { $0 != nil }
    }

    /// `glyph`'s index in the coverage table at `offset`, `.some(nil)` when it is not covered, nil when the table
    /// could not be read.
    private func coverageIndex(_ glyph: UInt32, in offset: Int) -> Int?? {
        guard let format = u16(offset), let count = u16(offset + 2) else { return nil }
        switch format {
        case 1:
            for index in 0..<Int(count) {
                guard let value = u16(offset + 4 + 2 * index) else { return nil }
                if UInt32(value) == glyph { return .some(index) }
            }
            return .some(nil)
        case 2:
            for index in 0..<Int(count) {
                let range = offset + 4 + 6 * index
                guard let start = u16(range), let end = u16(range + 2), let first = u16(range + 4) else { return nil }
                if UInt32(start)...UInt32(end) ~= glyph { return .some(Int(first) + Int(glyph - UInt32(start))) }
            }
            return .some(nil)
        default:
            return nil
        }
    }

    /// `glyph`'s class in the class definition at `offset` (0 when it is not listed; nil: it could not be read).
    private func classOf(_ glyph: UInt32, in offset: Int) -> UInt16? {
        guard let format = u16(offset) else { return nil }
        switch format {
        case 1:
            guard let start = u16(offset + 2), let count = u16(offset + 4) else { return nil }
            guard glyph >= UInt32(start), glyph < UInt32(start) + UInt32(count) else { return 0 }
            return u16(offset + 6 + 2 * Int(glyph - UInt32(start)))
        case 2:
            guard let count = u16(offset + 2) else { return nil }
            for index in 0..<Int(count) {
                let range = offset + 4 + 6 * index
                guard let start = u16(range), let end = u16(range + 2), let value = u16(range + 4) else { return nil }
                if UInt32(start)...UInt32(end) ~= glyph { return value }
            }
            return 0
        default:
            return nil
        }
    }

    private func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private func u32(_ offset: Int) -> UInt32? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
