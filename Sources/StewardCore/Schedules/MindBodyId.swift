/// MindBody's ids come as numbers or strings; both readers (classes and appointments) keep
/// them as text.
enum MindBodyId {
    /// The id's text; nil when absent, of another type, or a number beyond a whole 64-bit one
    /// (JSON keeps such a number only roughly: its digits, the id, are lost).
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d) where d == d.rounded(): Int64(exactly: d).map { String($0) }
        default: nil
        }
    }
}
