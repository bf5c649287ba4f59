import Foundation

/// One file of the site, in memory: its path relative to the output folder and its bytes.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    public var bytes: Data

    public init(path: String, bytes: Data) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Data(text.utf8))
    }
}
