"""What is checked on one page loaded in Chromium: console errors, horizontal overflow, tables, and fonts.

Each check returns a list of problems (strings); an empty list is a pass.

The font rule: every piece of text must be drawn with glyphs from a real font. Chromium reports, per
element, the platform fonts it used for that element's own text (CSS.getPlatformFontsForNode); a
character that no font on the system has is drawn as a "tofu" box by the last font tried, which is then
reported as used. So a character counts as rendered only when one of the fonts Chromium reports for its
element has it in its character set (read from fontconfig, `fc-list`). It fails when a character is in
none of them (tofu), when the text holds U+FFFD (a decoding or control-character replacement), when a
web font failed to load, and when the page has text but Chromium used no font at all (no fonts installed).
Whitespace and invisible format characters (Unicode categories Cc, Cf, Zl, Zp, e.g. the bidi isolates
U+2068/U+2069) need no glyph and are not checked.
"""

import bisect
import shutil
import subprocess
import unicodedata

OVERFLOW_JS = r"""(() => {
  const root = document.documentElement, body = document.body;
  const width = root.clientWidth;
  const scrollWidth = Math.max(root.scrollWidth, body ? body.scrollWidth : 0);
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.classList.length ? '.' + [...e.classList].join('.') : '');
  const path = e => { const parts = [];
    for (let n = e; n && n !== body && parts.length < 3; n = n.parentElement) parts.unshift(name(n));
    return parts.join(' > '); };
  const clipped = e => { for (let n = e.parentElement; n && n !== root; n = n.parentElement)
    if (getComputedStyle(n).overflowX !== 'visible') return true; return false; };
  const wide = [];
  if (body && scrollWidth > width) for (const e of [body, ...body.querySelectorAll('*')]) {
    const right = e.getBoundingClientRect().right, parent = e.parentElement.getBoundingClientRect().right;
    if (right > width + 0.5 && parent <= width + 0.5 && !clipped(e))
      wide.push({path: path(e), right: Math.round(right), text: e.textContent.trim().slice(0, 40)});
  }
  wide.sort((a, b) => b.right - a.right);
  const bad = [];
  const walker = document.createTreeWalker(body || root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode())
    if (t.nodeValue.includes('\uFFFD')) bad.push(path(t.parentElement) + ': ' + t.nodeValue.trim().slice(0, 60));
  return {width, scrollWidth, wide: wide.slice(0, 5), replacement: bad.slice(0, 5),
          fontStatus: document.fonts.status,
          fontErrors: [...document.fonts].filter(f => f.status === 'error').map(f => f.family)};
})()"""


# Every table the reader sees (not the charts' visually hidden tables), called with (stress, whole): the width
# it needs at least (its min-content width: every cell wrapped where it may wrap), the width its box gives it,
# the scroll box around it (the nearest ancestor that clips sideways, e.g. div.table-scroll), and whether it
# matches the CSS selector `whole`. With `stress` (print) a whole table is measured twice more, to prove slack
# whatever the fonts: with its type 10 % larger, and set in DejaVu Sans Mono (wider than proportional fonts
# for letters and punctuation); the inline styles that do this are removed again at once.
TABLES_JS = r"""((stress, whole) => {
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.classList.length ? '.' + [...e.classList].join('.') : '');
  const where = t => { const section = t.closest('section[class]');
    const caption = t.caption ? t.caption.textContent.trim().replace(/\s+/g, ' ').slice(0, 40) : '';
    return (section ? name(section) + ' ' : '') + name(t) + (caption ? ' "' + caption + '"' : ''); };
  const minWidth = t => { const old = t.style.getPropertyValue('width'), prio = t.style.getPropertyPriority('width');
    t.style.setProperty('width', 'min-content', 'important');
    const width = t.getBoundingClientRect().width;
    t.style.setProperty('width', old, prio); if (!old) t.style.removeProperty('width');
    return Math.ceil(width); };
  const restyled = (t, property, value) => { t.style.setProperty(property, value, 'important');
    const width = minWidth(t); t.style.removeProperty(property); return width; };
  const tables = [];
  for (const t of document.querySelectorAll('table')) {
    const box = t.getBoundingClientRect();
    if (!t.getClientRects().length || t.closest('.sr-only') || (box.width <= 1 && box.height <= 1)) continue;
    let scroller = null;
    for (let n = t.parentElement; n && n !== document.body; n = n.parentElement)
      if (getComputedStyle(n).overflowX !== 'visible') { scroller = n; break; }
    const container = t.parentElement;
    const cs = getComputedStyle(container);
    const room = container.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const entry = {where: where(t), room: Math.floor(room), min: minWidth(t),
                   scrollWidth: scroller ? scroller.scrollWidth : 0, clientWidth: scroller ? scroller.clientWidth : 0,
                   whole: !!(whole && t.matches(whole))};
    if (stress && entry.whole) {
      const size = parseFloat(getComputedStyle(t).fontSize);
      entry.larger = restyled(t, 'font-size', (size * 1.1) + 'px');
      entry.mono = restyled(t, 'font-family', '"DejaVu Sans Mono", monospace');
    }
    tables.push(entry);
  }
  return {tables};
})"""


def console_problems(events):
    """Errors among a page's console, exception and log events."""
    problems = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            problems.append("console.%s: %s" % (params["type"], text))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            problems.append("uncaught exception: %s" % text)
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            where = " (%s)" % entry["url"] if entry.get("url") else ""
            problems.append("console error [%s]: %s%s" % (entry.get("source", "?"), entry.get("text", ""), where))
    return problems


def layout_problems(state):
    """Horizontal overflow, U+FFFD in the text and web fonts that failed, from OVERFLOW_JS's result."""
    problems = []
    if state["scrollWidth"] > state["width"]:
        culprits = "; ".join("%s (right edge at %dpx: %r)" % (w["path"], w["right"], w["text"])
                             for w in state["wide"]) or "no single element found"
        problems.append("overflow: the page is %dpx wide in a %dpx viewport; sticking out: %s"
                        % (state["scrollWidth"], state["width"], culprits))
    for text in state["replacement"]:
        problems.append("U+FFFD replacement character in the text: %s" % text)
    if state["fontStatus"] != "loaded" or state["fontErrors"]:
        problems.append("fonts: document.fonts is %s; failed: %s"
                        % (state["fontStatus"], ", ".join(state["fontErrors"]) or "none"))
    return problems


def table_problems(state, stress):
    """Tables that must be seen whole (TABLES_JS's `whole`) but scroll sideways or need more width than their
    box has; with `stress` (print) also when their type is 10 % larger or set in DejaVu Sans Mono. Returns
    (problems, note): the note names the tightest whole table's least width against its box."""
    problems, tightest = [], None
    measures = [("min", "")]
    if stress:
        measures += [("larger", " with 10 % larger type"), ("mono", " in DejaVu Sans Mono")]
    for table in state["tables"]:
        if not table["whole"]:
            continue
        if table["clientWidth"] and table["scrollWidth"] > table["clientWidth"]:
            problems.append("table scrolls sideways: %s is %dpx wide in a %dpx box"
                            % (table["where"], table["scrollWidth"], table["clientWidth"]))
        for key, how in measures:
            if table[key] > table["room"]:
                problems.append("table too wide%s: %s needs at least %dpx, its box has %dpx"
                                % (how, table["where"], table[key], table["room"]))
        if tightest is None or max(table[k] for k, _ in measures) / max(table["room"], 1) > \
                max(tightest[k] for k, _ in measures) / max(tightest["room"], 1):
            tightest = table
    if tightest is None:
        return problems, "tables: none whole"
    note = "tables: %d/%dpx" % (tightest["min"], tightest["room"])
    if stress:
        note += " (+10%% type %d, mono %d)" % (tightest["larger"], tightest["mono"])
    return problems, note


def table_semantics_problems(browser, session, selector):
    """Tables that must be seen whole (`selector`) but are no longer tables to assistive technology (a layout
    that turns a table into a grid, as the home's summaries on a phone, must not cost that): each must be a
    `table` in Chromium's accessibility tree, with every th and td a cell, columnheader or rowheader."""
    problems = []
    root = browser.send("DOM.getDocument", {"depth": 0}, session=session)["root"]["nodeId"]
    tables = browser.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector}, session=session)["nodeIds"]
    for node in tables:
        attributes = browser.send("DOM.getAttributes", {"nodeId": node}, session=session)["attributes"]
        name = "table" + "".join("#" + value for key, value in zip(attributes[::2], attributes[1::2]) if key == "id")
        ax = browser.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False},
                          session=session)["nodes"]
        role = ax[0].get("role", {}).get("value") if ax else "none"
        cells = len(browser.send("DOM.querySelectorAll", {"nodeId": node, "selector": "th, td"},
                                 session=session)["nodeIds"])
        roles = sum(len(browser.send("Accessibility.queryAXTree", {"nodeId": node, "role": cell_role},
                                     session=session)["nodes"])
                    for cell_role in ("cell", "columnheader", "rowheader"))
        if role != "table" or roles != cells:
            problems.append("table semantics: %s is a %r with %d of its %d th/td as cells or headers"
                            % (name, role, roles, cells))
    return problems


class FontCharsets:
    """The character sets of the installed fonts, by PostScript name, read once from fontconfig."""

    def __init__(self):
        self.ranges = {}
        if shutil.which("fc-list") is None:
            return
        listing = subprocess.run(["fc-list", "--format", "%{postscriptname}\t%{charset}\n"],
                                 capture_output=True, text=True, timeout=60).stdout
        for line in listing.splitlines():
            name, _, charset = line.partition("\t")
            for part in charset.split():
                low, _, high = part.partition("-")
                self.ranges.setdefault(name, []).append((int(low, 16), int(high or low, 16)))
        for name in self.ranges:
            self.ranges[name].sort()

    def available(self):
        """Whether fontconfig listed any font (else characters cannot be compared with character sets)."""
        return bool(self.ranges)

    def covers(self, postscript_name, code_point):
        """Whether the font has a glyph for `code_point`; a font fontconfig does not know is trusted."""
        ranges = self.ranges.get(postscript_name)
        if ranges is None:
            return True
        index = bisect.bisect_right(ranges, (code_point, 0x10FFFF + 1)) - 1
        return index >= 0 and ranges[index][0] <= code_point <= ranges[index][1]


def font_problems(browser, session, charsets):
    """Checks every element's own text against the fonts Chromium used for it; returns (problems, usage)."""
    root = browser.send("DOM.getDocument", {"depth": -1}, session=session)["root"]
    usage, problems, texts = {}, [], []
    _collect_texts(root, "", texts)
    for node_id, path, text in texts:
        fonts = browser.send("CSS.getPlatformFontsForNode", {"nodeId": node_id}, session=session)["fonts"]
        for font in fonts:
            usage[font["familyName"]] = usage.get(font["familyName"], 0) + font["glyphCount"]
        if not fonts or not charsets.available():
            continue  # not rendered (display: none), or no fontconfig to compare with
        missing = sorted({c for c in text if not _invisible(c)
                          and not any(charsets.covers(f["postScriptName"], ord(c)) for f in fonts)})
        if missing:
            names = ", ".join("U+%04X %s" % (ord(c), unicodedata.name(c, "unassigned")) for c in missing[:5])
            used = ", ".join(f["postScriptName"] for f in fonts)
            problems.append("tofu: %s in %s %r has no glyph in the fonts used (%s)" % (names, path, text[:40], used))
    if texts and not usage:
        problems.append("fonts: the page has text but Chromium drew it with no font (are any fonts installed?)")
    return problems, usage


def _collect_texts(node, path, out):
    name = node.get("localName") or node.get("nodeName", "").lower()
    if name in ("head", "script", "style", "template"):
        return
    here = path
    if node.get("nodeType") == 1:
        attributes = node.get("attributes", [])
        classes = dict(zip(attributes[::2], attributes[1::2])).get("class", "")
        here = (path + " > " if path else "") + name + "".join("." + c for c in classes.split())
        own = "".join(child.get("nodeValue", "") for child in node.get("children", []) if child.get("nodeType") == 3)
        if own.strip():
            out.append((node["nodeId"], " > ".join(here.split(" > ")[-3:]), own))
    for child in node.get("children", []):
        _collect_texts(child, here, out)


def _invisible(character):
    return character.isspace() or unicodedata.category(character) in ("Cc", "Cf", "Zl", "Zp")
