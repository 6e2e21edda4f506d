import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The Passport page's Insights view (`PassportInsights`): the totals, stamps month by month as
/// a chart, check-ins and stamps per event and per host, and for each choice question of the
/// survey the stamps of the members who gave each answer, which says whether, say, those who
/// heard of the passport at school come more often than those who saw a poster.
@MainActor
final class PassportInsightsPane {
    let widget: Widget
    private let scroller = ScrolledWindow()

    init() {
        scroller.vexpand = true
        widget = scroller
    }

    func show(_ insights: PassportInsights, zone: TimeZone) {
        // Built again each time: the sections follow the events, hosts and questions there are.
        let content = Box.vertical(spacing: 24)
        content.setMargins(top: 18, bottom: 24, start: 18, end: 18)
        let summary = Label(Self.summary(insights))
        summary.xalign = 0
        summary.wraps = true
        summary.addCSSClass("title-4")
        content.append(summary)

        content.append(chartSection(insights, zone: zone))

        let events = PreferencesGroup(title: tr("Per Event"))
        for event in insights.events {
            let when = event.startsAt.map { DatePatternText.format($0, "d MMM yyyy", zone: zone) } ?? tr("Ongoing")
            let row = Self.row(title: event.title, subtitle: event.host.isEmpty ? when : "\(event.host) · \(when)")
            row.addSuffix(Self.figures(checkIns: event.checkIns, stamps: event.stamps, revoked: event.revoked))
            events.add(row)
        }
        if insights.events.isEmpty { events.add(Self.row(title: tr("No event gives stamps yet."))) }
        content.append(events)

        let hosts = PreferencesGroup(title: tr("Per Host"))
        for host in insights.hosts {
            let row = Self.row(title: host.host.isEmpty ? tr("No host named") : host.host,
                                subtitle: trn("{count} event", "{count} events", host.events) + " · "
                                    + trn("{count} member", "{count} members", host.members))
            row.addSuffix(Self.figures(checkIns: host.checkIns, stamps: host.stamps, revoked: 0))
            hosts.add(row)
        }
        if !insights.hosts.isEmpty { content.append(hosts) }

        for question in insights.questions {
            let group = PreferencesGroup(title: question.prompt,
                                         description: tr("Version {version}: the stamps of the members who gave each answer.",
                                                         ["version": String(question.version)]))
            for answer in question.answers {
                let row = Self.row(title: SurveyResult.label(answer.value, kind: question.kind),
                                    subtitle: trn("{count} member", "{count} members", answer.members))
                let figure = Label(answer.members == 0 ? "—"
                                   : tr("{stamps} stamps, {average} per member",
                                        ["stamps": String(answer.stamps), "average": String(format: "%.1f", answer.average)]))
                figure.addCSSClass("numeric")
                row.addSuffix(figure)
                group.add(row)
            }
            content.append(group)
        }
        scroller.setChild(content)
    }

    /// The heading, what the colours mean, and the chart on a card.
    private func chartSection(_ insights: PassportInsights, zone: TimeZone) -> Widget {
        let chart = StampsOverTimeChart(insights.months, zone: zone)
        let area = DrawingArea()
        area.contentHeight = Int(StampsOverTimeChart.height)
        area.hexpand = true
        area.onDraw { context, width, height in
            chart.draw(on: context, width: Double(width), height: Double(height), dark: StyleManager.isDark)
        }
        // The chart's figures for screen readers (and the UI tests).
        area.setAccessibleLabel(tr("Stamps by month"))
        // Every month with its year, so a screen reader says which year each is.
        area.setAccessibleDescription(insights.months.map { month in
            "\(DatePatternText.format(month.start, "MMM yyyy", zone: zone)): \(month.stamps)"
        }.joined(separator: ", "))
        let card = Box.vertical()
        card.addCSSClass("card")
        card.append(area)
        let heading = Label(tr("Stamps by Month"))
        heading.addCSSClass("heading")
        heading.xalign = 0
        let legend = Label(tr("Stamps members hold, by the month they got them: check-ins dark, staff grants light."))
        legend.addCSSClass("dim-label")
        legend.xalign = 0
        legend.wraps = true
        let section = Box.vertical(spacing: 6)
        section.append(heading)
        section.append(legend)
        section.append(card)
        return section
    }

    /// "Check-ins: 128 · Stamps held: 412 · Members with stamps: 25": what the UI test compares
    /// with the ledger.
    static func summary(_ insights: PassportInsights) -> String {
        tr("Check-ins: {checkIns} · Stamps held: {stamps} · Members with stamps: {members}",
           ["checkIns": String(insights.checkIns), "stamps": String(insights.stamps), "members": String(insights.members)])
    }

    private static func figures(checkIns: Int, stamps: Int, revoked: Int) -> Label {
        var parts = [trn("{count} check-in", "{count} check-ins", checkIns), trn("{count} stamp", "{count} stamps", stamps)]
        if revoked > 0 { parts.append(trn("{count} revoked", "{count} revoked", revoked)) }
        let label = Label(parts.joined(separator: " · "))
        label.addCSSClass("numeric")
        return label
    }

    /// A row showing its texts as typed: titles and addresses may hold "&" or "<", which a
    /// row's default markup would take for tags.
    private static func row(title: String, subtitle: String? = nil) -> ActionRow {
        let row = ActionRow(title: "")
        row.setProperty("use-markup", false)
        row.title = title
        if let subtitle { row.subtitle = subtitle }
        return row
    }
}
