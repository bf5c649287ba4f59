import Foundation

/// Every regular file under a folder, by path relative to it, with its bytes: how tests compare whole sites.
public enum FolderTree {
    public static func files(under root: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
        for case let item as String in walker {
            var isDirectory: ObjCBool = false
            let full = root.appendingPathComponent(item).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[item] = FileManager.default.contents(atPath: full)
            }
        }
        return result
    }
}
