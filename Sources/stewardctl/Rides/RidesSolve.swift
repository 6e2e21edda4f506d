import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl rides solve [--input FILE]`: one instance in, one optimal answer out; no database.
struct RidesSolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Solve one ride-sharing instance given as JSON and print the optimal assignment as JSON.",
        discussion: """
            The instance: {"event": {"id", "location": {"lat", "lon"}}, "max_time_gap_minutes": N, \
            "drivers": [{"id", "seats", "direction": "to|from|both", "pickup": {"lat", "lon"}, \
            "radius_km", "depart_at", "return_at", "gender", "passenger_gender"}], "passengers": \
            [{"id", "direction", "pickup", "depart_at", "return_at", "gender", "driver_gender"}], \
            "current": [{"passenger", "driver", "leg": "to|from"}]} ("current" optional). The \
            answer: {"assignments": [{"passenger", "driver", "leg"}], "unassigned": [{"passenger", \
            "leg", "reason"}]}. It seats the most passenger-legs, then keeps the most current pairs \
            the rules still allow, then has the least total pickup distance. An instance that is \
            not valid exits with status 2, naming what is wrong.
            """)

    @Option(help: ArgumentHelp("Read the instance from this file instead of standard input (- for standard input).",
                               valueName: "file"))
    var input: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let data: Data
        if let input, input != "-" {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: input))
            } catch {
                throw CLIError.usage("input: " + tr("cannot read {path}: {error}", ["path": input, "error": OneLine.text(error)]))
            }
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        let instance: RideInstance
        do {
            instance = try RideInstance(json: data)
        } catch {
            throw CLIError.usage(tr("ride instance: {problem}", ["problem": error.description]))
        }
        do {
            Console.printJSON(try RideSolver().solve(instance).json)
        } catch {
            throw CLIError.failure(tr("rides solve: {problem}", ["problem": error.description]))
        }
    }
}
