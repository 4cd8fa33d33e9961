import AutoLayout
import CHarfBuzz

/// One font file opened with FreeType and shaped with HarfBuzz.
///
/// Advances come in the font's design units (HarfBuzz's OpenType functions at a scale of one unit per
/// unit, so no hinting or rounding) and are scaled to points by the caller: points = units × size ÷
/// unitsPerEm. Shaping only reads the face, so one face serves any number of callers, but callers
/// serialize (`ShapingTextMeasurer` holds the lock of the stripe that opened the face).
final class FontFace {
    private let library: FT_Library
    private let face: FT_Face
    private let font: OpaquePointer
    /// Design units per em (2816 for Inter 4).
    let unitsPerEm: Double
    /// hhea ascender, descender (negative) and line gap, in design units.
    let ascender: Double
    let descender: Double
    let lineGap: Double

    /// Opens the first face of the font file at `path`; nil when FreeType cannot read it.
    init?(path: String) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            return nil
        }
        let record = face.pointee
        guard record.units_per_EM > 0, let font = hb_ft_font_create_referenced(face) else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            return nil
        }
        // HarfBuzz's own OpenType advances instead of FreeType's (which would load every glyph), at
        // one unit per design unit.
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(record.units_per_EM), Int32(record.units_per_EM))
        self.library = library
        self.face = face
        self.font = font
        unitsPerEm = Double(record.units_per_EM)
        ascender = Double(record.ascender)
        descender = Double(record.descender)
        // FreeType's `height` is the baseline-to-baseline distance: ascender − descender + line gap.
        lineGap = max(0, Double(record.height) - Double(record.ascender) + Double(record.descender))
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The metrics at `size` points.
    func metrics(size: Double) -> FontMetrics {
        let scale = size / unitsPerEm
        return FontMetrics(ascender: ascender * scale, descender: descender * scale, leading: lineGap * scale)
    }

    /// The advance of each character of `text` in design units: HarfBuzz shapes the whole string
    /// (kerning and contextual forms included) and each glyph's advance goes to the character its
    /// cluster starts at (a ligature's advance to its first character).
    func advances(of text: String) -> [Double] {
        let utf8 = Array(text.utf8)
        var starts: [Int] = []   // UTF-8 offset of each Character
        var offset = 0
        for character in text {
            starts.append(offset)
            offset += character.utf8.count
        }
        guard !utf8.isEmpty, let buffer = hb_buffer_create() else { return Array(repeating: 0, count: starts.count) }
        defer { hb_buffer_destroy(buffer) }
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return Array(repeating: 0, count: starts.count)
        }
        // Index of the Character each UTF-8 offset belongs to.
        var owner = [Int](repeating: 0, count: utf8.count)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : utf8.count
            for byte in start..<end { owner[byte] = index }
        }
        var result = [Double](repeating: 0, count: starts.count)
        for glyph in 0..<Int(count) {
            let cluster = Int(infos[glyph].cluster)
            guard cluster < owner.count else { continue }
            result[owner[cluster]] += Double(positions[glyph].x_advance)
        }
        return result
    }
}
