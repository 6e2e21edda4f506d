import Foundation

extension SyncEngine {
    /// Tells the store of media removed here, then sends the files waiting, oldest first, before
    /// any record is pushed: a record that names a photo or a recording never reaches the
    /// members' apps before the file does. A file the store refuses is set aside with its
    /// reason and the rest go on; a lost connection ends the sync, and the next one resumes
    /// each file where the store's copy ends. Then reads the store's media list into the
    /// library (`takeStoreList`), so the records the pull brings may name files other consoles
    /// added, and files removed there are removed here.
    func sendMedia(org: Organization, transport: any SyncTransport, report: inout SyncReport,
                   progress: (@Sendable (SyncProgress) -> Void)?) async throws {
        guard let queue = mediaQueue, let media = transport as? any MediaTransport else { return }
        do {
            for id in try await queue.mediaToRemove(orgId: org.id) {
                _ = try await withRetry(transport) { () async throws(SyncTransportError) -> Bool in
                    try await media.removeMedia(id: id)
                    return true
                }
                try await queue.markRemovalSent(id: id)
            }
            try await uploadWaiting(org: org, queue: queue, media: media, transport: transport, report: &report, progress: progress)
            try await takeStoreList(org: org, queue: queue, media: media, transport: transport)
        } catch let error as SyncTransportError {
            throw Self.syncError(for: error, url: transport.storeURL, slug: org.slug)
        }
    }

    private func uploadWaiting(org: Organization, queue: any MediaSyncQueue, media: any MediaTransport,
                               transport: any SyncTransport, report: inout SyncReport,
                               progress: (@Sendable (SyncProgress) -> Void)?) async throws {
        let waiting = try await queue.mediaToUpload(orgId: org.id)
        guard !waiting.isEmpty else { return }
        let total = waiting.reduce(0) { $0 + $1.declaration.size }
        var done: Int64 = 0
        let uploader = MediaUploader(
            transport: media, chunkBytes: options.mediaChunkBytes,
            retrying: { operation in try await self.withRetry(transport, operation) },
            declaring: { operation in try await self.withRetry(transport, operation) })
        for item in waiting {
            var chunks = 0
            let outcome = try await uploader.upload(item) { held in
                chunks += 1
                progress?(SyncProgress(stage: .uploading, bytesSent: done + held, bytesToSend: total))
                // The first chunk's answer has come back (the declaration's is the first call).
                if chunks == 2 { try self.failpoint(.midUpload) }
            }
            done += item.declaration.size
            switch outcome {
            case .uploaded(let path):
                try await queue.markUploaded(id: item.declaration.id, url: transport.storeURL + path)
                report.mediaUploaded += 1
            case .refused(let message):
                try await queue.markRefused(id: item.declaration.id, message: message)
                report.mediaRefused += 1
            }
        }
    }

    /// The store's media list into the library. A store without media (one older than the
    /// library, or run without media storage) answers 404: nothing to learn then.
    private func takeStoreList(org: Organization, queue: any MediaSyncQueue, media: any MediaTransport,
                               transport: any SyncTransport) async throws {
        let listed = try await withRetry(transport) { () async throws(SyncTransportError) -> [StoreMediaItem]? in
            do throws(SyncTransportError) {
                return try await media.listMedia()
            } catch {
                if case .status(404, _) = error { return nil }
                throw error
            }
        }
        guard let listed else { return }
        try await queue.takeStoreList(listed, orgId: org.id, storeURL: transport.storeURL)
    }
}
