import Foundation
import Testing
@testable import StewardCore

/// A trainer's profile on the kit: the name the schedule gives them, specialties kept as
/// words, a photo only over https; matched to the schedule whatever the case.
@Suite("Trainer profiles")
struct TrainerProfileTests {
    @Test("specialties are kept lower-cased without repeats; the name is required; a photo must be https")
    func validation() throws {
        let fields = try RecordType.trainer.validate(.object([
            "name": .string("Priya Natarajan"), "specialties": .array([.string("Yoga"), .string(" Prenatal"), .string("yoga")]),
            "photoURL": .string("https://ironworks-gym.example/team/priya.jpg"),
        ]), orgZone: .gmt)
        #expect(fields["specialties"]?.arrayValue?.compactMap(\.stringValue) == ["yoga", "prenatal"])
        let refused = Self.refusal(.object(["name": .string(" "), "photoURL": .string("http://example.org/a.jpg")]))
        let problemFields = refused.map(\.field)
        #expect(problemFields.contains("name"), "\(refused)")
        #expect(problemFields.count == 2, "\(refused)")
    }

    /// The fields a refused profile's problems are under; empty when it was accepted.
    static func refusal(_ fields: JSONValue) -> [ValidationIssue] {
        do {
            _ = try RecordType.trainer.validate(fields, orgZone: .gmt)
            return []
        } catch let error as ValidationError {
            return error.issues
        } catch {
            return []
        }
    }

    @Test("the schedule's name and the profile's match whatever the case and spaces")
    func matching() {
        #expect(RecordType.trainerKey(" Priya Natarajan ") == RecordType.trainerKey("priya natarajan"))
        #expect(RecordType.trainerKey("Sam Okafor") != RecordType.trainerKey("Sam Okafor Jr"))
    }

    @Test("the demo gym has three profiles, each of a trainer its schedule names")
    func demoProfiles() {
        let names = Set(DemoGymContent.trainerProfiles.map(\.name))
        #expect(names.count == 3)
        #expect(names.isSubset(of: Set(DemoSchedule.trainers)))
    }
}
