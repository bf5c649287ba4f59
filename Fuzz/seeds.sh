#!/usr/bin/env bash
# Regenerates the committed seed corpus Fuzz/corpus/<target>/ from Examples/ and the test fixtures
# (all synthetic data). Seeds are small: long fixtures are cut to their first lines.
# Targets whose first byte picks a mode get that byte prepended (see each Fuzz/Targets/<name>.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
C=Fuzz/corpus
F=Tests/EndToEndTests/Fixtures
rm -rf "$C"
mkdir -p "$C"/{amount,csv,jsonl,rfc3339,mapping,native,stripe-report,stripe-dashboard,stripe-payments,stripe-payouts,mapped,payees,markdown,statements}

seed() { # target name < bytes
    cat >"$C/$1/$2"
}
cut_lines() { head -n "${2:-12}" "$1"; }

# amount: first byte = exponent (0...4)
i=0
for e_text in "2 12.34" "2 -24.00" "0 1500" "3 +0.125" "4 -1.0001" "2 92233720368547758.07" "2 007.5" "0 -0" "1 9.9"; do
    e=${e_text%% *}; text=${e_text#* }
    name=a$i; i=$((i + 1))
    { printf "\\x0$e"; printf '%s' "$text"; } | seed amount "$name"
done

# csv: first byte = delimiter (bits 0-1: , ; TAB |) and lines to skip (bits 2-3)
{ printf '\x00'; cut_lines Examples/example-ledger.csv 6; } | seed csv ledger
{ printf '\x00'; cut_lines Examples/example-payees.csv; } | seed csv payees
{ printf '\x00'; cut_lines $F/exports/paypal-activity-full.csv 3; } | seed csv quoted
{ printf '\x00'; printf 'a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\nlast,,\n'; } | seed csv rfc4180
{ printf '\x05'; printf 'Export 2026-10\nDatum;Betrag\n01.10.2026;"1.234,56"\n'; } | seed csv semicolon-skip
{ printf '\x02'; printf '\xef\xbb\xbfid\tname\n1\tAnn\n'; } | seed csv tab-bom

# jsonl, native, payees, stripe: the fixtures as they are (cut)
cut_lines $F/formats/native.jsonl | seed jsonl native
printf '{"id":"j\\u00e9","amount":12,"currency":"usd","occurred_at":"2026-10-01T00:00:00Z","payee_id":"p","payee_type":"driver","kind":"tip","description":"a\\nb \\ud83d\\ude00"}\n\n{}\n' \
    | seed jsonl escapes
printf '{"id":"t1","amount":"1.00","amount":"2.00"}\n{"id":"t2","\\u0069d":"t3"}\n' | seed jsonl duplicate-keys
cut_lines Examples/example-ledger.csv 14 | seed native example
cut_lines $F/edge-ledger.csv 14 | seed native edge
cut_lines Examples/example-payees.csv | seed payees example
cut_lines $F/edge-payees.csv | seed payees edge
cut_lines $F/formats/payees.csv | seed payees formats
for f in $F/formats/*balance_change*.csv $F/formats/*payouts*.csv; do cut_lines "$f" 8 | seed stripe-report "$(basename "$f" .csv)"; done
for f in $F/formats/dashboard-*.csv; do cut_lines "$f" 8 | seed stripe-dashboard "$(basename "$f" .csv)"; done
cut_lines $F/exports/unified_payments.csv 8 | seed stripe-payments unified_payments
# the 2023 layout: `;`, `Created (UTC)`, no id column
printf 'Created (UTC);Amount;Amount Refunded;Currency;Converted Amount;Converted Currency;Fee;Status;Description\n2026-03-08 02:30;12,00;0,00;eur;12,00;eur;0,65;Paid;Ride\n2026-11-01 01:30;5,00;5,00;eur;5,00;eur;0,30;Refunded;Tip\n' \
    | seed stripe-payments semicolon-2023
cut_lines $F/exports/payouts.csv 8 | seed stripe-payouts payouts

# statements: first byte = zone (bits 0-2) and periods (bits 3-4), then a native ledger
{ printf '\x01'; cut_lines Examples/example-ledger.csv 24; } | seed statements example-new-york
{ printf '\x0a'; cut_lines $F/edge-ledger.csv 14; } | seed statements edge-kathmandu-weeks
{ printf '\x13'; cut_lines Examples/example-ledger.csv 10; } | seed statements example-chatham-range

# rfc3339: timestamps the fixtures use, and the forms the parser accepts
for t in 2026-10-02T08:15:00-04:00 2026-11-01T01:30:00-05:00 2026-11-02T04:30:00Z 2026-12-31T23:59:59-05:00 \
    "2026-10-03 10:22:05.123+05:30" 2024-02-29t00:00:00z 1970-01-01T00:00:00.000000001Z; do
    printf '%s' "$t" | seed rfc3339 "$(printf '%s' "$t" | tr -c '0-9A-Za-z' _)"
done

# mapped: first byte = mapping (0 paypal, 1 square, 2 european)
{ printf '\x00'; cut_lines $F/exports/paypal-activity-full.csv 5; } | seed mapped paypal
{ printf '\x01'; cut_lines $F/exports/square-transactions.csv 5; } | seed mapped square
{ printf '\x02'; printf 'Export Oktober\nNr;Konto;Typ;Name;Zeit;Art;Betrag;Korrektur;Währung;Auszahlung;Status\n'
  printf 'n1;k1;driver;Jörg;3.10.2026 9:05;Umsatz;"1.234,56 €";;EUR;a1;paid\nn2;k1;driver;Jörg;4.10.2026 17:30;Gebühr;(12,00);0,50;EUR;;\n'; } | seed mapped european

# mapping: the example mapping files; one followed by NUL and a CSV it reads
for m in Examples/mappings/*.yaml; do seed mapping "$(basename "$m" .yaml)" <"$m"; done
{ cat Examples/mappings/square-transactions.yaml; printf '\x00'; cut_lines $F/exports/square-transactions.csv 4; } | seed mapping square-with-csv
printf 'name: m\ntimestamp: {columns: D, format: yyyy-MM-dd}\nfields: {id: I, payee_id: {constant: p}, payee_type: {constant: driver}, currency: {constant: JPY}}\nentries: [{kind: earning, amount: A}]\n\0D,I,A\n2026-10-01,x,1500\n' \
    | seed mapping minimal-with-csv

# markdown: hostile and ordinary ledger text (names, descriptions)
i=0
while IFS= read -r line; do
    name=m$i; i=$((i + 1))
    printf '%b' "$line" | seed markdown "$name"
done <<'TEXT'
José Müller
Corner Café <script>alert(1)</script>
Zoë "Z" O'Brien, Jr.
[x](javascript:alert(1))
![i](http://evil/x.png)
# heading
- item
1. one
```
a\n\n# b
&amp; | a | b |
    indented
> quote
*bold* _em_ ~~s~~ `code`
Downtown, 2 stops|$1,234.56|-24.00
\x01# after a control character
TEXT
