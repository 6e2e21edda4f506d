import Crypto
import Foundation
import NIOPosix
import StewardMedia

/// What happens to an upload once its last byte arrived: its SHA-256 checked against the
/// declared one, its type sniffed again from the bytes, an image decoded and re-encoded with
/// its renditions, and the files it is served as put in place. Only then is the item ready.
struct MediaIngest {
    let storage: any MediaStorage
    let limits: MediaLimits

    enum Failure: Error {
        /// The bytes are not the declared file: the upload starts over.
        case checksumMismatch(received: String)
        case refused(MediaRefusal)
    }

    /// The files to serve, with the full file's type and an image's size.
    struct Outcome {
        var contentType: String
        var width: Int?
        var height: Int?
        var files: [MediaFile]
    }

    func finish(_ item: MediaItem) async throws -> Outcome {
        let hash = try await sha256(key: item.uploadKey)
        guard hash == item.sha256 else { throw Failure.checksumMismatch(received: hash) }
        let head = try await storage.read(key: item.uploadKey, offset: 0, length: ContentSniffer.headLength)
        let type: MediaType
        switch MediaCheck.admit(head: head, size: item.size, limits: limits) {
        case .failure(let refusal): throw Failure.refused(refusal)
        case .success(let admitted): type = admitted
        }
        guard type.kind == .image else {
            try await storage.promote(upload: item.uploadKey, to: item.fileKey(.full))
            return Outcome(contentType: type.contentType, files: [
                MediaFile(variant: .full, contentType: type.contentType, size: item.size, sha256: item.sha256),
            ])
        }
        // Within the image limit (20 MB), so reading it whole is fine.
        let original = try await storage.read(key: item.uploadKey, offset: 0, length: Int(item.size))
        let limits = self.limits
        // Decoding and scaling are CPU work: off the server's threads.
        let cleaned: Result<CleanedImage, MediaRefusal> = try await NIOThreadPool.singleton.runIfActive {
            do throws(MediaRefusal) {
                return .success(try ImageCleaner.clean(original, type: type, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        let image: CleanedImage
        switch cleaned {
        case .failure(let refusal): throw Failure.refused(refusal)
        case .success(let value): image = value
        }
        var files = [try await put(image.full, variant: .full, item: item)]
        for rendition in ImageRendition.allCases {
            guard let encoded = image.renditions[rendition] else { continue }
            files.append(try await put(encoded, variant: rendition.variant, item: item))
        }
        // The original, with whatever metadata it had, is never served: it goes now.
        try await storage.remove(key: item.uploadKey)
        return Outcome(contentType: image.full.type.contentType, width: image.full.width, height: image.full.height, files: files)
    }

    private func put(_ image: EncodedImage, variant: MediaVariant, item: MediaItem) async throws -> MediaFile {
        try await storage.put(key: item.fileKey(variant), data: image.data)
        return MediaFile(variant: variant, contentType: image.type.contentType, size: Int64(image.data.count),
                         sha256: Self.hex(SHA256.hash(data: image.data)), width: image.width, height: image.height)
    }

    private func sha256(key: String) async throws -> String {
        var hasher = SHA256()
        for try await chunk in storage.chunks(key: key) {
            hasher.update(data: chunk)
        }
        return Self.hex(hasher.finalize())
    }

    static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
