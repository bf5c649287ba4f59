import CHarfBuzz
import Synchronization

/// HarfBuzz and hb-subset, in-process: the only file that imports `CHarfBuzz`. A font file loaded once per engine,
/// shaped from any thread (HarfBuzz's faces and fonts are read-only once made), and cut down to the glyphs a
/// document uses.
final class FontFace: @unchecked Sendable {
    /// The PostScript name (`DejaVuSans`), the base of the PDF font's name.
    let name: String
    let unitsPerEm: Int32
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    /// The face with hb-subset's tables and maps worked out once (`hb_subset_preprocess`), as an address (0: it
    /// could not be made); made by the face's first subset. A subset starts from it when no other subset is using
    /// it, else from the face itself (the same bytes, slower): HarfBuzz 6.0.0 (Debian 12's) guards the preprocessed
    /// face's table cache with a lock that it releases at once (a temporary `hb_lock_t`, fixed in 7.2.0 by commit
    /// 79233a1, "[subset] fix incorrectly specified lock"), so two threads must not subset from it at once. One per
    /// font, not one per thread: each costs megabytes.
    private let preprocessed = Mutex<Int?>(nil)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One glyph of shaped text: its id in the whole font, the index of the first scalar of its cluster, and its
    /// advance and offsets in font units.
    struct Glyph {
        var id: UInt32
        var cluster: UInt32
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// The font at `path` (a TrueType file), named `name` in PDFs.
    init(path: String, name: String) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw Failure(description: "\(path): expected a font file (install it with `make deps`)")
        }
        guard let face = hb_face_create(blob, 0), hb_face_get_glyph_count(face) > 1 else {
            hb_blob_destroy(blob)
            throw Failure(description: "\(path): HarfBuzz found no glyphs in it (expected a TrueType font)")
        }
        hb_face_make_immutable(face)
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw Failure(description: "\(path): HarfBuzz could not make a font of it")
        }
        hb_font_make_immutable(font)
        self.blob = blob
        self.face = face
        self.font = font
        self.name = name
        unitsPerEm = Int32(hb_face_get_upem(face))
    }

    deinit {
        preprocessed.withLock { address in
            if let address, address != 0 { hb_face_destroy(OpaquePointer(bitPattern: address)) }
        }
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// Whether the font has a glyph of its own for `scalar`.
    func covers(_ scalar: UInt32) -> Bool { nominalGlyph(scalar) != nil }

    /// The font's own glyph for `scalar` (nil when it has none).
    func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 && glyph != 0 ? glyph : nil
    }

    /// The horizontal advance of glyph `id`, in font units.
    func advance(_ id: UInt32) -> Int32 { hb_font_get_glyph_h_advance(font, id) }

    /// The glyphs of `scalars[range]` (the rest of `scalars` is context) in visual order, right to left when
    /// `rightToLeft`, in the script and language HarfBuzz guesses for them unless `properties` gives them; clusters
    /// are indexes into `scalars`.
    func shape(
        _ scalars: [UInt32], _ range: Range<Int>, rightToLeft: Bool, buffer: ShapingBuffer,
        properties: hb_segment_properties_t? = nil
    ) -> [Glyph] {
        let handle = buffer.handle
        hb_buffer_clear_contents(handle)
        scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(
                handle, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        }
        if var properties {
            hb_buffer_set_segment_properties(handle, &properties)
        } else {
            hb_buffer_set_direction(handle, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(handle)
        }
        hb_shape(font, handle, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(handle, &count),
            let positions = hb_buffer_get_glyph_positions(handle, &count)
        else { return [] }
        return (0..<Int(count)).map { index in
            Glyph(
                id: infos[index].codepoint, cluster: infos[index].cluster, advance: positions[index].x_advance,
                xOffset: positions[index].x_offset, yOffset: positions[index].y_offset)
        }
    }

    /// A character the face sets plainly: its own glyph, at that glyph's advance, with no offset.
    struct PlainGlyph: Sendable {
        var id: UInt32
        var advance: Int32
    }

    /// The characters a face sets plainly in words of one script, with the kerning of each pair of them
    /// (``plainGlyphs(_:probe:buffer:)``).
    struct PlainGlyphs {
        var glyphs: [UInt32: PlainGlyph] = [:]
        /// What HarfBuzz adds to the first character's advance, per pair (scalars) that kerns.
        var kerning: [OpenTypeLayout.Pair: Int32] = [:]
        /// Pairs (scalars) that may start a ligature: a word holding one is shaped by HarfBuzz.
        var ligatures: Set<OpenTypeLayout.Pair> = []
    }

    /// Those of `candidates` that HarfBuzz sets plainly in this face, left to right, in words whose script is the
    /// one HarfBuzz guesses for `probe` (Common for figures and punctuation, Latin for a word with a letter): each
    /// character its own glyph, each glyph at its advance plus the kerning of the pair it starts, no offset, each a
    /// cluster of its own, whatever plain characters stand beside it. Proved in two steps. First, the shaping
    /// plan's lookups, read from the GSUB and GPOS tables (``OpenTypeLayout``): none may act on such a word beyond
    /// kerning (pair adjustments of the first glyph) and the ligatures, whose first pairs are set aside. Second,
    /// what HarfBuzz gives for each character alone and for each other pair, which measures the kerning. A word of
    /// them (an amount, a date, an id, most words of a description) gives HarfBuzz's glyphs and positions without
    /// shaping (``TextShaper``).
    func plainGlyphs(_ candidates: [UInt32], probe: UInt32, buffer: ShapingBuffer) -> PlainGlyphs {
        var result = PlainGlyphs()
        var plain: [UInt32: PlainGlyph] = [:]
        // A mark may be skipped by a lookup that ignores marks (kerning across it): never plain.
        for scalar in candidates {
            if let id = nominalGlyph(scalar), hb_ot_layout_get_glyph_class(face, id) != HB_OT_LAYOUT_GLYPH_CLASS_MARK {
                plain[scalar] = PlainGlyph(id: id, advance: advance(id))
            }
        }
        // The plan HarfBuzz makes for such words: the segment properties it guesses for the probe, left to right.
        let handle = buffer.handle
        hb_buffer_clear_contents(handle)
        var text = [probe]
        hb_buffer_add_utf32(handle, &text, 1, 0, 1)
        hb_buffer_set_direction(handle, HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(handle)
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(handle, &properties)
        guard let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil),
            let lookups = hb_set_create(), let input = hb_set_create()
        else { return result }
        defer {
            hb_set_destroy(input)
            hb_set_destroy(lookups)
            hb_shape_plan_destroy(plan)
        }
        var ligatures: Set<OpenTypeLayout.Pair> = []
        for name in ["GSUB", "GPOS"] {
            let tag = name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            hb_set_clear(lookups)
            hb_ot_shape_plan_collect_lookups(plan, tag, lookups)
            var indexes: [Int] = []
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(lookups, &lookup) != 0 { indexes.append(Int(lookup)) }
            let layout = OpenTypeLayout(table: table(tag), isPositioning: name == "GPOS")
            let effects = layout.effects(lookups: indexes, glyphs: Set(plain.values.map(\.id))) { index in
                hb_set_clear(input)
                hb_ot_layout_lookup_collect_glyphs(face, tag, UInt32(index), nil, input, nil, nil)
                var glyphs: Set<UInt32> = []
                var glyph = UInt32.max
                while hb_set_next(input, &glyph) != 0 { glyphs.insert(glyph) }
                return glyphs
            }
            plain = plain.filter { !effects.excluded.contains($0.value.id) }
            ligatures.formUnion(effects.ligaturePairs)
        }
        // What HarfBuzz gives, checked: each character alone, and every pair but those that may start a ligature.
        let scalars = plain.keys.sorted()
        func shaped(_ text: [UInt32]) -> [Glyph]? {
            let glyphs = shape(text, 0..<text.count, rightToLeft: false, buffer: buffer, properties: properties)
            return glyphs.count == text.count ? glyphs : nil
        }
        /// Whether `glyph` is `scalar`'s own at `position`, unmoved, at its advance plus `kerning`.
        func isOwn(_ glyph: Glyph, _ scalar: UInt32, at position: Int, kerning: Int32 = 0) -> Bool {
            guard let own = plain[scalar] else { return false }
            return glyph.id == own.id && glyph.advance == own.advance + kerning && glyph.xOffset == 0
                && glyph.yOffset == 0 && glyph.cluster == UInt32(position)
        }
        let alone = Set(scalars.filter { scalar in shaped([scalar]).map { isOwn($0[0], scalar, at: 0) } ?? false })
        var kept = alone
        for first in scalars where alone.contains(first) {
            for second in scalars where alone.contains(second) {
                guard let firstGlyph = plain[first], let secondGlyph = plain[second] else { continue }
                if ligatures.contains(OpenTypeLayout.Pair(first: firstGlyph.id, second: secondGlyph.id)) {
                    result.ligatures.insert(OpenTypeLayout.Pair(first: first, second: second))
                    continue
                }
                guard let glyphs = shaped([first, second]) else {
                    kept.subtract([first, second])
                    continue
                }
                let kerning = glyphs[0].advance - firstGlyph.advance
                if isOwn(glyphs[0], first, at: 0, kerning: kerning), isOwn(glyphs[1], second, at: 1) {
                    if kerning != 0 { result.kerning[OpenTypeLayout.Pair(first: first, second: second)] = kerning }
                } else {
                    kept.subtract([first, second])
                }
            }
        }
        result.glyphs = plain.filter { kept.contains($0.key) }
        result.kerning = result.kerning.filter { kept.contains($0.key.first) && kept.contains($0.key.second) }
        result.ligatures = result.ligatures.filter { kept.contains($0.first) && kept.contains($0.second) }
        return result
    }

    /// The bytes of the font's table `tag` (empty when it has none).
    private func table(_ tag: UInt32) -> [UInt8] {
        guard let blob = hb_face_reference_table(face, tag) else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// The font cut down to `glyphs` (glyph 0 is always kept) by hb-subset, without hinting, and each kept glyph's
    /// new id; `preprocessed`: from the preprocessed face when it is free (``preprocessed``), else from the face
    /// itself (the same bytes, slower).
    func subset(_ glyphs: [UInt32], preprocessed usePreprocessed: Bool = true) throws -> (
        font: [UInt8], ids: [UInt32: UInt32]
    ) {
        if usePreprocessed {
            let face = self.face
            let attempt: Result<(font: [UInt8], ids: [UInt32: UInt32]), any Error>?? = preprocessed.withLockIfAvailable
            { address in
                if address == nil {
                    // On failure hb_subset_preprocess gives the face itself back (not a new face).
                    let made = hb_subset_preprocess(face)
                    address = made == nil || made == face ? 0 : Int(bitPattern: made)
                }
                guard let address, address != 0, let source = OpaquePointer(bitPattern: address) else { return nil }
                return Result { try self.cut(glyphs, from: source) }
            }
            if let attempt = attempt ?? nil { return try attempt.get() }
        }
        return try cut(glyphs, from: face)
    }

    /// The tables a subset leaves out besides hb-subset's own defaults: the layout tables (a PDF draws glyphs
    /// already shaped; subsetting them costs about four fifths of a subset's time and they would make a fifth of its
    /// bytes) and device and hinting data no PDF reader uses.
    static let droppedTables: [UInt32] = [
        "GSUB", "GPOS", "GDEF", "kern", "BASE", "JSTF", "MATH", "morx", "mort",
        "hdmx", "VDMX", "LTSH", "gasp", "DSIG", "FFTM",
    ].map { name in
        name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// ``subset(_:preprocessed:)`` from `source`: the face or its preprocessed copy.
    private func cut(_ glyphs: [UInt32], from source: OpaquePointer) throws -> (font: [UInt8], ids: [UInt32: UInt32]) {
        guard let input = hb_subset_input_create_or_fail() else {
            throw Failure(description: "hb-subset could not start a subset of \(name)")
        }
        defer { hb_subset_input_destroy(input) }
        let set = hb_subset_input_glyph_set(input)
        for glyph in glyphs { hb_set_add(set, glyph) }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for tag in FontFace.droppedTables { hb_set_add(dropped, tag) }
        guard let plan = hb_subset_plan_create_or_fail(source, input) else {
            throw Failure(description: "hb-subset could not plan a subset of \(name)")
        }
        defer { hb_subset_plan_destroy(plan) }
        let mapping = hb_subset_plan_old_to_new_glyph_mapping(plan)
        var ids: [UInt32: UInt32] = [:]
        for glyph in glyphs + [0] {
            let new = hb_map_get(mapping, glyph)
            guard new != UInt32.max else { throw Failure(description: "hb-subset dropped glyph \(glyph) of \(name)") }
            ids[glyph] = new
        }
        guard let subsetFace = hb_subset_plan_execute_or_fail(plan) else {
            throw Failure(description: "hb-subset could not cut \(name) down to \(glyphs.count) glyphs")
        }
        defer { hb_face_destroy(subsetFace) }
        guard let subsetBlob = hb_face_reference_blob(subsetFace) else {
            throw Failure(description: "hb-subset gave no bytes for \(name)")
        }
        defer { hb_blob_destroy(subsetBlob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(subsetBlob, &length), length > 0 else {
            throw Failure(description: "hb-subset gave no bytes for \(name)")
        }
        let bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
        return (bytes, ids)
    }

    /// The font's ascender and descender (a negative number), in font units.
    var extents: (ascender: Int32, descender: Int32) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        return (extents.ascender, extents.descender)
    }
}

/// A HarfBuzz buffer, one per document being laid out (buffers are not shared across threads).
final class ShapingBuffer {
    let handle: OpaquePointer

    init() throws {
        guard let made = hb_buffer_create(), hb_buffer_allocation_successful(made) != 0 else {
            throw FontFace.Failure(description: "HarfBuzz could not allocate a buffer")
        }
        handle = made
    }

    deinit { hb_buffer_destroy(handle) }
}
