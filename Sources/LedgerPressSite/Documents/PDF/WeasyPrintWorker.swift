/// The program each PDF worker process runs: Python importing Debian's WeasyPrint once, then rendering jobs read
/// from standard input until it closes (one process per core, each fed many documents).
///
/// A job is one header line, `BASE-URL \t CREATED \t FILE-NAME \t FILE-DESCRIPTION \t HTML-LENGTH \t FILE-LENGTH \n`,
/// then the page's bytes and the attached file's bytes. The answer is `OK LENGTH\n` and the PDF's bytes, or `ERR LENGTH\n` and a message.
/// The PDF is PDF/A-3b with the CSV attached, its outline from the headings, its fonts embedded (subset), and
/// nothing in it from the clock or the host: its dates are CREATED (the statement's as-of time) and its file
/// identifier is the MD5 of the page, and its fonts' subsets are stamped with CREATED too (`SOURCE_DATE_EPOCH`). Only `file:` URLs inside the worker's root folder (the stylesheet) are
/// fetched; any other URL fails the fetch, so rendering never reaches the network.
enum WeasyPrintWorker {
    static let program = #"""
        import datetime, hashlib, logging, os, sys
        from urllib.parse import urlsplit, unquote
        root = os.path.realpath(sys.argv[1])
        logging.getLogger('weasyprint').setLevel(logging.ERROR)
        from weasyprint import CSS, HTML, Attachment, default_url_fetcher
        # WeasyPrint has no clip-path: what the stylesheet hides visually that way (the chart's figures table, a
        # stacked table's header row) would print over the page; nor flex gaps: the stacked cells get a margin.
        paper = CSS(string='.sr-only, table.ledger-table.wide thead { display: none !important; } '
                    'table.ledger-table.wide :is(tbody, tfoot) :is(th, td) { margin-right: .8em; }')

        def fetch(url, timeout=10, ssl_context=None):
            parts = urlsplit(url)
            path = os.path.realpath(unquote(parts.path)) if parts.scheme == 'file' else ''
            if not path.startswith(root + os.sep):
                raise ValueError('not fetched (only the stylesheet is): ' + url)
            return default_url_fetcher('file://' + path)

        source, out = sys.stdin.buffer, sys.stdout.buffer
        while True:
            header = source.readline()
            if not header:
                break
            base, created, name, description, html_length, csv_length = header.decode().rstrip('\n').split('\t')
            html = source.read(int(html_length))
            csv = source.read(int(csv_length))
            try:
                # fontTools stamps each embedded font subset with SOURCE_DATE_EPOCH (else the clock).
                stamp = datetime.datetime.fromisoformat(created.replace('Z', '+00:00')).timestamp()
                os.environ['SOURCE_DATE_EPOCH'] = str(int(stamp))
                document = HTML(string=html.decode(), base_url=base, url_fetcher=fetch).render(stylesheets=[paper])
                document.metadata.created = created
                document.metadata.modified = created
                attachment = Attachment(
                    string=csv, base_url=base.rsplit('/', 1)[0] + '/' + name, url_fetcher=fetch,
                    description=description)
                pdf = document.write_pdf(
                    variant='pdf/a-3b', attachments=[attachment],
                    identifier=hashlib.md5(html).hexdigest().encode())
                out.write(b'OK %d\n' % len(pdf))
                out.write(pdf)
            except Exception as error:
                message = repr(error).encode()
                out.write(b'ERR %d\n' % len(message))
                out.write(message)
            out.flush()
        """#
}
