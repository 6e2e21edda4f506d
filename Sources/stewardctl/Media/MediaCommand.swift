import ArgumentParser

/// `stewardctl media`: the organization's library of photos, recordings, videos and PDFs.
struct MediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Add, list, show and remove the organization's photos, recordings, videos and PDFs.",
        discussion: """
            Files are checked as the store checks them: the kind is read from the content, not \
            the name (JPEG, PNG or GIF images, MP3, M4A or AAC audio, MP4 video, PDF documents), \
            each kind has its largest size and the organization its total. Images are decoded \
            and encoded again, so their EXIF data (the GPS position a phone wrote) is left behind \
            before anything leaves this computer. Files are kept beside the database and \
            uploaded by the next sync; records name them by id (`--audio ID` on messages, \
            `--image-url ID` on prizes). A file a record uses cannot be removed.
            """,
        subcommands: [MediaAdd.self, MediaList.self, MediaShow.self, MediaRemove.self])
}
