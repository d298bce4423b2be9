/// The `kGCKMetadataKey…` constants: the JSON member names of the Cast metadata object.
public enum MediaMetadataKey {
    /// `kGCKMetadataKeyTitle`.
    public static let title = "title"
    /// `kGCKMetadataKeySubtitle`.
    public static let subtitle = "subtitle"
    /// `kGCKMetadataKeyArtist`.
    public static let artist = "artist"
    /// `kGCKMetadataKeyAlbumArtist`.
    public static let albumArtist = "albumArtist"
    /// `kGCKMetadataKeyAlbumTitle`.
    public static let albumTitle = "albumName"
    /// `kGCKMetadataKeyComposer`.
    public static let composer = "composer"
    /// `kGCKMetadataKeyDiscNumber`.
    public static let discNumber = "discNumber"
    /// `kGCKMetadataKeyTrackNumber`.
    public static let trackNumber = "trackNumber"
    /// `kGCKMetadataKeySeasonNumber`.
    public static let seasonNumber = "season"
    /// `kGCKMetadataKeyEpisodeNumber`.
    public static let episodeNumber = "episode"
    /// `kGCKMetadataKeySeriesTitle`.
    public static let seriesTitle = "seriesTitle"
    /// `kGCKMetadataKeyStudio`.
    public static let studio = "studio"
    /// `kGCKMetadataKeyWidth`.
    public static let width = "width"
    /// `kGCKMetadataKeyHeight`.
    public static let height = "height"
    /// `kGCKMetadataKeyLocationName`.
    public static let locationName = "location"
    /// `kGCKMetadataKeyLocationLatitude`.
    public static let locationLatitude = "latitude"
    /// `kGCKMetadataKeyLocationLongitude`.
    public static let locationLongitude = "longitude"
    /// `kGCKMetadataKeyReleaseDate`.
    public static let releaseDate = "releaseDate"
    /// `kGCKMetadataKeyBroadcastDate`.
    public static let broadcastDate = "originalAirdate"
    /// `kGCKMetadataKeyCreationDate`.
    public static let creationDate = "creationDateTime"
}
