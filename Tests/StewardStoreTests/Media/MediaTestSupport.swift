import Crypto
import Foundation
import HummingbirdTesting
import StewardCore
import StewardMedia
import Testing
@testable import StewardStore

/// Stores with media, and the steps of an upload as the console takes them.
enum MediaTesting {
    /// A store configuration whose media lives in `storage` under `limits`.
    static func configuration(storage: any MediaStorage = MemoryMediaStorage(), limits: MediaLimits = .standard,
                              maxChunkBytes: Int64 = MediaConfiguration.defaultMaxChunkBytes) -> StoreConfiguration {
        var configuration = TestStore.testConfiguration
        configuration.media = MediaConfiguration(storage: storage, limits: limits, maxChunkBytes: maxChunkBytes)
        return configuration
    }

    /// A fresh folder under the system's temporary one, removed by the caller.
    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("steward-media-\(UUID().uuidString)", isDirectory: true)
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    static func json(_ response: TestResponse) -> JSONValue {
        (try? JSONValue.parse(Data(response.body.readableBytesView))) ?? .null
    }
}

extension TestStore {
    var mediaPath: String { "/v1/orgs/\(org)/media" }

    /// Declares `data` under `id` as `fileName`.
    func declareMedia(_ data: Data, id: String = UUID().uuidString.lowercased(), fileName: String,
                      sha256: String? = nil, token: String? = nil) async throws -> TestResponse {
        let body: JSONValue = .object([
            "id": .string(id), "fileName": .string(fileName), "size": .int(Int64(data.count)),
            "sha256": .string(sha256 ?? MediaTesting.sha256(data)),
        ])
        return try await request(.post, mediaPath, token: token ?? staffTokens[.editor] ?? staff,
                                 body: Data(body.canonicalBytes))
    }

    /// Sends `chunk` at `offset` of the item's upload.
    func sendChunk(_ chunk: Data, id: String, offset: Int, token: String? = nil) async throws -> TestResponse {
        try await request(.patch, "\(mediaPath)/\(id)", token: token ?? staffTokens[.editor] ?? staff, body: chunk,
                          headers: [.contentType: "application/offset+octet-stream",
                                    MediaUploadController.uploadOffset: String(offset)])
    }

    /// Declares and sends `data` in one chunk; the last answer (200 with the item when ready).
    func uploadMedia(_ data: Data, id: String = UUID().uuidString.lowercased(), fileName: String) async throws -> TestResponse {
        let declared = try await declareMedia(data, id: id, fileName: fileName)
        guard declared.status == .created else { return declared }
        return try await sendChunk(data, id: id, offset: 0)
    }

    /// Uploads and expects the item ready; its JSON.
    func uploadMediaOK(_ data: Data, fileName: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let answer = try await uploadMedia(data, fileName: fileName)
        #expect(answer.status == .ok, "upload answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        return MediaTesting.json(answer)
    }
}
