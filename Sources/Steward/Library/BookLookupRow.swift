import Foundation
import GtkKit
import StewardCore
import Translation

/// The book editor's "Look Up" row, under the ISBN: asks Open Library for the typed ISBN and
/// fills the form's empty fields (and a title that is only the ISBN, as a scan leaves it) with
/// its title, authors, publisher, date and cover. Offline, or for an ISBN it does not know, the
/// row says so and the form stays as typed.
@MainActor
final class BookLookupRow {
    let row: ActionRow
    private let button: Button
    private let inputs: [String: FieldInput]
    private let lookup: OpenLibraryLookup
    private var isLooking = false

    init(inputs: [FieldInput], lookup: OpenLibraryLookup = OpenLibraryLookup()) {
        self.inputs = Dictionary(inputs.map { ($0.field.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.lookup = lookup
        row = ActionRow(title: tr("Fill from Open Library"),
                        subtitle: tr("Type the ISBN, then look it up to fill the title, authors and publisher."))
        button = Button(label: tr("_Look Up"))
        button.setAccessibleLabel(tr("Look Up ISBN"))
        button.verticalAlignment = .center
        row.addSuffix(button)
        row.setAccessibleLabel(tr("Fill from Open Library"))
        button.onClicked { [weak self] in self?.lookUp() }
    }

    private func say(_ text: String, problem: Bool) {
        row.subtitle = Label.escapeMarkup(text)
        row.setCSSClass("lookup-problem", problem)
        row.setAccessibleDescription(text)
    }

    private func lookUp() {
        guard !isLooking, let isbnInput = inputs["isbn"] else { return }
        let typed = isbnInput.value.stringValue ?? ""
        let isbn: ISBN
        do {
            isbn = try ISBN(typed)
        } catch {
            say(tr("ISBN: {problem}", ["problem": RecordText.sentence(error.description)]), problem: true)
            return
        }
        isLooking = true
        button.isSensitive = false
        say(tr("Looking up {isbn}…", ["isbn": isbn.isbn13]), problem: false)
        Task {
            defer {
                isLooking = false
                button.isSensitive = true
            }
            do {
                guard let found = try await lookup.lookUp(isbn) else {
                    say(tr("Open Library does not know {isbn}; the form keeps what you typed.", ["isbn": isbn.isbn13]), problem: true)
                    return
                }
                var filled: [String] = []
                for (name, value) in found.sorted(by: { $0.key < $1.key }) {
                    guard let input = inputs[name] else { continue }
                    let current = input.value.stringValue?.trimmingCharacters(in: .whitespaces) ?? ""
                    // What staff typed stays; a scan's stand-in title (the ISBN) does not count.
                    guard current.isEmpty || (name == "title" && (try? ISBN(current))?.isbn13 == isbn.isbn13) else { continue }
                    input.fill(value)
                    filled.append(input.field.label)
                }
                say(filled.isEmpty ? tr("Found on Open Library; the form already had all it knows.")
                                   : tr("Filled from Open Library: {fields}.", ["fields": filled.joined(separator: ", ")]),
                    problem: false)
            } catch {
                say(RecordText.sentence("\(error)"), problem: true)
            }
        }
    }
}
