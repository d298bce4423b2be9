/// LOAD_FAILED `detailedErrorCode` (protocol.md §2.8; Web Receiver error codes as pychromecast lists them).
public struct MediaDetailedErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The number as sent.
    public var rawValue: Int64

    /// A code from its number; unknown numbers are kept.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Known codes and their names.
    public static let names: [Int64: String] = [
        100: "MEDIA_UNKNOWN", 101: "MEDIA_ABORTED", 102: "MEDIA_DECODE", 103: "MEDIA_NETWORK",
        104: "MEDIA_SRC_NOT_SUPPORTED", 110: "SOURCE_BUFFER_FAILURE", 200: "MEDIAKEYS_UNKNOWN",
        201: "MEDIAKEYS_NETWORK", 202: "MEDIAKEYS_UNSUPPORTED", 203: "MEDIAKEYS_WEBCRYPTO", 300: "NETWORK_UNKNOWN",
        301: "SEGMENT_NETWORK", 311: "HLS_NETWORK_MASTER_PLAYLIST", 312: "HLS_NETWORK_PLAYLIST",
        313: "HLS_NETWORK_NO_KEY_RESPONSE", 314: "HLS_NETWORK_KEY_LOAD", 315: "HLS_NETWORK_INVALID_SEGMENT",
        316: "HLS_SEGMENT_PARSING", 321: "DASH_NETWORK", 322: "DASH_NO_INIT", 331: "SMOOTH_NETWORK",
        332: "SMOOTH_NO_MEDIA_DATA", 400: "MANIFEST_UNKNOWN", 411: "HLS_MANIFEST_MASTER",
        412: "HLS_MANIFEST_PLAYLIST", 420: "DASH_MANIFEST_UNKNOWN", 421: "DASH_MANIFEST_NO_PERIODS",
        422: "DASH_MANIFEST_NO_MIMETYPE", 423: "DASH_INVALID_SEGMENT_INFO", 431: "SMOOTH_MANIFEST",
        500: "SEGMENT_UNKNOWN", 600: "TEXT_UNKNOWN", 900: "APP", 901: "BREAK_CLIP_LOADING_ERROR",
        902: "BREAK_SEEK_INTERCEPTOR_ERROR", 903: "IMAGE_ERROR", 904: "LOAD_INTERRUPTED", 905: "LOAD_FAILED",
        906: "MEDIA_ERROR_MESSAGE", 999: "GENERIC",
    ]

    /// The code's name, or nil for numbers not in the table.
    public var name: String? { Self.names[rawValue] }

    /// `104 MEDIA_SRC_NOT_SUPPORTED`, or just the number.
    public var description: String { name.map { "\(rawValue) \($0)" } ?? String(rawValue) }
}
