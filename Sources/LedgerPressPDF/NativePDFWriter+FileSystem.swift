import Foundation

extension NativePDFWriter {
    /// Where Debian's colord-data installs the sRGB profile (the OutputIntent's).
    static let profilePath = "/usr/share/color/icc/colord/sRGB.icc"

    /// The sRGB profile is not installed.
    public struct ProfileMissing: Error, CustomStringConvertible {
        public var description: String {
            "\(NativePDFWriter.profilePath): the native PDF engine's sRGB colour profile (PDF/A's OutputIntent) is "
                + "missing; install Debian's colord-data: `make deps` or `sudo apt-get install -y colord-data`"
        }
    }

    static func readProfile() throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: profilePath), data.count > 128 else {
            throw ProfileMissing()
        }
        return Array(data)
    }
}
