/// The apps read the gym's classes by a range of start times (`GET /v1/orgs/{org}/classes
/// ?from=&to=`): one index range with this, on both backends (SQLite's "class-schedule-reads"
/// migration; PostgreSQL runs it at every start like its other statements).
enum RecordsStartingIndex {
    static let statement = "CREATE INDEX IF NOT EXISTS records_starting ON records (org, entity, deleted, sort_start)"
}
