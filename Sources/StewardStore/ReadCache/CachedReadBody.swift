import Foundation

extension ConditionalBody {
    /// A member read's answer from `MemberReadCache`, with its kept tag.
    init(_ answer: MemberReadCache.Answer, contentType: String, cacheControl: String) {
        self.init(data: answer.body, contentType: contentType, cacheControl: cacheControl, entityTag: answer.entityTag)
    }
}
