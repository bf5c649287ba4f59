import LedgerPressCore

/// The chart drawn as an inline SVG bar chart, with the same figures in a table for screen readers.
///
/// > Note: integer coordinates in a fixed 720 × 280 viewBox (the page scales it to its width); colours and
/// > sizes come from classes in `style.css` (no `style` attribute, no `<style>`, no script, no link). Every
/// > word and figure goes through ``HTMLText``.
extension NetChart {
    static let width = 720
    static let height = 280
    static let plotLeft = 8
    static let plotWidth = 704
    static let plotTop = 24
    static let plotBottom = 222

    /// The `<figure>`: a visible caption, the SVG (`role="img"`, labelled by the caption and its `<desc>`, with
    /// the title as its `<title>` too), and a visually hidden table of every day's figure and the total.
    /// `days` holds each day's date and figure, HTML-escaped, in the order of ``days``.
    func html(money: (Int64) -> String, words: ChartWords, days texts: [(date: String, net: String)]) -> String {
        let title = HTMLText.escape(words.title)
        var out = "<figure class=\"chart\" id=\"\(id)\">\n<figcaption id=\"\(id)-caption\">\(title)</figcaption>\n"
        out += "<svg viewBox=\"0 0 \(NetChart.width) \(NetChart.height)\" width=\"100%\" role=\"img\" "
        out += "aria-labelledby=\"\(id)-caption \(id)-desc\">\n"
        // No id on <title>: validators that read it as HTML's <title> refuse one; the caption names the image.
        out += "<title>\(title)</title>\n"
        out += "<desc id=\"\(id)-desc\">\(HTMLText.escape(words.description))</desc>\n"
        out += svgBody(money: money, days: texts)
        out += "</svg>\n<table class=\"sr-only\">\n<caption>\(title)</caption>\n"
        out += "<thead><tr><th scope=\"col\">\(HTMLText.escape(words.labels.day))</th>"
        out += "<th scope=\"col\" class=\"num\">\(HTMLText.escape(words.labels.net))</th></tr></thead>\n<tbody>\n"
        for text in texts {
            out += "<tr><th scope=\"row\">\(text.date)</th><td class=\"num\">\(text.net)</td></tr>\n"
        }
        out += "</tbody>\n<tfoot><tr><th scope=\"row\">\(HTMLText.escape(words.labels.total))</th>"
        out += "<td class=\"num\">\(HTMLText.escape(money(total)))</td></tr></tfoot>\n</table>\n</figure>"
        return out
    }

    /// Grid lines with the highest and lowest day's figure, the zero line, one bar per day (its date and
    /// figure in a `<title>`, from `texts`: each day's date and figure, HTML-escaped), and the day numbers.
    func svgBody(money: (Int64) -> String, days texts: [(date: String, net: String)]) -> String {
        let (high, low) = range
        let zero = zeroLine(high: high, low: low)
        var out = ""
        if high > 0 {
            out += NetChart.rule("grid", at: NetChart.plotTop)
            out += "<text class=\"value\" x=\"\(NetChart.plotLeft)\" y=\"\(NetChart.plotTop - 6)\">"
            out += HTMLText.escape(money(high)) + "</text>\n"
        }
        if low < 0 {
            out += NetChart.rule("grid", at: NetChart.plotBottom)
            out += "<text class=\"value\" x=\"\(NetChart.plotLeft)\" y=\"\(NetChart.plotBottom + 18)\">"
            out += HTMLText.escape(money(low)) + "</text>\n"
        }
        let slot = NetChart.plotWidth / days.count
        let start = NetChart.plotLeft + (NetChart.plotWidth - slot * days.count) / 2
        let barWidth = max(2, slot * 3 / 5)
        for (i, day) in days.enumerated() {
            let x = start + i * slot + (slot - barWidth) / 2
            let size = barHeight(day.net, high: high, low: low, zero: zero)
            let y = day.net > 0 ? zero - size : zero
            let kind = day.net > 0 ? "bar-pos" : day.net < 0 ? "bar-neg" : "bar-zero"
            out += "<rect class=\"\(kind)\" x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(size)\">"
            out += "<title>\(texts[i].date): \(texts[i].net)</title></rect>\n"
        }
        out += NetChart.rule("zero", at: zero)
        for (i, day) in days.enumerated() {
            // On a month, every other number can be hidden on a narrow screen (`.minor`).
            let minor = kind == .month && i % 2 == 1
            let x = start + i * slot + slot / 2
            out += "<text class=\"\(minor ? "day minor" : "day")\" x=\"\(x)\" y=\"\(NetChart.height - 8)\" "
            out += "text-anchor=\"middle\">\(day.date.day)</text>\n"
        }
        return out
    }

    /// A horizontal line across the plot.
    static func rule(_ kind: String, at y: Int) -> String {
        "<line class=\"\(kind)\" x1=\"\(plotLeft)\" y1=\"\(y)\" x2=\"\(plotLeft + plotWidth)\" y2=\"\(y)\"/>\n"
    }

    /// The y of the zero line: the plot's height split in proportion to the highest and lowest day, leaving
    /// at least one unit to each side that has bars.
    func zeroLine(high: Int64, low: Int64) -> Int {
        let top = NetChart.plotTop
        let bottom = NetChart.plotBottom
        let span = Int128(high) - Int128(low)
        guard span > 0 else { return bottom }
        var zero = top + Int(NetChart.scaled(Int128(high), of: span, to: bottom - top))
        if high > 0 { zero = max(zero, top + 1) }
        if low < 0 { zero = min(zero, bottom - 1) }
        return zero
    }

    /// A bar's height: its share of the plot, rounded, at least 1 for a day that is not 0, within the plot.
    func barHeight(_ net: Int64, high: Int64, low: Int64, zero: Int) -> Int {
        guard net != 0 else { return 0 }
        let span = Int128(high) - Int128(low)
        let size = Int(NetChart.scaled(Int128(net).magnitude, of: span, to: NetChart.plotBottom - NetChart.plotTop))
        let room = net > 0 ? zero - NetChart.plotTop : NetChart.plotBottom - zero
        return min(max(size, 1), room)
    }

    /// `value / span * length`, rounded half up, in 128-bit integers (no overflow, no floating point).
    static func scaled<T: BinaryInteger>(_ value: T, of span: Int128, to length: Int) -> Int128 {
        (2 * Int128(value) * Int128(length) + span) / (2 * span)
    }
}
