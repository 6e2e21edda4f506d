import CGtk

/// A .ui file parsed ahead of need, for a window people open again and again (a record
/// editor): parsing the file and making its widgets is part of what a person waits for when the
/// window opens, so after one copy is taken the next is made while the window is idle.
///
///     let ui = PreparedBuilder.take(resource: path)   // parsed earlier, or now the first time
///     ...
///     NextPaint.after(window) { PreparedBuilder.prepare(resource: path) }
///
/// At most one copy per file waits. Its objects are made but nothing shows them: a window in
/// it is not presented and has no application until the one who takes it says so.
@MainActor
public enum PreparedBuilder {
    private static var ready: [String: Builder] = [:]
    /// Files whose copy is being made at the next idle moment.
    private static var pending: Set<String> = []
    /// The idle calls making them (kept: a dropped `Timeout` is cancelled; a finished one is
    /// replaced by the next `prepare`).
    private static var timers: [String: Timeout] = [:]

    /// The copy made ahead for the bundled file `path` if one waits, else one parsed now.
    public static func take(resource path: String) -> Builder {
        take(path) { Builder(resource: path) }
    }

    /// Makes the next copy of the bundled file `path` once the main loop has nothing more
    /// urgent (after input, layout and drawing), unless one already waits. Call it after the
    /// taken copy's window has painted, so its making never delays that first frame.
    public static func prepare(resource path: String) {
        prepare(path) { Builder(resource: path) }
    }

    /// `take(resource:)` for any builder: `make` parses it when no copy waits under `key`.
    public static func take(_ key: String, make: () -> Builder) -> Builder {
        ready.removeValue(forKey: key) ?? make()
    }

    /// `prepare(resource:)` for any builder, kept under `key`.
    public static func prepare(_ key: String, make: @escaping @MainActor () -> Builder) {
        guard ready[key] == nil, !pending.contains(key) else { return }
        pending.insert(key)
        timers[key] = Timeout(every: 0, priority: .low) {
            ready[key] = make()
            pending.remove(key)
            return false
        }
    }
}
