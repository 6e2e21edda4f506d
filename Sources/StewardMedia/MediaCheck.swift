import Foundation

/// What the store checks once a file's first bytes are known: the type from the content, then
/// the limit of its kind. The console runs the same check before it queues an upload, so staff
/// hear of a refusal when they add the file, not at the next sync.
public enum MediaCheck {
    /// The accepted type of a file of `size` bytes starting with `head`, or why it is refused.
    public static func admit(head: Data, size: Int64, limits: MediaLimits = .standard) -> Result<MediaType, MediaRefusal> {
        switch ContentSniffer.accept(head: head) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let type):
            if let refusal = limits.refusal(size: size, type: type) { return .failure(refusal) }
            return .success(type)
        }
    }
}
