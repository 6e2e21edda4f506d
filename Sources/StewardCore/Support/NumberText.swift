import Translation

/// Numbers in running text.
public enum NumberText {
    /// 100030 as "100,030", grouped as the person's locale groups numbers ("100.030" in Spanish).
    public static func grouped(_ n: Int, formats: LocaleFormats = .current) -> String {
        formats.grouped(n)
    }
}
