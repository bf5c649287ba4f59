import Foundation

extension TemplateSet {
    /// Loads the default templates, with files in `overrides` (if given) taking their place one by one.
    public static func load(defaultsDirectory: String, overrides: String?) throws(Failure) -> TemplateSet {
        var texts: [String: String] = [:]
        var origin: [String: String] = [:]
        for name in fileNames {
            for directory in [overrides, defaultsDirectory].compactMap({ $0 }) {
                let path = (directory as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue { throw .notText(file: path, reason: "is a folder, expected a file") }
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw .unreadable(file: path)
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw .notText(file: path, reason: "expected UTF-8 text, got other bytes")
                }
                texts[name] = text
                origin[name] = path
                break
            }
        }
        return try TemplateSet(texts: texts, origin: origin)
    }

    /// Finds the default `Templates/` folder whatever the working directory: `LEDGERPRESS_TEMPLATES`,
    /// then `share/ledgerpress/Templates` beside an installed binary, then the nearest `Templates/`
    /// above the binary (a build inside the repository), then the repository this was compiled from.
    public static func defaultDirectory(executablePath: String, environment: [String: String]) -> String? {
        func isTemplates(_ dir: String) -> Bool {
            FileManager.default.fileExists(atPath: (dir as NSString).appendingPathComponent("driver.md"))
        }
        if let dir = environment["LEDGERPRESS_TEMPLATES"], isTemplates(dir) { return dir }
        var dir = (URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().path as NSString).deletingLastPathComponent
        let installed = ((dir as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/ledgerpress/Templates")
        if isTemplates(installed) { return installed }
        while dir != "/" && !dir.isEmpty {
            let candidate = (dir as NSString).appendingPathComponent("Templates")
            if isTemplates(candidate) { return candidate }
            dir = (dir as NSString).deletingLastPathComponent
        }
        // Sources/LedgerPressRender/Templates/<this file> -> repository root.
        var source = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { source.deleteLastPathComponent() }
        let compiledFrom = source.appendingPathComponent("Templates").path
        return isTemplates(compiledFrom) ? compiledFrom : nil
    }
}
