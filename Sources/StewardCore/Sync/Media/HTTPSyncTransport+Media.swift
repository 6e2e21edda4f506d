import Foundation
import Translation

extension HTTPSyncTransport: MediaTransport {
    static let uploadOffsetHeader = "Upload-Offset"

    public func declareMedia(_ declaration: MediaDeclaration) async throws(SyncTransportError) -> StoreMediaItem {
        let response = try await send(HTTPClientRequest(
            method: "POST", url: remote.endpoint("media"),
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: Data(declaration.json.canonicalBytes)), accepting: [200, 201])
        return try Self.decode(StoreMediaItem.self, from: response)
    }

    public func sendMediaChunk(id: UUID, offset: Int64, bytes: Data) async throws(SyncTransportError) -> MediaChunkAnswer {
        var request = HTTPClientRequest(
            method: "PATCH", url: mediaEndpoint(id),
            headers: ["Content-Type": "application/offset+octet-stream", Self.uploadOffsetHeader: String(offset),
                      "Accept": "application/json"],
            body: bytes)
        request.compressible = false
        let response = try await send(request, accepting: [200, 204, 409])
        switch response.status {
        case 200:
            return .finished(try Self.decode(StoreMediaItem.self, from: response))
        case 204:
            return .received(offset: try Self.offset(in: response))
        default:
            // 409 is also "this media was removed"/"id in use" without an offset: an error then.
            guard let held = response.header(Self.uploadOffsetHeader).flatMap(Int64.init) else {
                throw .status(409, try? JSONDecoder().decode(ErrorResponse.self, from: response.body))
            }
            return .offsetMismatch(storeOffset: held)
        }
    }

    public func removeMedia(id: UUID) async throws(SyncTransportError) {
        _ = try await send(HTTPClientRequest(method: "DELETE", url: mediaEndpoint(id), headers: ["Accept": "application/json"]),
                           accepting: [200, 204, 404])
    }

    public func listMedia() async throws(SyncTransportError) -> [StoreMediaItem] {
        let response = try await send(HTTPClientRequest(method: "GET", url: remote.endpoint("media"),
                                                        headers: ["Accept": "application/json"]))
        return try Self.decode(StoreMediaList.self, from: response).items
    }

    private func mediaEndpoint(_ id: UUID) -> String {
        remote.endpoint("media/\(id.uuidString.lowercased())")
    }

    private static func offset(in response: HTTPClientResponse) throws(SyncTransportError) -> Int64 {
        guard let offset = response.header(uploadOffsetHeader).flatMap(Int64.init) else {
            throw .invalidResponse(tr("the answer to a chunk of a file has no Upload-Offset"))
        }
        return offset
    }
}
