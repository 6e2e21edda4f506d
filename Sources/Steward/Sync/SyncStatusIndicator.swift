import Foundation
import GtkKit
import StewardCore
import Translation

/// The sync status in the main window's header: the headline in plain words, when the last
/// sync went through, and a bar while a long sync sends changes. Calm when all is well; the
/// warning colour only when something needs a person (offline, failed, conflicts, rejected).
@MainActor
final class SyncStatusIndicator {
    private let status: Label
    private let lastSync: Label
    private let progress: ProgressBar
    /// Whether the sync running now has reported how far its sending has come: after that, a
    /// sync without a fraction is receiving, whose length nobody knows.
    private var sendingReported = false

    init(ui: Builder) {
        status = ui.object("sync_status_label")
        lastSync = ui.object("last_sync_label")
        progress = ui.object("sync_progress")
        status.keepAccessibleName(tr("Sync status"))
        lastSync.keepAccessibleName(tr("Last sync"))
    }

    func show(_ state: SyncState) {
        status.text = state.headline
        let attention = Self.needsAttention(state)
        status.setCSSClass("sync-attention", attention)
        status.setCSSClass("dim-label", !attention)
        status.tooltip = Self.details(state)

        lastSync.text = state.lastSyncText
        lastSync.tooltip = state.lastSyncText
        lastSync.isVisible = true

        showProgress(state)
    }

    /// The bar shows while a sync sends changes: from its start when changes wait (at 0 until
    /// the first batch is answered), until everything is sent and the store's changes come in.
    private func showProgress(_ state: SyncState) {
        guard case .syncing(let fraction) = state.phase else {
            sendingReported = false
            progress.isVisible = false
            return
        }
        let shown: Double?
        if let fraction {
            sendingReported = true
            shown = fraction
        } else {
            shown = sendingReported || state.pending == 0 ? nil : 0
        }
        guard let shown else {
            progress.isVisible = false
            return
        }
        progress.fraction = shown
        progress.setAccessibleDescription(tr("{percent} percent of the changes sent", ["percent": String(Int((shown * 100).rounded()))]))
        progress.isVisible = true
    }

    static func needsAttention(_ state: SyncState) -> Bool {
        switch state.phase {
        case .offline, .failed: return true
        case .signedOut, .idle, .syncing: return state.conflicts > 0 || state.rejected > 0
        }
    }

    /// The longer story, for the tooltip: why, what happens next, and what is waiting.
    static func details(_ state: SyncState, zone: TimeZone = .current) -> String {
        var lines: [String] = []
        switch state.phase {
        case .signedOut:
            lines.append(tr("Sign in on the Sync page to send changes to the store."))
        case .idle:
            break
        case .syncing(let fraction):
            if let fraction {
                // xgettext:no-c-format ("% o" is no printf directive here)
                lines.append(tr("{percent}% of the changes sent.", ["percent": String(Int((fraction * 100).rounded()))]))
            }
        case .offline(let next):
            lines.append(tr("The store cannot be reached. Trying again at {time}; changes are kept until then.",
                            ["time": Self.clock(next, zone: zone)]))
        case .failed(let message):
            lines.append(Self.sentence(message))
        }
        if state.pending > 0, state.phase != .idle {
            lines.append(trn("{count} change waiting to be sent.", "{count} changes waiting to be sent.", state.pending))
        }
        if state.conflicts > 0 {
            lines.append(trn("{count} conflict needs a choice.", "{count} conflicts need a choice.", state.conflicts))
        }
        if state.rejected > 0 {
            lines.append(trn("{count} change was rejected.", "{count} changes were rejected.", state.rejected))
        }
        return lines.isEmpty ? state.headline : lines.joined(separator: "\n")
    }

    private static func clock(_ date: Date, zone: TimeZone) -> String {
        DatePatternText.format(date, "HH:mm:ss", zone: zone)
    }

    /// The core words errors to follow a colon; alone they read as a sentence.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let text = first.uppercased() + message.dropFirst()
        return text.hasSuffix(".") ? text : text + "."
    }
}
