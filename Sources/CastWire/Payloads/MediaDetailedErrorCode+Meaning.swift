extension MediaDetailedErrorCode {
    /// What a code means for the person casting, and what to check first; nil for numbers not in the table.
    /// Codes come in families by hundreds (media element, DRM, network, manifest, segment, text, application); a
    /// code without its own entry takes its family's.
    public var meaning: (meaning: String, fix: String)? {
        if let own = Self.meanings[rawValue] { return own }
        guard name != nil else { return nil }
        return Self.meanings[rawValue / 100 * 100]
    }

    /// The code a log line mentions as `detailedErrorCode` followed by separators and a number (JSON
    /// `"detailedErrorCode":104`, `detailedErrorCode=104`, `detailedErrorCode: 104`), nil when it mentions none.
    public static func mentioned(in line: Substring) -> MediaDetailedErrorCode? {
        guard let found = line.firstRange(of: "detailedErrorCode") else { return nil }
        let rest = line[found.upperBound...].prefix(12).drop { $0 == "\"" || $0 == ":" || $0 == "=" || $0 == " " }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        // Codes have three digits; a longer number is something else.
        guard (1...4).contains(digits.count), let number = Int64(digits) else { return nil }
        return MediaDetailedErrorCode(rawValue: number)
    }

    private static let network = "fetch the URL from another machine on the device's network: it must resolve "
        + "through public DNS (not localhost, a .local or a LAN-only name), answer 2xx, and use a certificate a public "
        + "CA signed"
    private static let cors = "adaptive streams are fetched by script: the server must send Access-Control-Allow-Origin "
        + "(and allow Range) on playlists, manifests, keys and segments"
    private static let manifest = "the manifest's syntax (HLS: RFC 8216; DASH: ISO/IEC 23009-1) and its Content-Type"

    static let meanings: [Int64: (meaning: String, fix: String)] = [
        100: ("the player failed on the media without saying why", "play the URL in desktop Chrome; check the container "
              + "and codecs with castscope media check"),
        101: ("the media's fetch was aborted (another load, or the sender stopped it)", "nothing, unless it repeats"),
        102: ("the device could not decode the media: a codec, profile or level this model does not play, or corrupt "
              + "data", "the codecs against the model (castscope media check --model); re-encode to H.264 High at "
              + "level 4.1 or below with AAC-LC for every model"),
        103: ("the device could not fetch the media", network),
        104: ("the device refused the source before playing it: a container or codec it does not support, a "
              + "contentType that does not match the file, or a URL it could not open", "the contentType of the LOAD "
              + "against the file, the container and codecs, and that the URL answers 2xx from the device's network"),
        110: ("the player's Media Source buffer refused the segments", "that the CODECS the manifest declares are the "
              + "segments' real codecs"),
        200: ("the DRM licence or key system failed", "the licence server's URL, its answer and its CORS headers"),
        201: ("the DRM licence request failed on the network", "the licence server's URL and CORS headers from the "
              + "device's network"),
        202: ("the DRM key system is not supported by this device", "the key system (Widevine on Cast devices)"),
        203: ("the device's Web Crypto failed while decrypting", "the encryption scheme (cenc, cbcs) and the keys"),
        300: ("a network request of the player failed", network),
        301: ("a media segment could not be fetched", cors),
        311: ("the HLS master playlist could not be fetched", cors),
        312: ("an HLS media playlist could not be fetched", cors),
        313: ("the HLS key server did not answer", "the EXT-X-KEY URI from the device's network, and its CORS headers"),
        314: ("the HLS key could not be loaded", "the EXT-X-KEY URI, its answer (16 bytes for AES-128) and CORS"),
        315: ("an HLS segment was not what its playlist announced", "the segments' container and the playlist's "
              + "EXT-X-MAP and durations"),
        316: ("an HLS segment could not be parsed", "the segment container (MPEG-TS or fMP4 with EXT-X-MAP) and codecs"),
        321: ("a DASH segment could not be fetched", cors),
        322: ("the DASH initialization segment is missing", "the Initialization or SegmentTemplate@initialization URL"),
        331: ("a Smooth Streaming fragment could not be fetched", cors),
        332: ("a Smooth Streaming fragment held no media", "the fragments the manifest lists"),
        400: ("the manifest could not be read", manifest),
        411: ("the HLS master playlist could not be parsed", manifest),
        412: ("an HLS media playlist could not be parsed", manifest),
        420: ("the DASH manifest could not be parsed", manifest),
        421: ("the DASH manifest has no Period", manifest),
        422: ("a DASH AdaptationSet or Representation lacks its mimeType", manifest),
        423: ("the DASH segment information is invalid", manifest),
        431: ("the Smooth Streaming manifest could not be parsed", manifest),
        500: ("a media segment could not be used", "the segments' container and codecs against the manifest"),
        600: ("a text track (captions) failed", "the text track's URL, its format (WebVTT, TTML) and CORS"),
        900: ("the receiver application reported an error", "the receiver app's own logs (chrome://inspect)"),
        901: ("an ad break clip failed to load", "the break clip's URL and format"),
        902: ("the receiver's seek interceptor for ad breaks failed", "the receiver app's break handling"),
        903: ("an image item failed to load", "the image URL from the device's network"),
        904: ("the load was interrupted by another load or a stop", "nothing, unless it repeats"),
        905: ("the receiver could not load the media and gave no finer reason", "that the URL answers from the device's "
              + "network and its format plays on this model (castscope media check)"),
        906: ("the receiver's media sent an error message", "the receiver app's logs"),
        999: ("an error the receiver did not classify", "the receiver app's logs"),
    ]
}
