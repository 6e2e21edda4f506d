/// The names of an event's fields, as the CLI spells its options and as validation reports them.
/// The GUI maps each to the row that shows its message.
public enum EventField {
    public static let title = "title"
    public static let description = "description"
    public static let locationName = "location-name"
    public static let address = "address"
    public static let latitude = "latitude"
    public static let longitude = "longitude"
    public static let starts = "starts"
    public static let ends = "ends"
    public static let timeZone = "time-zone"
    public static let imageURL = "image-url"
    public static let links = "link"
    public static let host = "host"
    public static let contactName = "contact-name"
    public static let contactEmail = "contact-email"
    public static let contactPhone = "contact-phone"
    public static let audience = "audience"
    public static let stampValue = "stamp-value"
}
