public import CastJSON

/// `GCKMediaMetadata`: a metadata type, typed values under the SDK's keys, and images; encodes to the
/// `metadata` object of LOAD and reads back from MEDIA_STATUS.
public struct MediaMetadata: Sendable, Hashable {
    /// The metadata type.
    public var metadataType: MediaMetadataType
    /// Images, largest first by convention.
    public var images: [MediaImage] = []
    private var values = JSONObject()

    /// Empty metadata of `type`.
    public init(metadataType: MediaMetadataType = .generic) {
        self.metadataType = metadataType
    }

    /// Reads a metadata object; unknown types read as generic, other members are kept.
    public init(json: JSONObject) {
        metadataType = json["metadataType"]?.intValue.flatMap(MediaMetadataType.init(rawValue:)) ?? .generic
        for member in json {
            switch member.key {
            case "metadataType": continue
            case "images": images = member.value.arrayValue?.compactMap(MediaImage.init(json:)) ?? []
            default: values[member.key] = member.value
            }
        }
    }

    /// `-setString:forKey:`.
    public mutating func setString(_ value: String, forKey key: String) { values[key] = .string(value) }
    /// `-setInteger:forKey:`.
    public mutating func setInteger(_ value: Int64, forKey key: String) { values[key] = .int(value) }
    /// `-setDouble:forKey:`.
    public mutating func setDouble(_ value: Double, forKey key: String) { values[key] = .double(value) }
    /// `-addImage:`.
    public mutating func addImage(_ image: MediaImage) { images.append(image) }

    /// `-stringForKey:`.
    public func string(forKey key: String) -> String? { values[key]?.stringValue }
    /// `-integerForKey:`.
    public func integer(forKey key: String) -> Int64? { values[key]?.intValue }
    /// `-doubleForKey:`.
    public func double(forKey key: String) -> Double? { values[key]?.doubleValue }
    /// `-allKeys`.
    public var allKeys: [String] { values.keys }

    /// The title, the most used key.
    public var title: String? { string(forKey: MediaMetadataKey.title) }

    /// The `metadata` object: `metadataType`, the values in the order set, then `images`.
    public var json: JSONObject {
        var object: JSONObject = ["metadataType": .int(metadataType.rawValue)]
        for member in values { object[member.key] = member.value }
        if !images.isEmpty { object["images"] = .array(images.map(\.json)) }
        return object
    }
}
