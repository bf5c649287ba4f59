import Foundation

extension NativePDFWriter {
    /// Where Debian's icc-profiles-free installs its sRGB profile (the OutputIntent's): an ICC v2 display profile
    /// of 6,922 bytes (2.4 KB deflated) made by Little CMS, against colord-data's v4 profile of 20,420 bytes (7.2 KB
    /// deflated), which every PDF embeds.
    static let profilePath = "/usr/share/color/icc/sRGB.icc"

    /// The sRGB profile is not installed.
    public struct ProfileMissing: Error, CustomStringConvertible {
        public var description: String {
            "\(NativePDFWriter.profilePath): the native PDF engine's sRGB colour profile (PDF/A's OutputIntent) is "
                + "missing; install Debian's icc-profiles-free: `make deps` or `sudo apt-get install -y icc-profiles-free`"
        }
    }

    static func readProfile() throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: profilePath), data.count > 128 else {
            throw ProfileMissing()
        }
        return Array(data)
    }
}
