import Foundation

extension PostgresLocation {
    /// The password file libpq would read: `passfile`, `PGPASSFILE`, else `~/.pgpass`.
    func passfilePath(environment: [String: String]) -> String? {
        if let passfile { return passfile }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.pgpass"
    }

    /// The password for this location from the password file, as libpq finds it: lines
    /// `hostname:port:database:username:password`, `*` matching anything, `\:` and `\\` escaped, the first match
    /// winning; a socket matches its folder or `localhost`. Like libpq, a file that others may read is ignored
    /// (`warn` says so, without the password). Nil when there is no file or no line matches.
    func password(environment: [String: String], warn: (String) -> Void) -> String? {
        guard let path = passfilePath(environment: environment) else { return nil }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        if status.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            warn(
                "ledgerpress: warning: password file \(path) has group or world access; it is ignored (chmod 0600 it)")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let hosts = isSocket ? [host, "localhost"] : [host]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            guard !line.hasPrefix("#") else { continue }
            let fields = Self.passfileFields(line)
            guard fields.count == 5 else { continue }
            func matches(_ field: String, _ values: [String]) -> Bool { field == "*" || values.contains(field) }
            if matches(fields[0], hosts) && matches(fields[1], [String(port)]) && matches(fields[2], [database])
                && matches(fields[3], [user])
            {
                return fields[4]
            }
        }
        return nil
    }

    private static func passfileFields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for c in line {
            if escaped {
                field.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == ":" && fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.append(c)
            }
        }
        fields.append(field)
        return fields
    }
}
