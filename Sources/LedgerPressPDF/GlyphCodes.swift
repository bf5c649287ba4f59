/// The codes (CIDs) a document's content streams draw glyphs with, per face: given in the order the glyphs are first
/// drawn (0 stays glyph 0), so that a page can be written before the subsets exist; each font's `CIDToGIDMap` maps
/// them to the subset's glyph ids at the end. With each drawn glyph it keeps its advance, as the content stream
/// rounds it (thousandths of the text size), so that the font is asked once per glyph and document.
struct GlyphCodes {
    /// A drawn glyph's code and rounded advance (`advance` NaN: not drawn yet).
    struct Slot {
        var code: UInt32 = 0
        var advance: Float = .nan
    }

    /// Per face (index = face), per glyph id: its slot (a table as long as the highest glyph id drawn).
    private var slots: [[Slot]] = []
    /// Per face, the glyph of each code (index = code).
    private(set) var glyphs: [Int: [UInt32]] = [:]

    mutating func code(face: Int, glyph: UInt32) -> UInt32 {
        slot(face: face, glyph: glyph) { 0 }.code
    }

    /// Glyph `glyph` of face `face`: its code (a new one when it is drawn for the first time) and its advance,
    /// `advance()` when it is drawn for the first time.
    @inline(__always)
    mutating func slot(face: Int, glyph: UInt32, advance: () -> Float) -> Slot {
        let index = Int(glyph)
        if face < slots.count, index < slots[face].count {
            let slot = slots[face][index]
            if !slot.advance.isNaN { return slot }
        }
        return add(face: face, glyph: glyph, advance: advance())
    }

    private mutating func add(face: Int, glyph: UInt32, advance: Float) -> Slot {
        while slots.count <= face { slots.append([]) }
        let index = Int(glyph)
        if index >= slots[face].count {
            slots[face].append(
                contentsOf: repeatElement(Slot(), count: max(index + 1, slots[face].count * 2, 256) - slots[face].count)
            )
        }
        var slot = Slot(code: 0, advance: advance)
        if glyph != 0 {
            slot.code = UInt32(glyphs[face]?.count ?? 1)
            glyphs[face, default: [0]].append(glyph)
        }
        slots[face][index] = slot
        return slot
    }
}
