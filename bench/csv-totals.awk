# Per-currency totals of a native ledger CSV (RFC 4180: quoted fields may hold commas, "" and line
# ends), summed as integer minor units: prints "CUR amount" lines, e.g. "USD 19682.27", one per currency.
# The decimals of each currency are the most seen in its amounts (the sample writes exactly the
# currency's). Exact while a total stays below 2^53 minor units. Usage: awk -f csv-totals.awk FILE...
function flush_record(record,    n, parts, i, text, fields, amount, code, sign, whole, frac, dot) {
    # Outside quotes are the odd pieces between '"'; commas inside quotes are not separators.
    n = split(record, parts, "\"")
    text = ""
    for (i = 1; i <= n; i++) {
        if (i % 2 == 0) gsub(/,/, ";", parts[i])
        text = text parts[i]
    }
    split(text, fields, ",")
    if (!header_read) {
        for (i in fields) column[fields[i]] = i
        header_read = 1
        return
    }
    amount = fields[column["amount"]]
    code = toupper(fields[column["currency"]])
    sign = 1
    if (amount ~ /^[-+]/) { if (substr(amount, 1, 1) == "-") sign = -1; amount = substr(amount, 2) }
    dot = index(amount, ".")
    whole = dot ? substr(amount, 1, dot - 1) : amount
    frac = dot ? substr(amount, dot + 1) : ""
    if (length(frac) > decimals[code]) {
        # Rescale what was summed so far to the longer fraction.
        for (i = decimals[code]; i < length(frac); i++) total[code] *= 10
        decimals[code] = length(frac)
    }
    while (length(frac) < decimals[code]) frac = frac "0"
    total[code] += sign * (whole frac)
}
FNR == 1 { header_read = 0; pending = "" }
{
    sub(/\r$/, "")
    pending = pending == "" ? $0 : pending "\n" $0
    # A record ends where the count of '"' so far is even.
    if (gsub(/"/, "\"", pending) % 2 == 0) { flush_record(pending); pending = "" }
}
END {
    for (code in total) {
        minor = total[code]
        sign = minor < 0 ? "-" : ""
        if (minor < 0) minor = -minor
        digits = sprintf("%.0f", minor)
        places = decimals[code]
        while (length(digits) <= places) digits = "0" digits
        if (places > 0) digits = substr(digits, 1, length(digits) - places) "." substr(digits, length(digits) - places + 1)
        print code, sign digits
    }
}
