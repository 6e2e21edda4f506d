/// Organization slugs as the protocol allows them in paths: `^[a-z0-9][a-z0-9-]{1,39}$`.
/// Checked by hand rather than with a regex so it costs nothing per request.
public enum OrgSlug {
    public static func isValid(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        guard (2...40).contains(bytes.count) else { return false }
        func isLowerAlnum(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) }
        guard isLowerAlnum(bytes[0]) else { return false }
        return bytes.dropFirst().allSatisfy { isLowerAlnum($0) || $0 == 0x2D }
    }
}
