import Foundation
import GtkKit
import StewardCore
import Translation

/// The Events page's calendar: which period is shown in which view, reading its occurrences
/// and handing them to the month, week or agenda view. The database read and the expansion of
/// series run off the main thread (`EventService.occurrences`), and so does sorting them into
/// days with their clashes; only the few widgets of the view shown are filled on it. A newer
/// request overtakes an older one, whose result is dropped.
@MainActor
final class EventsCalendar {
    private let service: EventService
    /// Most sessions stay in the list: each view is built the first time it is shown, so
    /// none of them costs the window's start (see `onViewMade`).
    private(set) var period: CalendarPeriod {
        didSet { makeView(period.view) }
    }
    private var month: MonthView?
    private var week: WeekView?
    private var agenda: AgendaView?
    /// A view was built: the page puts its widget in its stack, named by the view.
    var onViewMade: ((Widget, CalendarView) -> Void)?
    private var request = 0
    private(set) var organization: Organization?
    /// Only the events of this calendar of the organization's (nil: every event).
    private(set) var calendarFilter: UUID?

    /// An occurrence was activated (the page opens its event).
    var onOpen: ((EventOccurrence) -> Void)?
    /// The period or view changed (the page retitles and switches its stack).
    var onPeriodChanged: ((CalendarPeriod) -> Void)?
    /// A period was shown: its occurrences are on screen (tests and the bench wait for it).
    var onShown: ((CalendarPeriod, Int) -> Void)?
    var onError: ((Error) -> Void)?

    init(service: EventService) {
        self.service = service
        period = CalendarPeriod(view: .list, anchor: LocalDate(Date(), in: .current), firstWeekday: LocaleFormats.current.firstWeekday)
    }

    private func makeView(_ view: CalendarView) {
        switch view {
        case .month where month == nil:
            let made = MonthView()
            made.onOpen = { [weak self] in self?.onOpen?($0) }
            made.onOpenDay = { [weak self] date in self?.show(.agenda, at: date) }
            month = made
            onViewMade?(made.widget, view)
        case .week where week == nil:
            let made = WeekView()
            made.onOpen = { [weak self] in self?.onOpen?($0) }
            week = made
            onViewMade?(made.widget, view)
        case .agenda where agenda == nil:
            let made = AgendaView()
            made.onOpen = { [weak self] in self?.onOpen?($0) }
            agenda = made
            onViewMade?(made.widget, view)
        default: break
        }
    }

    var today: LocalDate { LocalDate(Date(), in: organization?.timeZone ?? .current) }

    /// Another organization (nil: none): the calendar starts again on today.
    func setOrganization(_ org: Organization?) {
        organization = org
        // Calendars are the organization's own: another one starts on all of its events.
        calendarFilter = nil
        period = CalendarPeriod(view: period.view, anchor: today, firstWeekday: period.firstWeekday)
        onPeriodChanged?(period)
        reload()
    }

    func show(_ view: CalendarView, at date: LocalDate? = nil) {
        period = CalendarPeriod(view: view, anchor: date ?? (view == period.view ? period.anchor : visibleDay), firstWeekday: period.firstWeekday)
        onPeriodChanged?(period)
        reload()
    }

    /// A day of the period shown, to keep when switching views: today when it is shown.
    private var visibleDay: LocalDate {
        period.contains(today) ? today : period.days.first
    }

    func move(by step: Int) {
        guard period.view != .list else { return }
        period = period.moved(by: step)
        onPeriodChanged?(period)
        reload()
    }

    func goToToday() {
        guard period.view != .list else { return }
        period = CalendarPeriod(view: period.view, anchor: today, firstWeekday: period.firstWeekday)
        onPeriodChanged?(period)
        reload()
    }

    /// Shows only `calendar`'s events (nil: every event).
    func filter(calendar: UUID?) {
        guard calendar != calendarFilter else { return }
        calendarFilter = calendar
        reload()
    }

    /// Reads the period again (after a save, a sync, a delete).
    func reload() {
        request += 1
        guard period.view != .list, let org = organization else { return }
        let request = self.request
        let period = self.period
        let zone = org.timeZone
        let calendarFilter = self.calendarFilter
        Task {
            do {
                let range = period.range(zone: zone)
                let occurrences = try await service.occurrences(in: org, from: range.from, to: range.to, calendar: calendarFilter)
                let marks = try await service.calendarMarks(in: org, from: range.from, to: range.to)
                let (first, count) = period.days
                let days = await Task.detached(priority: .userInitiated) {
                    CalendarDays(occurrences, first: first, count: count, zone: zone)
                }.value
                guard request == self.request else { return }
                self.present(days, period: period, zone: zone, marks: marks)
                self.onShown?(period, occurrences.count)
            } catch {
                guard request == self.request else { return }
                onError?(error)
            }
        }
    }

    private func present(_ days: CalendarDays, period: CalendarPeriod, zone: TimeZone, marks: [UUID: CalendarMark]) {
        switch period.view {
        case .month: month?.show(days, period: period, today: today, zone: zone, marks: marks)
        case .week: week?.show(days, period: period, today: today, zone: zone, marks: marks)
        case .agenda:
            agenda?.show(days, today: today, zone: zone, marks: marks)
            agenda?.scrollToTop()
        case .list: break
        }
    }
}
