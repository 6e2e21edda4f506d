import Foundation
import GtkKit
import StewardCore
import Translation

/// The list view: one row per class in time order, each opening the class's page.
@MainActor
enum ClassList {
    static func make(_ classes: [ScheduledClass], zone: TimeZone, open: @escaping @MainActor (ScheduledClass) -> Void) -> Widget {
        let list = ListBox.boxed()
        list.setAccessibleLabel(tr("Classes"))
        list.setMargins(top: 6, bottom: 12, start: 12, end: 12)
        list.setPlaceholder(Label(tr("No classes this week.")))
        for scheduled in classes {
            let c = scheduled.source
            let button = Button(label: ScheduleText.listLine(scheduled, zone: zone).replacingOccurrences(of: "_", with: "__"))
            button.hasFrame = false
            if c.isCancelled { button.addCSSClass("cancelled") }
            if c.isSubstitute { button.addCSSClass("substitute") }
            button.setAccessibleLabel(ScheduleText.spoken(scheduled, zone: zone))
            button.onClicked { open(scheduled) }
            list.append(button)
        }
        return list
    }
}
