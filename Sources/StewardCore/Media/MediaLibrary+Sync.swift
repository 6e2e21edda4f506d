import Foundation

/// The library as the sync sees it: what waits to be uploaded or removed on the store.
extension MediaLibrary: MediaSyncQueue {
    public func mediaToUpload(orgId: UUID) async throws -> [WaitingMedia] {
        try await waitingUploads(orgId: orgId).compactMap { item in
            // Only items kept here wait (`waitingUploads`): each has its file.
            guard let file = fileURL(of: item) else { return nil }
            return WaitingMedia(declaration: MediaDeclaration(id: item.id, fileName: item.fileName, size: item.size,
                                                              sha256: item.sha256, durationSeconds: item.durationSeconds),
                                file: file)
        }
    }

    public func mediaToRemove(orgId: UUID) async throws -> [UUID] {
        try await waitingRemovals(orgId: orgId).map(\.id)
    }
}
