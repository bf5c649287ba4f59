#!/usr/bin/env python3
"""Checks statement pages as a person sees them, in Debian's headless Chromium (Python 3 standard library only).

Each page is loaded at a phone width (390x844, device scale 2, mobile) and a desktop width (1280x900), and
in print preview (print media at the narrowest printable width of A4 and Letter inside the page's @page
margins, else 0.4 in: 680px for the default stylesheet's A4 with 15 mm margins). Each of these fails on
an error in the console (a script error, a Content-Security-Policy violation, a stylesheet that does not
load), on a page wider than its viewport (naming the elements that stick out), on U+FFFD or tofu in the
text and on fonts that did not load (see page_checks.py for the font rule). It also fails on a table that
must be seen whole (WHOLE_TABLES: on a phone the home's summaries, on a desktop and on paper every table)
but scrolls sideways, needs more than its box's width (its min-content width) or is no longer a table to
assistive technology; on paper every table must also fit with 10 % larger type and in DejaVu Sans Mono,
so that font metrics never decide whether a table fits the page. Full-page screenshots go to
OUT/<name>-phone.png, -desktop.png and -print.png; print preview also saves OUT/<name>-a4.pdf and
-letter.pdf and fails when a PDF has no page. Every link (<a href>) of a page is followed: a file it names must
exist, a #fragment must name an element of its page, and a link must stay inside the site and, from a page under
payees/, inside the folders the README says to serve (payees/, assets/, v/, verify/, keys/), so a home's links to
its statements' md, csv and PDF files, the year PDFs and the income letter's page, PDF and JSON fail when dead.
One line per page and view; the last line is
`N passed, N failed`; exit 0 only when all passed (1 when a check failed, 2 when Chromium misbehaved).

    scripts/check-browser.py [--site output] [--out output.browser] [--views phone,desktop,print] [--self-test]
                             [PAGE ...]
"""

import argparse
import base64
import json
import os
import pathlib
import re
import signal
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True  # no scripts/__pycache__ in the work tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_pipe import Chromium, ChromiumError  # noqa: E402
import page_checks  # noqa: E402

# The pages of the example site (`make demo`): a driver's month in English and one in German, a merchant's
# month (two currencies, a name full of markup), and their homes.
PAGES = [
    "payees/drv_ann/2026-10.html",
    "payees/drv_jose/2026-10.html",
    "payees/mer_cafe/2026-10.html",
    "payees/drv_ann/index.html",
    "payees/drv_jose/index.html",
    "payees/mer_cafe/index.html",
]

# name: (width, height, device scale factor, mobile, media); print's width is replaced, once the page has
# loaded, by the narrowest printable width of PAPERS with the margins of the page's own @page rule (A4 with
# the default stylesheet's 15 mm margins: 680px), which are what Chromium prints with.
VIEWS = {
    "phone": (390, 844, 2, True, "screen"),
    "desktop": (1280, 900, 1, False, "screen"),
    "print": (718, 1045, 1, False, "print"),
}

# The tables each view must show whole (a CSS selector): no sideways scrolling, and no narrower than the least
# width they need. A phone may scroll a statement's wide tables inside their own box, never the home's summaries;
# a desktop scrolls no table; paper cannot scroll, and there every table must also fit with 10 % larger type
# and in a wider font (DejaVu Sans Mono), so that font metrics never decide whether a table fits the page.
WHOLE_TABLES = {
    "phone": "main.home section.payout-status table, main.home section.alltime table",
    "desktop": "table",
    "print": "table",
}

# Paper sizes in inches for Page.printToPDF, with 0.4 in margins all round where the page sets none (@page).
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
MARGIN = 0.4

# The left and right margins in px of the @page rules that apply now in the given stylesheet texts (null where
# none sets them). A file: page may not read the rules of its own stylesheets, so they are read from disk
# (stylesheet_texts) and parsed here again.
PAGE_MARGINS_JS = r"""((texts) => {
  const margins = {left: null, right: null};
  const walk = rules => { for (const rule of rules) {
    if (rule instanceof CSSMediaRule) { if (matchMedia(rule.media.mediaText).matches) walk(rule.cssRules); }
    else if (rule instanceof CSSPageRule && !rule.selectorText) {
      for (const side of ['left', 'right']) { const value = rule.style.getPropertyValue('margin-' + side);
        if (value && value !== 'auto') margins[side] = value; } } } };
  for (const text of texts) { const sheet = new CSSStyleSheet(); sheet.replaceSync(text); walk(sheet.cssRules); }
  const px = value => { if (value === null) return null; const probe = document.createElement('div');
    probe.style.setProperty('width', value); probe.style.setProperty('position', 'absolute');
    document.documentElement.append(probe); const width = probe.getBoundingClientRect().width; probe.remove();
    return width; };
  return {left: px(margins.left), right: px(margins.right)};
})"""


def stylesheet_texts(browser, session):
    """The text of each of the page's stylesheets: a <style> element's own, a linked file's read from disk
    (one that is missing is left out)."""
    sheets = browser.send("Runtime.evaluate", {
        "expression": "[...document.styleSheets].map(s => s.href ? {href: s.href} : {text: s.ownerNode.textContent})",
        "returnByValue": True}, session=session)["result"]["value"]
    texts = []
    for sheet in sheets:
        if "text" in sheet:
            texts.append(sheet["text"])
        elif sheet["href"].startswith("file:"):
            path = urllib.request.url2pathname(urllib.parse.urlparse(sheet["href"]).path)
            try:
                with open(path, encoding="utf-8", errors="replace") as css:
                    texts.append(css.read())
            except OSError:
                pass  # a stylesheet that did not load: the console check reports it
    return texts


def printable_width(browser, session):
    """The narrowest width, in CSS px, that PAPERS leave inside the page's @page margins (else MARGIN)."""
    texts = stylesheet_texts(browser, session)
    margins = browser.send("Runtime.evaluate", {"expression": "(%s)(%s)" % (PAGE_MARGINS_JS, json.dumps(texts)),
                                                "returnByValue": True}, session=session)["result"]["value"]
    sides = sum(margins[side] if margins[side] is not None else MARGIN * 96 for side in ("left", "right"))
    return int(min(paper_width * 96 - sides for paper_width, _ in PAPERS.values()))


# The folders of the output that are served to payees (README, Hosting); a payee page's links stay inside them.
SERVED = ("payees", "assets", "v", "verify", "keys")

# Each link of the page: where it points (resolved), as written, and for a #fragment of this same page whether an
# element has that id.
LINKS_JS = r"""[...document.querySelectorAll('a[href]')].map(a => ({
  href: a.href, raw: a.getAttribute('href'),
  here: a.hash !== '' && a.protocol === location.protocol && a.pathname === location.pathname,
  found: a.hash === '' || !!document.getElementById(decodeURIComponent(a.hash.slice(1)))
}))"""


def link_problems(browser, session, path, site):
    """Follows every link of the loaded page: a dead file or fragment, or a link out of the served folders, is a
    problem. Returns (problems, note)."""
    reply = browser.send("Runtime.evaluate", {"expression": LINKS_JS, "returnByValue": True}, session=session)
    if "exceptionDetails" in reply:
        raise ChromiumError("listing the links failed: %s" % reply["exceptionDetails"].get("text"))
    root = os.path.realpath(site)
    page = os.path.realpath(path)
    served = [os.path.join(root, folder) for folder in SERVED]
    under_payees = page.startswith(os.path.join(root, "payees") + os.sep)
    problems, files = [], 0
    for link in reply["result"]["value"]:
        url = urllib.parse.urlparse(link["href"])
        if url.scheme != "file":
            continue  # another site (a letter's verify page under --verify-base-url), mailto:
        if link["here"]:
            if not link["found"]:
                problems.append("dead link: %s (no element with that id)" % link["raw"])
            continue
        target = os.path.realpath(urllib.request.url2pathname(url.path))
        inside = target == root or target.startswith(root + os.sep)
        if not inside or (under_payees and not any(target.startswith(folder + os.sep) for folder in served)):
            problems.append("link outside the served folders: %s" % link["raw"])
        elif not os.path.isfile(target):
            problems.append("dead link: %s (no file %s)" % (link["raw"], os.path.relpath(target, root)))
        else:
            files += 1
    return problems, "%d link%s followed" % (files, "" if files == 1 else "s")


def check_view(browser, path, name, view, out_dir, charsets, site):
    """Loads `path` in a fresh tab at `view`, checks it and saves its screenshots; returns (problems, notes,
    width): width is the viewport's (print: the printable width)."""
    width, height, scale, mobile, media = VIEWS[view]
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        for domain in ("Runtime", "Log", "Page", "DOM", "CSS", "Accessibility"):
            browser.send(domain + ".enable", session=session)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile},
                     session=session)
        browser.send("Emulation.setEmulatedMedia", {"media": media}, session=session)
        browser.take_events(session)  # nothing from about:blank may pass for the page's load event
        reply = browser.send("Page.navigate", {"url": pathlib.Path(path).resolve().as_uri()}, session=session)
        if reply.get("errorText"):
            return ["cannot load: %s" % reply["errorText"]], [], width
        browser.wait_event("Page.loadEventFired", session=session)
        if media == "print":
            width = printable_width(browser, session)
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile},
                         session=session)
        state = browser.send("Runtime.evaluate", {
            "expression": "document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => r())))"
                          ".then(() => " + page_checks.OVERFLOW_JS + ")",
            "awaitPromise": True, "returnByValue": True}, session=session)
        if "exceptionDetails" in state:
            raise ChromiumError("evaluating the checks failed: %s" % state["exceptionDetails"].get("text"))
        problems = page_checks.layout_problems(state["result"]["value"])
        tables = browser.send("Runtime.evaluate", {
            "expression": "(%s)(%s, %s)" % (page_checks.TABLES_JS, json.dumps(media == "print"),
                                            json.dumps(WHOLE_TABLES[view])),
            "returnByValue": True}, session=session)
        if "exceptionDetails" in tables:
            raise ChromiumError("measuring the tables failed: %s" % tables["exceptionDetails"].get("text"))
        table_problems, table_note = page_checks.table_problems(tables["result"]["value"], media == "print")
        problems += table_problems + page_checks.table_semantics_problems(browser, session, WHOLE_TABLES[view])
        font_problems, usage = page_checks.font_problems(browser, session, charsets)
        problems += font_problems
        links, links_note = link_problems(browser, session, path, site)
        problems += links
        notes = ["fonts " + (", ".join(family for family, _ in sorted(usage.items(), key=lambda u: -u[1]))
                             or "none"), table_note, links_note]
        notes.append(_screenshot(browser, session, os.path.join(out_dir, "%s-%s.png" % (name, view))))
        if media == "print":
            for paper, (paper_width, paper_height) in PAPERS.items():
                pdf_path = os.path.join(out_dir, "%s-%s.pdf" % (name, paper))
                data = base64.b64decode(browser.send("Page.printToPDF", {
                    "paperWidth": paper_width, "paperHeight": paper_height, "printBackground": True,
                    "marginTop": MARGIN, "marginBottom": MARGIN, "marginLeft": MARGIN, "marginRight": MARGIN,
                }, session=session, timeout=60)["data"])
                with open(pdf_path, "wb") as pdf:
                    pdf.write(data)
                pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))
                notes.append("%s %d page%s" % (paper, pages, "" if pages == 1 else "s"))
                if pages == 0:
                    problems.append("print: %s has no page" % pdf_path)
        problems = page_checks.console_problems(browser.take_events(session)) + problems
        return problems, notes, width
    finally:
        browser.take_events(session)
        browser.send("Target.closeTarget", {"targetId": target})


def _screenshot(browser, session, png_path):
    size = browser.send("Page.getLayoutMetrics", session=session)["cssContentSize"]
    viewport = browser.send("Runtime.evaluate", {"expression": "document.documentElement.clientWidth",
                                                 "returnByValue": True}, session=session)["result"]["value"]
    clip = {"x": 0, "y": 0, "width": max(size["width"], viewport), "height": size["height"], "scale": 1}
    shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip},
                        session=session, timeout=60)
    with open(png_path, "wb") as png:
        png.write(base64.b64decode(shot["data"]))
    return png_path


def run(browser, site, pages, out_dir, views=tuple(VIEWS), quiet=False):
    """Checks every page at every view; returns {(page, view): problems} and prints one line each."""
    os.makedirs(out_dir, exist_ok=True)
    charsets = page_checks.FontCharsets()
    if not charsets.available() and not quiet:
        print("note: fontconfig (fc-list) lists no fonts: characters are not checked against character sets")
    results = {}
    for page in pages:
        path = os.path.join(site, page)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", os.path.splitext(page)[0].removeprefix("payees/")).strip("-")
        for view in views:
            width, height = VIEWS[view][:2]
            if os.path.isfile(path):
                problems, notes, width = check_view(browser, path, name, view, out_dir, charsets, site)
            else:
                problems, notes = ["missing: %s (build the example site first: make demo)" % path], []
            results[(page, view)] = problems
            if not quiet:
                status = "FAIL" if problems else "ok  "
                print("%s %-30s %-7s %4dx%-4d  %s" % (status, page, view, width, height, "  ".join(notes)))
                for problem in problems:
                    print("       " + problem)
    return results


def self_test(binary, log):
    """Proves the checks fail where they should: a broken page must fail each check, a plain one pass,
    and the plain one must fail when Chromium finds no fonts at all (an empty fontconfig configuration)."""
    failures = []
    with tempfile.TemporaryDirectory(prefix="ledgerpress-check-browser-") as folder:
        _write_fixtures(folder)
        with Chromium(binary, timeout=30, log_path=log) as browser:
            results = run(browser, folder, ["good.html", "broken.html"], os.path.join(folder, "shots"),
                          views=("phone", "print"), quiet=True)
        fonts_conf = os.path.join(folder, "fonts.conf")
        with open(fonts_conf, "w") as conf:
            conf.write("<?xml version=\"1.0\"?><fontconfig><cachedir>%s</cachedir></fontconfig>\n"
                       % os.path.join(folder, "fontcache"))
        no_fonts = dict(os.environ, FONTCONFIG_FILE=fonts_conf)
        with Chromium(binary, timeout=30, log_path=log, env=no_fonts) as browser:
            os.environ["FONTCONFIG_FILE"] = fonts_conf  # fc-list too
            try:
                fontless = run(browser, folder, ["good.html"], os.path.join(folder, "shots"),
                               views=("phone",), quiet=True)[("good.html", "phone")]
            finally:
                del os.environ["FONTCONFIG_FILE"]
    expected = {
        "a missing stylesheet": r"ERR_FILE_NOT_FOUND.*missing\.css",
        "a CSP violation": r"Content Security Policy",
        "overflow naming div.wide": r"overflow: .*div\.wide",
        "U+FFFD": r"U\+FFFD",
        "tofu": r"tofu: U\+0378",
        "a dead link": r"dead link: gone\.pdf",
        "a dead fragment": r"dead link: #nowhere",
        "a link out of the site": r"link outside the served folders: \.\./outside\.html",
    }
    # The tables: a home summary that scrolls sideways on a phone and is no table to assistive technology (role
    # presentation); on paper, that one too wide for the page, one that fits but not with 10 % larger type, one
    # that fits but not in a monospaced font. The last two fit at 0.4 in margins; only the fixture's own @page
    # margins (15 mm) leave too little, so they also prove that the print view takes its width from @page.
    expected_in = {
        "phone": {
            "a home summary that scrolls sideways": r"table scrolls sideways: section\.alltime table#summary",
            "a home summary that is no table to assistive technology": r"table semantics: table#summary",
        },
        "print": {
            "a table wider than the page": r"table too wide: section\.alltime table#summary",
            "no slack for larger type": r"table too wide with 10 % larger type: table#larger",
            "no slack for a wider font": r"table too wide in DejaVu Sans Mono: table#mono",
        },
    }
    fitting = r"table too wide: table#(larger|mono)"
    for view in ("phone", "print"):
        good = results[("good.html", view)]
        if good:
            failures.append("the plain page failed at %s: %s" % (view, "; ".join(good)))
        broken = "\n".join(results[("broken.html", view)])
        for what, pattern in list(expected.items()) + list(expected_in[view].items()):
            if not re.search(pattern, broken):
                failures.append("the broken page did not fail on %s at %s; it said: %s" % (what, view, broken))
        if re.search(fitting, broken):
            failures.append("a table that fits failed at %s: %s" % (view, broken))
    if not any("drew it with no font" in problem for problem in fontless):
        failures.append("the plain page did not fail without fonts; it said: %s" % "; ".join(fontless))
    for failure in failures:
        print("self-test: FAIL " + failure)
    if not failures:
        print("self-test: ok (a plain page passes; a broken page fails on %s; without fonts the plain page fails)"
              % ", ".join(list(expected) + [what for view in expected_in.values() for what in view]))
    return not failures


def _write_fixtures(folder):
    head = ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'\">"
            "<link rel=\"stylesheet\" href=\"wide.css\">")
    with open(os.path.join(folder, "wide.css"), "w") as css:
        css.write(".wide { width: 2000px; background: #fdd; }\n.table-scroll { overflow-x: auto; }\n"
                  "td { white-space: nowrap; }\n.em38 { display: inline-block; width: 38em; }\n"
                  "@media print { @page { margin: 15mm; } }\n")
    summary = ("<main class=\"home\"><section class=\"alltime\"><div class=\"table-scroll\"><table id=\"summary\"%s>"
               "<caption>All time</caption><tr><th scope=\"col\">Currency</th><th scope=\"col\">Net</th></tr>"
               "<tr><th scope=\"row\">EUR</th><td>%s</td></tr></table></div></section>")
    with open(os.path.join(folder, "good.html"), "w", encoding="utf-8") as page:
        page.write(head + "<title>good</title></head><body><h1>Statement — Oktober 2026</h1>"
                   "<p>José Müller · 1.234,56 € · $12.00 · \u2068Zoë\u2069</p>"
                   + summary % ("", "1.234,56 €")
                   + "<p><a href=\"good.html\">html</a> · <a href=\"#summary\">summary</a></p></main></body></html>")
    with open(os.path.join(folder, "broken.html"), "w", encoding="utf-8") as page:
        page.write(head + "<link rel=\"stylesheet\" href=\"missing.css\"><title>broken</title></head><body>"
                   "<div class=\"wide\">2000px wide</div><p>bad bytes \ufffd here</p><p>tofu \u0378 here</p>"
                   + summary % (" role=\"presentation\"", " ".join(["1.234,56 €"] * 20)) +
                   "<table id=\"larger\"><tr><td><span class=\"em38\">38em</span></td></tr></table>"
                   "<table id=\"mono\"><tr><td>" + "i" * 100 + "</td></tr></table>"
                   "<p><a href=\"gone.pdf\">pdf</a> · <a href=\"#nowhere\">x</a> · <a href=\"../outside.html\">y</a></p></main>"
                   "<script>console.log('blocked by the CSP')</script></body></html>")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="pages under --site (default: the example site's)")
    parser.add_argument("--site", default="output", help="the built site (default: output)")
    parser.add_argument("--out", default="output.browser", help="screenshots and PDFs (default: output.browser)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"), help="the browser")
    parser.add_argument("--timeout", type=float, default=300, help="seconds for the whole run (default 300)")
    parser.add_argument("--self-test", action="store_true", help="only prove the checks catch a broken page")
    parser.add_argument("--views", default=",".join(VIEWS),
                        help="comma-separated views to check (default: %s)" % ",".join(VIEWS))
    options = parser.parse_args()
    views = tuple(view for view in options.views.split(",") if view)
    unknown = [view for view in views if view not in VIEWS]
    if unknown or not views:
        parser.error("--views: expected some of %s, got %r" % (", ".join(VIEWS), options.views))

    def out_of_time(signum, frame):
        raise ChromiumError("the whole run took longer than %.0f s" % options.timeout)

    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(int(options.timeout))
    started = time.monotonic()
    log = os.path.join(tempfile.gettempdir(), "ledgerpress-chromium.log")
    try:
        if options.self_test:
            return 0 if self_test(options.chromium, log) else 1
        with Chromium(options.chromium, timeout=30, log_path=log) as browser:
            print("%s, site %s" % (browser.send("Browser.getVersion")["product"], options.site))
            results = run(browser, options.site, options.pages or PAGES, options.out, views=views)
    except ChromiumError as error:
        print("check-browser: error: %s (Chromium's log: %s)" % (error, log))
        return 2
    finally:
        signal.alarm(0)
    failed = sum(1 for problems in results.values() if problems)
    print("%.1f s" % (time.monotonic() - started))
    print("%d passed, %d failed" % (len(results) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
