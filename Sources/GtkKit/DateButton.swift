import CGtk

/// A date field: a menu button showing the chosen date that opens a calendar popover.
/// GTK 4.8 has no date picker widget; this is the usual GNOME composition of one.
@MainActor
public final class DateButton {
    /// The widget to put in a layout (a GtkMenuButton).
    public let button: MenuButton
    public let calendar: Calendar
    private let popover: Popover
    private let placeholder: String
    private var handlers: [@MainActor (CalendarDate?) -> Void] = []

    /// The chosen date; nil shows `placeholder`.
    public var date: CalendarDate? {
        didSet {
            button.label = date?.iso8601 ?? placeholder
            if let date, calendar.date != date { calendar.date = date }
        }
    }

    public init(date: CalendarDate? = nil, placeholder: String, accessibleLabel: String) {
        self.placeholder = placeholder
        button = MenuButton(label: date?.iso8601 ?? placeholder, accessibleLabel: accessibleLabel)
        calendar = Calendar()
        popover = Popover(child: calendar)
        button.setPopover(popover)
        self.date = date
        if let date { calendar.date = date }
        // Picking a day sets the date, closes the popover and notifies. The wrapper is held
        // weakly: the calendar (inside the button) must not keep its controller alive.
        calendar.onDaySelected { [weak self] picked in
            guard let self, self.date != picked else { return }
            self.date = picked
            self.popover.popdown()
            for handler in self.handlers { handler(picked) }
        }
    }

    /// Clears the date (shows the placeholder) and notifies.
    public func clear() {
        guard date != nil else { return }
        date = nil
        for handler in handlers { handler(nil) }
    }

    /// Runs after the user picks a day or `clear()` is called (not when `date` is set in code).
    public func onDateChanged(_ handler: @escaping @MainActor (CalendarDate?) -> Void) {
        handlers.append(handler)
    }
}
