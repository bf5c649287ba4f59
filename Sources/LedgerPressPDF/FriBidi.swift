import CFriBidi

/// GNU FriBidi, in-process: the only file that imports `CFriBidi`. The Unicode bidirectional algorithm's
/// embedding levels of a paragraph, from which a line's runs are put in visual order (``TextShaper``).
enum FriBidi {
    /// The embedding level of each scalar of `scalars` (even: left to right, odd: right to left); `auto`: the
    /// paragraph's direction from its first strong character, else left to right. Nil when every level would be 0
    /// (no right-to-left character): the common case, found without calling FriBidi.
    static func levels(_ scalars: [UInt32], auto: Bool) -> [UInt8]? {
        guard scalars.contains(where: mayBeRightToLeft) else { return nil }
        let count = Int32(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var base = auto ? ledgerpress_fribidi_par_on() : ledgerpress_fribidi_par_ltr()
        let result = scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, count, &types)
            fribidi_get_bracket_types(text.baseAddress, count, types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &levels)
        }
        guard result > 0 else { return nil }
        return levels.map { UInt8(clamping: Int($0)) }
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms, and the explicit
    /// right-to-left marks, embeddings and isolates.
    static func mayBeRightToLeft(_ scalar: UInt32) -> Bool {
        (0x0590...0x08FF).contains(scalar) || (0xFB1D...0xFDFF).contains(scalar) || (0xFE70...0xFEFF).contains(scalar)
            || scalar == 0x200F || scalar == 0x202B || scalar == 0x202E || scalar == 0x2067
            || (0x10800...0x10FFF).contains(scalar) || (0x1E800...0x1EFFF).contains(scalar)
    }
}
