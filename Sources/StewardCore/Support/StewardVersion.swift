/// Steward's version: the one place it is written. The window, `stewardctl` and `steward-store`
/// report it; the Makefile reads it from this file for the Debian packages, and `make
/// check-data` fails when the metainfo's newest release, NEWS or the Debian changelog name
/// another.
public enum StewardVersion {
    public static let current = "0.3.0"
}
