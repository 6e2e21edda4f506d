import Foundation

// A custom entry point instead of `StewardStoreCommand.main()`, for the exit codes the tool
// promises: usage errors and invalid input exit 2 (not ArgumentParser's 64), help exits 0,
// other failures exit 1, and every error is one line on stderr.
exit(await StewardStoreCommand.errorReport.run())
