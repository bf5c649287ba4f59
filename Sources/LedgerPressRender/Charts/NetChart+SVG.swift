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
    static let viewBox = "0 0 \(width) \(height)"

    /// The `<figure>`: a visible caption, the SVG (`role="img"`, labelled by the caption and its `<desc>`, with
    /// the title as its `<title>` too), and a visually hidden table of every day's figure and the total.
    /// `days` holds each day's date and figure, HTML-escaped, in the order of ``days``.
    func html(money: (Int64) -> String, words: ChartWords, days texts: [(date: String, net: String)]) -> String {
        let title = HTMLText.escape(words.title)
        var out = ByteText(capacity: 1024 + 240 * days.count)
        out.append(
            "<figure class=\"chart\" id=\"", id, "\">\n<figcaption id=\"", id, "-caption\">", title, "</figcaption>\n",
            "<svg viewBox=\"", NetChart.viewBox, "\" width=\"100%\" role=\"img\" aria-labelledby=\"", id, "-caption ",
            id, "-desc\">\n")
        // No id on <title>: validators that read it as HTML's <title> refuse one; the caption names the image.
        out.append(
            "<title>", title, "</title>\n<desc id=\"", id, "-desc\">", HTMLText.escape(words.description), "</desc>\n")
        svgBody(into: &out, money: money, days: texts)
        out.append(
            "</svg>\n<table class=\"sr-only\">\n<caption>", title, "</caption>\n<thead><tr><th scope=\"col\">",
            HTMLText.escape(words.labels.day), "</th><th scope=\"col\" class=\"num\">",
            HTMLText.escape(words.labels.net), "</th></tr></thead>\n<tbody>\n")
        for text in texts {
            out.append("<tr><th scope=\"row\">", text.date, "</th><td class=\"num\">", text.net, "</td></tr>\n")
        }
        out.append(
            "</tbody>\n<tfoot><tr><th scope=\"row\">", HTMLText.escape(words.labels.total), "</th><td class=\"num\">",
            HTMLText.escape(money(total)), "</td></tr></tfoot>\n</table>\n</figure>")
        return out.string
    }

    /// ``svgBody(into:money:days:)`` as a string.
    func svgBody(money: (Int64) -> String, days texts: [(date: String, net: String)]) -> String {
        var out = ByteText(capacity: 512 + 160 * days.count)
        svgBody(into: &out, money: money, days: texts)
        return out.string
    }

    /// Grid lines with the highest and lowest day's figure, the zero line, one bar per day (its date and
    /// figure in a `<title>`, from `texts`: each day's date and figure, HTML-escaped), and the day numbers.
    func svgBody(into out: inout ByteText, money: (Int64) -> String, days texts: [(date: String, net: String)]) {
        let (high, low) = range
        let zero = zeroLine(high: high, low: low)
        if high > 0 {
            NetChart.rule(&out, "grid", at: NetChart.plotTop)
            out += "<text class=\"value\""
            out.attributes(("x", NetChart.plotLeft), ("y", NetChart.plotTop - 6))
            out.append(">", HTMLText.escape(money(high)), "</text>\n")
        }
        if low < 0 {
            NetChart.rule(&out, "grid", at: NetChart.plotBottom)
            out += "<text class=\"value\""
            out.attributes(("x", NetChart.plotLeft), ("y", NetChart.plotBottom + 18))
            out.append(">", HTMLText.escape(money(low)), "</text>\n")
        }
        let slot = NetChart.plotWidth / days.count
        let start = NetChart.plotLeft + (NetChart.plotWidth - slot * days.count) / 2
        let barWidth = max(2, slot * 3 / 5)
        for (i, day) in days.enumerated() {
            let x = start + i * slot + (slot - barWidth) / 2
            let size = barHeight(day.net, high: high, low: low, zero: zero)
            let y = day.net > 0 ? zero - size : zero
            out +=
                day.net > 0
                ? "<rect class=\"bar-pos\"" : day.net < 0 ? "<rect class=\"bar-neg\"" : "<rect class=\"bar-zero\""
            out.attributes(("x", x), ("y", y), ("width", barWidth), ("height", size))
            out.append("><title>", texts[i].date, ": ", texts[i].net, "</title></rect>\n")
        }
        NetChart.rule(&out, "zero", at: zero)
        let thinned: Bool
        switch kind {
        case .day, .week: thinned = false
        case .month, .year, .range: thinned = true
        }
        for (i, day) in days.enumerated() {
            // On a month, every other number can be hidden on a narrow screen (`.minor`).
            let minor = thinned && i % 2 == 1
            out += minor ? "<text class=\"day minor\"" : "<text class=\"day\""
            out.attributes(("x", start + i * slot + slot / 2), ("y", NetChart.height - 8))
            out += " text-anchor=\"middle\">"
            out += day.date.day
            out += "</text>\n"
        }
    }

    /// A horizontal line across the plot.
    static func rule(_ out: inout ByteText, _ kind: String, at y: Int) {
        out.append("<line class=\"", kind, "\"")
        out.attributes(("x1", plotLeft), ("y1", y), ("x2", plotLeft + plotWidth), ("y2", y))
        out += "/>\n"
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
