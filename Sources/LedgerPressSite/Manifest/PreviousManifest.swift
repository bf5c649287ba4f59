import Foundation
import LedgerPressPublish

/// The `manifest.json` of a site published before (the output folder, or `--previous DIR`), read for the
/// part a caller needs: nothing when there is no manifest (a first publish), an error naming it when there
/// is one that cannot be read, so a damaged manifest never silently resets the site's history.
public enum PreviousManifest {
    /// A manifest that exists but cannot be read or decoded: exit 65, naming it.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public var description: String {
            "\(path): error: expected a ledgerpress manifest, got \(reason); restore it from a copy of the site, "
                + "or publish into a new folder"
        }
    }

    /// The manifest's tool name beside the part a caller decodes (one parse of the JSON for both): the name
    /// tells a ledgerpress site from any other folder with a `manifest.json`.
    struct Tagged<Body: Decodable>: Decodable {
        var tool: String?
        var body: Body

        enum CodingKeys: String, CodingKey { case tool }

        init(from decoder: any Decoder) throws {
            tool = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .tool)
            body = try Body(from: decoder)
        }
    }

    static let tool = "ledgerpress"

    /// The folder's manifest decoded as `T`, or nil when the folder holds no `manifest.json`.
    static func read<T: Decodable>(_: T.Type, in folder: URL) throws(Unreadable) -> T? {
        let path = folder.appendingPathComponent("manifest.json").path
        let data: Data?
        do {
            data = try SystemFile.read(path)
        } catch {
            throw Unreadable(path: path, reason: String(cString: strerror(error.code)).lowercased())
        }
        guard let data else { return nil }
        if let readable = T.self as? any CursorReadable.Type,
            let value = try? JSONCursor.decode(
                data,
                { json throws(JSONCursor.Unexpected) in
                    try readable.init(json: &json)
                }),
            value.manifestTool == tool, let value = value as? T
        {
            return value
        }
        do {
            let tagged = try JSONDecoder().decode(Tagged<T>.self, from: data)
            guard tagged.tool == tool else {
                throw Unreadable(path: path, reason: "a manifest.json without \"tool\" : \"ledgerpress\"")
            }
            return tagged.body
        } catch let error as Unreadable {
            throw error
        } catch {
            throw Unreadable(path: path, reason: reason(error))
        }
    }

    /// A decoding error in a few words, naming the field.
    static func reason(_ error: any Error) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.reduce("") { text, key in
                key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? key.stringValue : text + "." + key.stringValue)
            }
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context): return "no '\(field(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "a value of the wrong type at '\(field(context.codingPath))'"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "a bad value at '\(field(context.codingPath))'"
        default: return "text that is not valid JSON"
        }
    }
}
