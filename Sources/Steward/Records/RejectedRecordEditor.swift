import Foundation
import GtkKit
import StewardCore

/// "Edit and Retry" from the Sync page for a record type on the kit: the type's editor opens on
/// what the store refused, and Save sends the corrected fields again. A correction that does not
/// pass the type's rules shows under its field, as in any editor, and nothing is sent.
@MainActor
enum RejectedRecordEditor {
    static func open(_ change: RejectedChange, type: RecordType, in org: Organization, parent: Window,
                     engine: SyncEngine, onRetried: @escaping () -> Void,
                     onOpened: @escaping (RecordEditor) -> Void) {
        guard let fields = change.fields else { return }
        let service = RecordService(database: engine.database)
        Task {
            var referenced: [String: [UUID: String]] = [:]
            for (_, entity) in type.references {
                referenced[entity] = (try? await service.titles(of: entity, in: org)) ?? [:]
            }
            let context = await FormContext(zone: org.timeZone, titles: referenced)
                .withMedia(for: type, in: org, database: engine.database)
            let refused = LocalRecord(entity: type.entity, id: change.recordId, orgId: org.id, fields: fields)
            let editor = RecordEditor(parent: parent, type: type, organization: org, record: refused,
                                      context: context,
                                      canEdit: true) { corrected in
                try await engine.retry(deadLetterId: change.id, fields: corrected)
                onRetried()
            }
            onOpened(editor)
            editor.present()
        }
    }
}
