import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The check-in screen for a projector: an event's current code, very large, with a QR code of
/// the check-in link (`CheckInLink`, with the code) and until when it is valid; it follows the
/// code by itself when it rotates. The code is `CheckInKeys`'s, the same one
/// `stewardctl checkin code` prints and the store accepts. Until the store has the event's key
/// (it waits in the outbox with the event), no code is shown, since every member typing it
/// would be refused: the screen says so, offers Sync Now, and shows the code by itself once
/// the store has the key. Print Poster prints the event's poster (`CheckInPoster`) through
/// GTK's print dialog.
@MainActor
final class CheckInCodeWindow {
    private let window: Window
    private let codeLabel: Label
    private let untilLabel: Label
    private let fullscreenButton: Button
    private let syncButton: Button
    private let instructionsLabel: Label
    private let eventLabel: Label
    private let instructions: String
    private let qrArea = DrawingArea()
    private let event: PassportOverview.StampEvent
    private let organization: Organization
    private let keys: CheckInKeys
    private var qr: QRCode?
    private var validUntil: Date = .distantPast
    private var isFetching = false
    private var timer: Timeout?
    private var isClosed = false
    var onClosed: (() -> Void)?

    init(parent: Window, event: PassportOverview.StampEvent, organization: Organization, keys: CheckInKeys) {
        let ui = Builder(resource: ResourceBundle.path("Passport/passport-check-in-code.ui"))
        window = ui.object("code_window")
        codeLabel = ui.object("code_label")
        untilLabel = ui.object("until_label")
        fullscreenButton = ui.object("fullscreen_button")
        syncButton = ui.object("sync_button")
        instructionsLabel = ui.object("instructions_label")
        instructions = instructionsLabel.text
        self.event = event
        self.organization = organization
        self.keys = keys
        window.title = tr("Check-In Code: {event}", ["event": event.title])
        window.setTransientFor(parent)
        eventLabel = ui.object("event_label")
        eventLabel.text = event.title
        // Small enough beside the code on a 1024-pixel projector; it takes its share of any
        // wider screen (drawn square, as large as the space allows).
        qrArea.setSizeRequest(width: 240, height: 240)
        qrArea.hexpand = true
        qrArea.vexpand = true
        qrArea.setAccessibleLabel(tr("QR code to check in"))
        ui.object("qr_holder", as: Box.self).append(qrArea)
        qrArea.onDraw { [weak self] context, width, height in
            guard let qr = self?.qr else { return }
            let side = Double(min(width, height))
            qr.draw(on: context, x: (Double(width) - side) / 2, y: (Double(height) - side) / 2, side: side)
        }

        let actions = ActionGroup()
        actions.addAction("print") { [weak self] in self?.printPoster() }
        actions.addAction("fullscreen") { [weak self] in self?.toggleFullscreen() }
        actions.addAction("close") { [weak self] in self?.window.close() }
        actions.addAction("sync") { [weak parent] in _ = parent?.activateAction("win.sync-now") }
        window.insertActionGroup(actions, prefix: "code")
        window.addController(Shortcuts.controller([("Escape", "code.close"), ("F11", "code.fullscreen")]))
        window.onCloseRequest { [weak self] in
            self?.finish()
            return false
        }
        // Checked every second: the code changes on the step's boundary, not a second late.
        timer = Timeout(every: 1000) { [weak self] in
            self?.tick()
            return self != nil
        }
    }

    func present() {
        window.fullscreen()
        window.present()
        refresh()
    }

    private func tick() {
        if Date() >= validUntil { refresh() } else if codeLabel.isVisible { showUntil() }
    }

    /// Reads the current code, once the store has the event's key (making the key if an event
    /// from before keys came with their events has none).
    private func refresh() {
        guard !isFetching, !isClosed else { return }
        isFetching = true
        Task {
            defer { isFetching = false }
            do {
                let current = try await keys.occurrenceCodeTheStoreChecks(for: event.id, in: organization)
                showReady(true)
                instructionsLabel.text = Self.instructions(instructions, window: current.window, now: Date(), zone: organization.timeZone)
                // A repeating event's code is its date's own: the date open now, or the next.
                eventLabel.text = current.occurrence.map { Self.title(event.title, of: $0, zone: organization.timeZone) } ?? event.title
                codeLabel.text = current.code
                codeLabel.setAccessibleLabel(tr("Check-in code {code}", ["code": current.code]))
                validUntil = current.validUntil
                qr = QRCode(CheckInLink.url(org: organization.slug, event: event.id, code: current.code))
                qrArea.redraw()
                showUntil()
            } catch let missing as CheckInKeyNotOnStore {
                showReady(false)
                switch missing.reason {
                case .waitingToBeSent:
                    instructionsLabel.text = tr("The store does not have this event’s check-in key yet, so a code shown now would be refused. It is sent with the next sync; the code shows here as soon as the store has it.")
                    untilLabel.text = tr("Waiting for the key to reach the store…")
                case .refused(let reason):
                    instructionsLabel.text = tr("The store refused this event’s check-in key, so a code shown here would be refused too: {reason}. See the rejected changes on the Sync page.",
                                                ["reason": reason])
                    untilLabel.text = ""
                }
                // Looked at again every few seconds: the sync that sends the key may be under way.
                validUntil = Date().addingTimeInterval(3)
            } catch {
                showReady(false)
                instructionsLabel.text = tr("No code: {error}", ["error": "\(error)"])
                untilLabel.text = ""
                validUntil = Date().addingTimeInterval(30)
            }
        }
    }

    /// The code, its QR code and until when it is valid; or, while the store lacks the key,
    /// why there is none and Sync Now.
    private func showReady(_ ready: Bool) {
        codeLabel.isVisible = ready
        qrArea.isVisible = ready
        syncButton.isVisible = !ready
        if ready { instructionsLabel.text = instructions }
    }

    private func showUntil() {
        let left = max(0, Int(validUntil.timeIntervalSinceNow.rounded(.up)))
        untilLabel.text = tr("Valid until {time} ({minutes}:{seconds} left)",
                             ["time": DatePatternText.format(validUntil, "HH:mm", zone: organization.timeZone),
                              "minutes": String(left / 60), "seconds": String(format: "%02d", left % 60)])
    }

    /// What members are told to do, or, outside the date's check-in window, that the store
    /// refuses the code until it opens (a screen put up days early) or since it closed.
    static func instructions(_ usual: String, window: CheckInWindow, now: Date, zone: TimeZone) -> String {
        if let opens = window.opens, now < opens {
            return tr("Check-in opens {when}. Until then, members who type this code are refused.",
                      ["when": DatePatternText.format(opens, "EEE d MMM, HH:mm", zone: zone)])
        }
        if let closes = window.closes, now > closes {
            return tr("Check-in closed {when}. Members who type this code now are refused.",
                      ["when": DatePatternText.format(closes, "EEE d MMM, HH:mm", zone: zone)])
        }
        return usual
    }

    /// The event's title with the date of a repeating event the code is for.
    static func title(_ title: String, of occurrence: EventOccurrence, zone: TimeZone) -> String {
        guard let start = occurrence.timing.sortStart(orgZone: zone) else { return title }
        let pattern = occurrence.timing.kind == .allDay ? "EEEE d MMMM yyyy" : "EEEE d MMMM yyyy, HH:mm"
        return tr("{event}, {date}", ["event": title, "date": DatePatternText.format(start, pattern, zone: zone)])
    }

    private func toggleFullscreen() {
        if window.isFullscreen {
            window.unfullscreen()
            fullscreenButton.label = tr("_Full Screen")
        } else {
            window.fullscreen()
            fullscreenButton.label = tr("_Leave Full Screen")
        }
    }

    private func printPoster() {
        let when = event.startsAt.map { DatePatternText.format($0, "EEEE d MMMM yyyy, HH:mm", zone: organization.timeZone) } ?? ""
        let poster = CheckInPoster(title: event.title, when: when, stamps: event.stamps, ongoing: event.startsAt == nil,
                                   link: CheckInLink.url(org: organization.slug, event: event.id))
        let operation = PrintOperation(jobName: tr("Check-in poster: {event}", ["event": event.title]))
        var size = (width: 0.0, height: 0.0)
        operation.onBegin = { width, height in
            size = (width, height)
            return 1
        }
        operation.onDrawPage = { context, _ in poster.draw(on: context, width: size.width, height: size.height) }
        if case .failed(let message) = operation.runDialog(parent: window) {
            untilLabel.text = tr("Could not print: {error}", ["error": message])
        }
    }

    private func finish() {
        guard !isClosed else { return }
        isClosed = true
        timer?.cancel()
        timer = nil
        onClosed?()
    }
}
