import Foundation

extension TemplateSet {
    /// Loads the default templates, with files in `overrides` (if given) taking their place one by one.
    /// String tables are every `strings/*.json` of either folder (an override folder may add a language);
    /// `strings/en.json` must exist. An overriding table is completed key by key from the default table of
    /// the same name (a table with only the words it changes).
    public static func load(defaultsDirectory: String, overrides: String?) throws(Failure) -> TemplateSet {
        var texts: [String: String] = [:]
        var origin: [String: String] = [:]
        let directories = [overrides, defaultsDirectory].compactMap { $0 }
        for name in fileNames + stringTableNames(in: directories) {
            for directory in directories {
                let path = (directory as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue { throw .notText(file: path, reason: "is a folder, expected a file") }
                texts[name] = try read(path)
                origin[name] = path
                break
            }
        }
        guard texts[englishStrings] != nil else { throw .missing(englishStrings) }
        var builtInStrings: [String: String] = [:]
        for (name, path) in origin where stringsLanguage(name) != nil {
            let builtIn = (defaultsDirectory as NSString).appendingPathComponent(name)
            if path != builtIn, FileManager.default.fileExists(atPath: builtIn) {
                builtInStrings[name] = try read(builtIn)
            }
        }
        return try TemplateSet(texts: texts, origin: origin, builtInStrings: builtInStrings)
    }

    /// A template file's text: at most ``TemplateScan/maxBytes`` (checked before reading), UTF-8.
    static func read(_ path: String) throws(Failure) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= TemplateScan.maxBytes else {
            throw .notText(
                file: path, reason: "expected a file of at most \(TemplateScan.maxBytes) bytes, got \(size) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(file: path) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .notText(file: path, reason: "expected UTF-8 text, got other bytes")
        }
        return text
    }

    /// `strings/<language>.json` for every such file in any of the folders, sorted, each once.
    static func stringTableNames(in directories: [String]) -> [String] {
        var names: Set<String> = []
        for directory in directories {
            let folder = (directory as NSString).appendingPathComponent(stringsFolder)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let name = stringsFolder + "/" + file
                if stringsLanguage(name) != nil { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// Finds the default `Templates/` folder whatever the working directory: `LEDGERPRESS_TEMPLATES`,
    /// then `share/ledgerpress/Templates` beside an installed binary, then the nearest `Templates/`
    /// above the binary (a build inside the repository), then the repository this was compiled from.
    public static func defaultDirectory(executablePath: String, environment: [String: String]) -> String? {
        func isTemplates(_ dir: String) -> Bool {
            FileManager.default.fileExists(atPath: (dir as NSString).appendingPathComponent("driver.md"))
        }
        if let dir = environment["LEDGERPRESS_TEMPLATES"], isTemplates(dir) { return dir }
        var dir = (URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().path as NSString)
            .deletingLastPathComponent
        let installed = ((dir as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
            "share/ledgerpress/Templates")
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
