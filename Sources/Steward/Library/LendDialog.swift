import Foundation
import GtkKit
import StewardCore
import Translation

/// Asks to whom a book goes and until when: the borrowers by name, and the due date the
/// organization's loan period gives (changeable, as `loans lend --due` is). Lend stays off
/// until a borrower is chosen and the date reads as one.
@MainActor
enum LendDialog {
    static func ask(parent: Window, title: String, borrowers: [LocalRecord], due: LocalDate,
                    then lend: @escaping @MainActor (UUID, LocalDate) -> Void) {
        let dialog = MessageDialog(parent: parent, heading: tr("Lend “{title}”", ["title": title]),
                                   body: tr("Choose the borrower; the due date follows the lending policy."))
        let content = Box.vertical(spacing: 6)
        let people = borrowers.sorted {
            RecordType.borrower.title(of: $0.fields).localizedCaseInsensitiveCompare(RecordType.borrower.title(of: $1.fields))
                == .orderedAscending
        }
        let names = people.map { person in
            let name = RecordType.borrower.title(of: person.fields)
            let phone = person["phone"]?.stringValue ?? ""
            return phone.isEmpty ? name : "\(name) (\(phone))"
        }
        let borrowerLabel = Label(tr("Borrower"))
        borrowerLabel.xalign = 0
        borrowerLabel.addCSSClass("dim-label")
        // Nobody is picked for staff: lending to the first name by mistake is too easy.
        let picker = ChoiceDropDown(prompt: tr("Choose a borrower…"), choices: names)
        picker.widget.setAccessibleLabel(tr("Borrower"))
        let dueLabel = Label(tr("Due on"))
        dueLabel.xalign = 0
        dueLabel.addCSSClass("dim-label")
        let dueEntry = Entry(placeholder: "2026-12-27")
        dueEntry.text = due.description
        dueEntry.setAccessibleLabel(tr("Due on"))
        dueEntry.activatesDefault = true
        // Why Lend is off, under the date, as the kit's editors say it for a date field.
        let dueProblem = Label("")
        dueProblem.xalign = 0
        dueProblem.wraps = true
        dueProblem.addCSSClass("error")
        dueProblem.addCSSClass("caption")
        dueProblem.isVisible = false
        for widget in [borrowerLabel, picker.widget, dueLabel, dueEntry, dueProblem] as [Widget] { content.append(widget) }
        dialog.setExtraChild(content)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("lend", tr("_Lend"), appearance: .suggested)
        dialog.defaultResponse = "lend"
        dialog.closeResponse = "cancel"
        // Lend waits for a borrower and a date that reads as one.
        func update() {
            let typed = dueEntry.text.trimmingCharacters(in: .whitespaces)
            let valid = LocalDate(iso: typed) != nil
            dueEntry.setInvalid(!valid)
            dueProblem.text = valid ? "" : RecordText.sentence(tr("Due on") + " " + tr("must be a date like 2026-12-06 (got \"{value}\")", ["value": typed]))
            dueProblem.isVisible = !valid
            dueEntry.tieProblem(valid ? nil : dueProblem)
            dialog.setResponseEnabled("lend", valid && picker.chosenIndex != nil)
        }
        dueEntry.onChanged { update() }
        picker.onChanged { _ in update() }
        update()
        dialog.present { response in
            guard response == "lend", let index = picker.chosenIndex, people.indices.contains(index),
                  let dueOn = LocalDate(iso: dueEntry.text.trimmingCharacters(in: .whitespaces)) else { return }
            lend(people[index].id, dueOn)
        }
    }
}
