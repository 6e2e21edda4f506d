import Foundation
import Translation

// The language and the catalogue, before anything is said.
Translation.start()
// A custom entry point instead of `Stewardctl.main()`, for the exit codes the CLI promises:
// ArgumentParser's usage errors exit 2 (not 64), help exits 0, and every error is one line.
exit(await Stewardctl.errorReport.run())
