/// `GCKMediaMetadataType`: the `metadataType` of a media's metadata.
public enum MediaMetadataType: Int64, Sendable, Hashable, CaseIterable {
    /// 0: generic media.
    case generic = 0
    /// 1: a movie.
    case movie = 1
    /// 2: a TV episode.
    case tvShow = 2
    /// 3: a music track.
    case musicTrack = 3
    /// 4: a photo.
    case photo = 4
    /// 5: an audiobook chapter.
    case audiobookChapter = 5
    /// 100: app-defined.
    case user = 100
}
