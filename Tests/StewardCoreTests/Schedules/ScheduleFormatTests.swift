import Foundation
import Testing
@testable import StewardCore

/// The same timetable as MindBody v6 JSON, a SOAP v5 XML answer and an iCalendar feed reads
/// the same, and gives the same mirror.
@Suite struct ScheduleFormatTests {
    let zone = ScheduleFixture.zone
    let window = ScheduleFixture.window

    private func sorted(_ classes: [SourceClass]) -> [SourceClass] {
        classes.sorted { $0.sourceClassId < $1.sourceClassId }
    }

    @Test func jsonXMLAndICalendarReadTheSame() throws {
        let json = try MindBodyJSON.page(ScheduleFixture.v6Answer(), zone: zone).classes
        let xml = try MindBodySOAP.classes(ScheduleFixture.soapAnswer(), zone: zone)
        let ical = try ICalendarTimetable.classes(ScheduleFixture.calendar(), zone: zone, window: window)
        #expect(json.count == ScheduleFixture.items.count)
        #expect(sorted(xml) == sorted(json))
        #expect(sorted(ical) == sorted(json))
    }

    @Test func fieldsComeThroughInTheSitesZone() throws {
        let classes = try MindBodyJSON.page(ScheduleFixture.v6Answer(), zone: zone).classes
        let strength = try #require(classes.first { $0.sourceClassId == "7001" })
        #expect(strength.name == "Morning Strength")
        #expect(strength.description == "Barbells & kettlebells; bring <water>")
        #expect(strength.trainer == "Alex Rivera")
        #expect(strength.trainerId == "101")
        #expect(strength.room == "Studio A")
        #expect(strength.program == "Strength")
        #expect(strength.classScheduleId == "31")
        #expect(strength.maxCapacity == 20 && strength.totalBooked == 18 && strength.webCapacity == 18)
        // 06:00 in Denver in January (MST, UTC-7) is 13:00 UTC.
        #expect(DateTimeText.iso(strength.startsAt, zone: .gmt).hasPrefix("2027-01-04T13:00"))
        #expect(strength.endsAt.timeIntervalSince(strength.startsAt) == 3600)
        let spin = try #require(classes.first { $0.sourceClassId == "7003" })
        #expect(spin.isCancelled && !spin.isSubstitute)
        let flow = try #require(classes.first { $0.sourceClassId == "7002" })
        #expect(flow.isSubstitute && !flow.isCancelled)
        let hiit = try #require(classes.first { $0.sourceClassId == "7004" })
        #expect(hiit.totalWaitlisted == 4 && hiit.isWaitlistAvailable)
    }

    @Test func theThreeFormatsGiveTheSameMirror() async throws {
        let database = try AppDatabase.inMemory()
        let org = ScheduleFixture.org
        try await database.writer.write { db in try org.insert(db) }
        let service = ScheduleService(database: database, credentials: MemoryCredentialStore())
        let json = try ScheduleFixture.write(ScheduleFixture.v6Answer(), named: "classes.json")
        let xml = try ScheduleFixture.write(ScheduleFixture.soapAnswer(), named: "GetClasses.xml")
        let ics = try ScheduleFixture.write(ScheduleFixture.calendar(), named: "timetable.ics")
        var mirrors: [[SourceClass]] = []
        for add in [{ try await service.addFile(json, in: org) }, { try await service.addFile(xml, in: org) },
                    { try await service.addICal(ics, in: org) }] {
            let source = try await add()
            let results = try await service.refresh(source.id, in: org, window: window)
            #expect(results.map(\.counts) == [RefreshCounts(new: 7, cancelled: 1, substitutes: 2)])
            let classes = try await service.classes(in: org, from: window.start, to: window.end)
                .filter { $0.sourceId == source.id }
            #expect(classes.allSatisfy { $0.id == ClassIdentity.id(sourceId: source.id, sourceClassId: $0.source.sourceClassId) })
            mirrors.append(sorted(classes.map(\.source)))
        }
        #expect(mirrors[0].count == 7)
        #expect(mirrors[1] == mirrors[0])
        #expect(mirrors[2] == mirrors[0])
    }

    @Test func theFileKindIsToldByItsContent() {
        #expect(SavedSchedule.format(of: Data("  {\"Classes\": []}".utf8)) == .json)
        #expect(SavedSchedule.format(of: Data("<?xml version=\"1.0\"?><a/>".utf8)) == .xml)
        #expect(SavedSchedule.format(of: Data("BEGIN:VCALENDAR\r\n".utf8)) == .ical)
        #expect(SavedSchedule.format(of: Data("Id,Name\n".utf8)) == nil)
    }

    @Test func unreadableAnswersSayWhatIsWrong() {
        #expect(throws: ScheduleFormatError.self) { try MindBodyJSON.page(Data("{\"Classes\": [{\"Id\": ".utf8), zone: zone) }
        do {
            _ = try MindBodyJSON.page(Data("{\"Classes\": [{\"Id\": 5}]}".utf8), zone: zone)
            Issue.record("a class without times was accepted")
        } catch {
            #expect(error.reason.contains("StartDateTime"))
        }
        do {
            _ = try MindBodyJSON.page(Data("{\"Results\": []}".utf8), zone: zone)
            Issue.record("an answer without Classes was accepted")
        } catch {
            #expect(error.reason.contains("Classes"))
        }
        let failed = Data("""
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>
            <GetClassesResponse xmlns="http://clients.mindbodyonline.com/api/0_5_1"><GetClassesResult>
            <Status>InvalidCredentials</Status><Message>Invalid SourceCredentials</Message>
            </GetClassesResult></GetClassesResponse></soap:Body></soap:Envelope>
            """.utf8)
        do {
            _ = try MindBodySOAP.classes(failed, zone: zone)
            Issue.record("a failed SOAP answer was accepted")
        } catch {
            #expect(error.reason.contains("InvalidCredentials"))
        }
        #expect(throws: ScheduleFormatError.self) { try MindBodySOAP.classes(Data("<a><b></a>".utf8), zone: zone) }
        #expect(throws: ScheduleFormatError.self) { try ICalendarTimetable.classes(Data("hello".utf8), zone: zone, window: window) }
    }

    /// Found by `make fuzz` (Tests/fuzz/corpus/mindbody-json/huge-id.json): an id written as a
    /// number beyond a 64-bit whole number crashed the reader; it is refused in words, and an
    /// optional id that large is left out.
    @Test func anIdTooLargeForAWholeNumberIsRefusedNotACrash() throws {
        let times = #""StartDateTime":"2027-01-04T06:00:00","EndDateTime":"2027-01-04T07:00:00""#
        do {
            _ = try MindBodyJSON.page(Data(#"{"Classes":[{"Id":70019223372036854775808,\#(times)}]}"#.utf8), zone: zone)
            Issue.record("a class with an unreadable Id was accepted")
        } catch {
            #expect(error.reason.contains("class 1 has an unreadable Id"))
        }
        let page = try MindBodyJSON.page(Data(#"{"Classes":[{"Id":7001,"ClassScheduleId":1e19,"Staff":{"Id":-1e19},\#(times)}]}"#.utf8), zone: zone)
        #expect(page.classes.first?.classScheduleId == nil)
        #expect(page.classes.first?.trainerId == nil)
        let appointment = try JSONValue.parse(#"{"Id":12345678901234567890123,\#(times)}"#)
        do {
            _ = try MindBodyAppointmentJSON.appointment(appointment, index: 0, zone: zone)
            Issue.record("an appointment with an unreadable Id was accepted")
        } catch {
            #expect(error.reason.contains("appointment 1 has an unreadable Id"))
        }
    }

    /// Found by `make fuzz` (Tests/fuzz/corpus/mindbody-json/offset-minutes.json): "-07800" was
    /// read as an offset of 7 hours 80 minutes, "+99:00" silently in the gym's own zone, and
    /// text after an offset was ignored. An offset no place has is refused, as any other
    /// unreadable time is; a real one is taken as given.
    @Test func aDateTimeWithAnOffsetNoPlaceHasIsRefused() throws {
        for text in ["2027-01-04T07:00:00.000-07800", "2027-01-04T07:00:00+99:00", "2027-01-04T07:00:00+18:01",
                     "2027-01-04T07:00:00-07:60", "2027-01-04T07:00:00-07:00 in Denver", "2027-01-04T07:00:00+0100Z"] {
            #expect(SourceDateTime.parse(text, zone: zone) == nil, "\(text)")
        }
        let utc = try #require(SourceDateTime.parse("2027-01-04T14:00:00Z", zone: zone))
        #expect(SourceDateTime.parse("2027-01-04T07:00:00-07:00", zone: zone) == utc)
        #expect(SourceDateTime.parse("2027-01-04T07:00:00.500-0700", zone: zone) == utc)
        #expect(SourceDateTime.parse("2027-01-05T04:00:00+14:00", zone: zone) == utc)
        #expect(SourceDateTime.parse("2027-01-04T07:00:00", zone: zone) == utc)
        do {
            _ = try MindBodyJSON.page(Data(#"{"Classes":[{"Id":1,"StartDateTime":"2027-01-04T07:00:00+99:00","EndDateTime":"2027-01-04T08:00:00"}]}"#.utf8), zone: zone)
            Issue.record("a class starting at an impossible offset was accepted")
        } catch {
            #expect(error.reason.contains("unreadable StartDateTime"))
        }
    }

    /// Found by `make fuzz` (Tests/fuzz/corpus/mindbody-xml/name-not-utf8.xml,
    /// misnamed-encoding.xml, bad-version.xml): an element name with bytes that are not UTF-8
    /// stopped the whole program inside Foundation's XML parser. Such a file is refused in
    /// words; one whose declaration names an 8-bit encoding is converted, and still reads.
    @Test func anXMLAnswerThatIsNotUTF8IsRefusedNotACrash() throws {
        var broken = Data("<?xml version=\"1.0\" encoding=\"utf-8\"?><GetClassesResult><Classes><Class".utf8)
        broken.append(contentsOf: [0xFF, 0xFE])
        broken.append(contentsOf: Data("/></Classes></GetClassesResult>".utf8))
        // Something that looks like an encoding but is none reads the bytes as they are, too.
        var misnamed = Data("<?xmlencoding=\"<?><".utf8)
        misnamed.append(contentsOf: [0xE8, 0x64, 0x79, 0x3E])
        // A known encoding in what libxml2 does not take as a declaration.
        var undeclared = Data("<?xmlencoding=\"us-ascii?><".utf8)
        undeclared.append(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF])
        for text in [broken, misnamed, undeclared] {
            do {
                _ = try MindBodySOAP.classes(text, zone: zone)
                Issue.record("an XML answer that is not UTF-8 was accepted")
            } catch {
                #expect(error.reason.contains("UTF-8"))
            }
        }
        // A declaration libxml2 does not take (a version of "..0") does not make it convert.
        var badVersion = Data("<?xml version=\"..0\" encoding=\"ISO-8859-1\"?><GetClassesResult><Classes><Class><f".utf8)
        badVersion.append(0xE9)
        badVersion.append(contentsOf: Data("/></Class></Classes></GetClassesResult>".utf8))
        #expect(throws: ScheduleFormatError.self) { try MindBodySOAP.classes(badVersion, zone: zone) }
        var latin1 = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><GetClassesResult><Classes><Class><ID>1</ID><ClassDescription><Name>Caf".utf8)
        latin1.append(0xE9)
        latin1.append(contentsOf: Data("</Name></ClassDescription><StartDateTime>2027-01-04T06:00:00</StartDateTime><EndDateTime>2027-01-04T07:00:00</EndDateTime></Class></Classes></GetClassesResult>".utf8))
        #expect(try MindBodySOAP.classes(latin1, zone: zone).map(\.name) == ["Caf\u{E9}"])
    }

    /// Found by `make fuzz` (Tests/fuzz/corpus/mindbody-xml/instruction-without-data.xml and
    /// instruction-after-broken-declaration.xml): a processing instruction with nothing after
    /// its name (`<?page?>`) stopped the whole program inside Foundation's XML parser, also
    /// where libxml2 finds one after a broken declaration, or spelled out by an entity. It is
    /// read as the XML it is; a DOCTYPE, which a SOAP answer never has, is refused in words.
    @Test func anInstructionWithoutDataIsReadNotACrash() throws {
        let answer = Data("""
            <?xml version="1.0" encoding="utf-8"?><?page?>
            <GetClassesResult><?mindbody?><Classes><Class><ID>7001</ID>
            <ClassDescription><Name>Spin</Name><!-- <?y?> --></ClassDescription>
            <StartDateTime>2027-01-04T06:00:00</StartDateTime><EndDateTime>2027-01-04T07:00:00</EndDateTime>
            </Class></Classes></GetClassesResult>
            """.utf8)
        let classes = try MindBodySOAP.classes(answer, zone: zone)
        #expect(classes.map(\.sourceClassId) == ["7001"])
        #expect(classes.map(\.name) == ["Spin"])
        #expect(throws: ScheduleFormatError.self) { try MindBodySOAP.classes(Data("<?xml ><?f?>".utf8), zone: zone) }
        do {
            _ = try MindBodySOAP.classes(Data(#"<!DOCTYPE a [<!ENTITY e "&#60;?f?>">]><a>&e;</a>"#.utf8), zone: zone)
            Issue.record("a document with a DOCTYPE was accepted")
        } catch {
            #expect(error.reason.contains("DOCTYPE"))
        }
    }

    /// Found by `make fuzz` (Tests/fuzz/corpus/icalendar/ends-before-it-starts.ics): a class
    /// whose end came before its start was read as it was, in every format. Such a class is
    /// refused in words naming it, as a class without a start is.
    /// Found by `make fuzz`: a repeat rule every 15 minutes from the year 227 made libical walk
    /// some 63 million dates before the window; the refresh hung instead of refusing the feed.
    @Test func aRuleThatRepeatsTooOftenForTooLongIsRefusedNotWalked() throws {
        func feed(_ start: String, _ rule: String) -> Data {
            Data("""
                BEGIN:VCALENDAR\r
                BEGIN:VEVENT\r
                UID:weekly-spin\r
                DTSTART;TZID=America/Denver:\(start)\r
                DURATION:PT45M\r
                RRULE:\(rule)\r
                END:VEVENT\r
                END:VCALENDAR\r

                """.utf8)
        }
        let began = Date()
        do {
            _ = try ICalendarTimetable.classes(feed("02270105T180000", "FREQ=MINUTELY;INTERVAL=15"), zone: zone, window: window)
            Issue.record("a rule walking millions of dates was expanded")
        } catch {
            #expect(error.reason.contains("event 1 (weekly-spin) repeats too often for too long"))
        }
        #expect(Date().timeIntervalSince(began) < 5)
        // Real timetables stay well inside: a daily class since 1990 and a weekly one since 1900.
        let daily = try ICalendarTimetable.classes(feed("19900101T060000", "FREQ=DAILY"), zone: zone, window: window)
        #expect(daily.count == Int((window.duration / 86_400).rounded(.up)))
        let weekly = try ICalendarTimetable.classes(feed("19000102T180000", "FREQ=WEEKLY;BYDAY=TU,TH"), zone: zone, window: window)
        #expect(!weekly.isEmpty)
        // COUNT ends a rule: every 15 minutes from the year 227, 61 times, is harmless.
        let counted = try ICalendarTimetable.classes(feed("02270105T180000", "FREQ=MINUTELY;INTERVAL=15;COUNT=61"), zone: zone, window: window)
        #expect(counted.isEmpty)
    }

    /// Found by the hour-long `make fuzz` run: a rule no date fits makes libical 3.0 look for
    /// its next date until the year 2582 (9 s for an hourly rule, hours for a secondly one).
    @Test func aRuleNoDateFitsCannotHoldTheRefresh() throws {
        func feed(_ rule: String) -> Data {
            Data("""
                BEGIN:VCALENDAR\r
                BEGIN:VEVENT\r
                UID:open-gym\r
                DTSTART;TZID=America/Denver:20270105T180000\r
                DURATION:PT45M\r
                RRULE:\(rule)\r
                END:VEVENT\r
                END:VCALENDAR\r

                """.utf8)
        }
        do {
            _ = try ICalendarTimetable.classes(feed("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30"), zone: zone, window: window)
            Issue.record("an hourly rule on chosen days was expanded")
        } catch {
            #expect(error.reason.contains("event 1 (open-gym) repeats by the hour, minute or second on chosen days"))
        }
        // The same classes as a daily rule with BYHOUR read as they should.
        let hourly = try ICalendarTimetable.classes(feed("FREQ=DAILY;BYDAY=TU;BYHOUR=18,19"), zone: zone, window: window)
        #expect(hourly.count == 8)
        // A monthly rule picking the 10th of one date never fits: refused once the wait is over
        // (here at once), and read as no classes when libical is given the time it needs.
        let neverFits = feed("FREQ=MONTHLY;BYDAY=-1FR;BYSETPOS=10")
        do {
            _ = try ICalendarTimetable.classes(neverFits, zone: zone, window: window, deadline: 0)
            Issue.record("a feed still expanding past its deadline was accepted")
        } catch {
            #expect(error.reason.contains("its repeat rules take more than 0 seconds to expand"))
        }
        #expect(try ICalendarTimetable.classes(neverFits, zone: zone, window: window).isEmpty)
    }

    @Test func aClassThatEndsBeforeItStartsIsRefused() throws {
        let ics = Data("""
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:spin\r
            DTSTART;TZID=America/Denver:20270119T190000\r
            DTEND;TZID=America/Denver:20270119T180000\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:yoga\r
            DTSTART:20270120T150000Z\r
            DURATION:-PT1H\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
        do {
            _ = try ICalendarTimetable.classes(ics, zone: zone, window: window)
            Issue.record("a calendar class that ends before it starts was accepted")
        } catch {
            #expect(error.reason.contains("event 1 (spin) ends before it starts"))
        }
        let negative = Data(String(decoding: ics, as: UTF8.self).replacingOccurrences(of: "T180000", with: "T193000").utf8)
        do {
            _ = try ICalendarTimetable.classes(negative, zone: zone, window: window)
            Issue.record("a calendar class with a negative duration was accepted")
        } catch {
            #expect(error.reason.contains("event 2 (yoga) ends before it starts"))
        }
        let times = #""StartDateTime":"2027-01-04T07:00:00","EndDateTime":"2027-01-04T06:00:00""#
        do {
            _ = try MindBodyJSON.page(Data(#"{"Classes":[{"Id":1,\#(times)}]}"#.utf8), zone: zone)
            Issue.record("a MindBody class that ends before it starts was accepted")
        } catch {
            #expect(error.reason.contains("class 1 ends before it starts"))
        }
        let appointment = try JSONValue.parse(#"{"Id":1,\#(times)}"#)
        do {
            _ = try MindBodyAppointmentJSON.appointment(appointment, index: 0, zone: zone)
            Issue.record("an appointment that ends before it starts was accepted")
        } catch {
            #expect(error.reason.contains("appointment 1 ends before it starts"))
        }
        let xml = Data("<GetClassesResult><Classes><Class><ID>1</ID><StartDateTime>2027-01-04T07:00:00</StartDateTime><EndDateTime>2027-01-04T06:00:00</EndDateTime></Class></Classes></GetClassesResult>".utf8)
        do {
            _ = try MindBodySOAP.classes(xml, zone: zone)
            Issue.record("a SOAP class that ends before it starts was accepted")
        } catch {
            #expect(error.reason.contains("class 1 ends before it starts"))
        }
        // A class that ends as it starts is a class of no length, not an error.
        let instant = #""StartDateTime":"2027-01-04T07:00:00","EndDateTime":"2027-01-04T07:00:00""#
        #expect(try MindBodyJSON.page(Data(#"{"Classes":[{"Id":1,\#(instant)}]}"#.utf8), zone: zone).classes.count == 1)
    }

    @Test func recurringCalendarClassesAreExpandedWithinTheWindow() throws {
        let ics = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:weekly-spin\r
            DTSTART;TZID=America/Denver:20270105T180000\r
            DTEND;TZID=America/Denver:20270105T184500\r
            RRULE:FREQ=WEEKLY;COUNT=10\r
            EXDATE;TZID=America/Denver:20270112T180000\r
            SUMMARY:Spin\r
            LOCATION:Cycle Room\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:weekly-spin\r
            RECURRENCE-ID;TZID=America/Denver:20270119T180000\r
            DTSTART;TZID=America/Denver:20270119T190000\r
            DTEND;TZID=America/Denver:20270119T194500\r
            SUMMARY:Spin (late)\r
            LOCATION:Cycle Room\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
        let classes = try ICalendarTimetable.classes(ics, zone: zone, window: window)
        // January 2027 Tuesdays from the 5th: 5, 12 (excluded), 19 (moved), 26.
        let starts = classes.map { DateTimeText.iso($0.startsAt, zone: zone) }.sorted()
        #expect(starts.count == 3)
        #expect(starts.first?.hasPrefix("2027-01-05T18:00") == true)
        let moved = try #require(classes.first { $0.name == "Spin (late)" })
        #expect(DateTimeText.iso(moved.startsAt, zone: zone).hasPrefix("2027-01-19T19:00"))
        #expect(moved.endsAt.timeIntervalSince(moved.startsAt) == 45 * 60)
        #expect(Set(classes.map(\.sourceClassId)).count == 3)
    }
}

/// The gym's demo month: three rooms, five trainers, cancellations, substitutes, a removed
/// class, notes, and a last refresh that says what changed.
@Suite struct ScheduleDemoTests {
    @Test func theGymHasAMirroredMonth() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-25T19:00")!
        let summary = try DemoDataset(database: database).load(reference: reference)
        #expect(summary.scheduledClassesAdded == 4 * (5 * 8 + 3 + 2))
        let gym = try await OrganizationService(database: database).find(slug: "ironworks-gym")
        let service = ScheduleService(database: database, credentials: MemoryCredentialStore())
        let sources = try await service.sources(in: gym)
        #expect(sources.count == 1)
        #expect(sources.first?.lastCounts == RefreshCounts(updated: 9, cancelled: 4, substitutes: 5, removed: 1))
        let month = try await service.classes(in: gym, from: reference.addingTimeInterval(-10 * 86_400),
                                              to: reference.addingTimeInterval(40 * 86_400))
        #expect(month.count == summary.scheduledClassesAdded)
        #expect(Set(month.map(\.source.room)).count == 3)
        #expect(Set(month.map(\.source.trainer)).count == 5)
        #expect(month.filter(\.source.isCancelled).count == 4)
        #expect(month.filter(\.source.isSubstitute).count == 5)
        #expect(month.filter(\.isRemoved).count == 1)
        #expect(month.filter { !$0.localNote.isEmpty }.count == 5)
        #expect(month.filter(\.isFeatured).count == 2)
        // Cancellations and substitutes lie ahead, where the owner looks.
        #expect(month.filter { $0.source.isCancelled || $0.source.isSubstitute }.allSatisfy { $0.source.startsAt > reference })
        // A refresh of the demo source says plainly that it has no key.
        do {
            _ = try await service.refresh(in: gym, now: reference)
            Issue.record("the demo source refreshed without a key")
        } catch let error as ScheduleRefreshError {
            #expect(error.message.contains("API key"))
        }
    }

    @Test("a substitute's class names whom they stand in for: the schedule's own trainer")
    func substituteNamesTheRegularTrainer() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-25T19:00")!
        _ = try DemoDataset(database: database).load(reference: reference)
        let gym = try await OrganizationService(database: database).find(slug: "ironworks-gym")
        let service = ScheduleService(database: database, credentials: MemoryCredentialStore())
        let month = try await service.classes(in: gym, from: reference.addingTimeInterval(-10 * 86_400),
                                              to: reference.addingTimeInterval(40 * 86_400))
        let substitutes = month.filter(\.source.isSubstitute)
        #expect(!substitutes.isEmpty)
        for scheduled in substitutes {
            let regular = try await service.regularTrainer(of: scheduled, in: gym)
            let own = month.filter { $0.source.classScheduleId == scheduled.source.classScheduleId && !$0.source.isSubstitute }
            let counts = Dictionary(grouping: own, by: \.source.trainer).mapValues(\.count)
            #expect(regular != nil && counts[regular ?? ""] == counts.values.max(), "\(scheduled.source.name): \(String(describing: regular)) of \(counts)")
            #expect(regular != scheduled.source.trainer)
        }
        // A class its own trainer teaches stands in for nobody.
        let usual = try #require(month.first { !$0.source.isSubstitute })
        #expect(try await service.regularTrainer(of: usual, in: gym) == nil)
    }
}

/// The week grid's layout and the filters, without a window.
@Suite struct WeekLayoutTests {
    @Test func overlappingClassesTakeLanesAndRowsFollowTheClock() throws {
        let classes = try MindBodyJSON.page(ScheduleFixture.v6Answer(), zone: ScheduleFixture.zone).classes
        let org = UUID(), source = UUID()
        var mirror = classes.map {
            ScheduledClass(id: ClassIdentity.id(sourceId: source, sourceClassId: $0.sourceClassId), orgId: org, sourceId: source,
                           source: $0, firstSeenAt: Date(), changedAt: Date())
        }
        // Another 06:30 class on Monday overlaps Morning Strength (06:00-07:00).
        var overlap = mirror[0]
        overlap.id = UUID()
        overlap.source.startsAt = overlap.source.startsAt.addingTimeInterval(30 * 60)
        mirror.append(overlap)
        let monday = try #require(LocalDate(iso: "2027-01-04"))
        #expect(WeekLayout.monday(of: try #require(LocalDate(iso: "2027-01-07"))) == monday)
        #expect(WeekLayout.monday(of: try #require(LocalDate(iso: "2027-01-10"))) == monday)
        let layout = WeekLayout(mirror, firstDay: monday, zone: ScheduleFixture.zone)
        #expect(layout.blocks.count == 8)
        #expect(layout.firstHour == 6)
        #expect(layout.lastHour == 19)
        #expect(layout.lanes[0] == 2 && layout.lanes[1] == 1)
        let strength = try #require(layout.blocks.first { $0.scheduled.id == mirror[0].id })
        #expect(strength.day == 0 && strength.lane == 0 && strength.row == 0 && strength.rows == 4)
        let second = try #require(layout.blocks.first { $0.scheduled.id == overlap.id })
        #expect(second.lane == 1 && second.row == 2)
        let flow = try #require(layout.blocks.first { $0.scheduled.source.sourceClassId == "7002" })
        #expect(flow.row == 14 && flow.rows == 5)  // 09:30 for 75 minutes
        #expect(layout.blocks.filter { $0.day == 2 }.count == 2)
    }

    @Test func filtersNarrowByTrainerRoomProgramAndMarks() throws {
        let classes = try MindBodyJSON.page(ScheduleFixture.v6Answer(), zone: ScheduleFixture.zone).classes
        let mirror = classes.map {
            ScheduledClass(id: UUID(), orgId: UUID(), sourceId: UUID(), source: $0, firstSeenAt: Date(), changedAt: Date())
        }
        func count(_ filter: ScheduleFilter) -> Int { mirror.filter(filter.matches).count }
        #expect(count(ScheduleFilter()) == 7)
        #expect(count(ScheduleFilter(trainer: "Priya Natarajan")) == 2)
        #expect(count(ScheduleFilter(room: "Studio B")) == 3)
        #expect(count(ScheduleFilter(program: "Yoga")) == 2)
        #expect(count(ScheduleFilter(cancelledOnly: true)) == 1)
        #expect(count(ScheduleFilter(substitutesOnly: true)) == 2)
        #expect(count(ScheduleFilter(room: "Studio B", substitutesOnly: true)) == 2)
    }

    @Test func anAutomaticRefreshIsDueOnlyOnceItsIntervalHasPassed() async throws {
        let database = try AppDatabase.inMemory()
        let org = ScheduleFixture.org
        try await database.writer.write { db in try org.insert(db) }
        let service = ScheduleService(database: database, credentials: MemoryCredentialStore())
        let file = try ScheduleFixture.write(ScheduleFixture.v6Answer(), named: "classes.json")
        let source = try await service.addFile(file, in: org)
        let now = Date()
        #expect(try await service.isRefreshDue(for: org, now: now) == false)
        try await service.setRefreshInterval(60, for: org)
        #expect(try await service.refreshInterval(for: org) == 60)
        #expect(try await service.isRefreshDue(for: org, now: now))
        _ = try await service.refresh(source.id, in: org, now: now)
        #expect(try await service.isRefreshDue(for: org, now: now.addingTimeInterval(59 * 60)) == false)
        #expect(try await service.isRefreshDue(for: org, now: now.addingTimeInterval(61 * 60)))
        try await service.setRefreshInterval(nil, for: org)
        #expect(try await service.refreshInterval(for: org) == nil)
    }
}
