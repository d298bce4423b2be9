/// What one libcurl transfer asks for.
struct CurlTransfer {
    var url: String
    /// `GET`, `HEAD` or another method sent as is.
    var method: String
    /// Request header lines, `Name: value`.
    var headerLines: [String]
    /// At most this many body bytes are kept; the transfer stops once more arrive.
    var bodyLimit: Int
    var timeoutMilliseconds: Int
    var collectCertificates: Bool
}

/// What one libcurl transfer brought back, failed or not.
struct CurlOutcome {
    /// libcurl's CURLcode (0 is success).
    var code: Int
    var body: [UInt8]
    /// True when the body was cut at the limit (the transfer was stopped on purpose).
    var bodyTruncated: Bool
    /// The last response's header lines, status line first, without line ends.
    var headerLines: [String]
    /// libcurl's description of the failure, nil on success.
    var failure: String?
    var status = 0
    var redirectURL: String?
    var primaryAddress: String?
    var seconds = 0.0
    var certificatesPEM: [String] = []
}

/// Collects one transfer's headers and bounded body from libcurl's callbacks.
final class CurlTransferState {
    private(set) var body: [UInt8] = []
    private(set) var truncated = false
    private(set) var headerLines: [String] = []
    private var headerBytes = 0
    private let bodyLimit: Int
    /// Header bytes kept per response; libcurl itself refuses heads over 100 KiB.
    private static let headerLimit = 64 * 1024

    init(bodyLimit: Int) {
        self.bodyLimit = max(0, bodyLimit)
    }

    /// Keeps what fits under the limit; answering less than offered makes libcurl stop the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        let room = bodyLimit - body.count
        if bytes.count <= room {
            body.append(contentsOf: bytes)
            return bytes.count
        }
        body.append(contentsOf: bytes.prefix(room))
        truncated = true
        return 0
    }

    /// One header line per call; a status line starts a new response (after a 100 Continue or a proxy's answer).
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        var line = String(decoding: bytes, as: UTF8.self)
        while line.last == "\n" || line.last == "\r" || line.last == "\r\n" { line.removeLast() }
        if line.hasPrefix("HTTP/") {
            headerLines.removeAll()
            headerBytes = 0
        }
        headerBytes += bytes.count
        if !line.isEmpty && headerBytes <= Self.headerLimit { headerLines.append(line) }
        return bytes.count
    }
}
