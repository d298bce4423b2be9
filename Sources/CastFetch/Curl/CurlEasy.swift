import CCurl

/// One libcurl easy handle, reused across transfers so a check's requests to one server share its connection.
/// The only type in castscope that touches libcurl's pointers; not thread-safe (one transfer at a time).
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    /// libcurl's own description of the last failure (CURLOPT_ERRORBUFFER needs CURL_ERROR_SIZE bytes).
    private var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    /// curl_global_init once per process: thread-safe since libcurl 7.84, and cheap to ask for again.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// A fresh handle, nil when libcurl cannot make one (out of memory, or its global set-up failed).
    init?() {
        guard Self.globalInit == CURLE_OK, let handle = curl_easy_init() else { return nil }
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }

    /// Runs one transfer to completion (or failure) and says what came back.
    func perform(_ transfer: CurlTransfer) -> CurlOutcome {
        curl_easy_reset(handle)
        let state = CurlTransferState(bodyLimit: transfer.bodyLimit)
        var headerList: UnsafeMutablePointer<curl_slist>?
        for line in transfer.headerLines {
            headerList = curl_slist_append(headerList, line)
        }
        defer { curl_slist_free_all(headerList) }
        let context = Unmanaged.passUnretained(state).toOpaque()
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errors in
            errors[0] = 0
            configure(transfer, headerList: headerList, context: context, errors: errors.baseAddress)
            return curl_easy_perform(handle)
        }
        var outcome = CurlOutcome(code: Int(code.rawValue), body: state.body, bodyTruncated: state.truncated,
                                  headerLines: state.headerLines)
        if code != CURLE_OK && !(code == CURLE_WRITE_ERROR && state.truncated) {
            outcome.failure = failureText(code)
        }
        var status = 0
        if CCurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK { outcome.status = status }
        outcome.redirectURL = string(CURLINFO_REDIRECT_URL)
        outcome.primaryAddress = string(CURLINFO_PRIMARY_IP)
        var seconds = 0.0
        if CCurl_getinfo_double(handle, CURLINFO_TOTAL_TIME, &seconds) == CURLE_OK { outcome.seconds = seconds }
        if transfer.collectCertificates { outcome.certificatesPEM = certificates() }
        return outcome
    }

    private func configure(_ transfer: CurlTransfer, headerList: UnsafeMutablePointer<curl_slist>?,
                           context: UnsafeMutableRawPointer, errors: UnsafeMutablePointer<CChar>?) {
        _ = CCurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors)
        _ = CCurl_setopt_string(handle, CURLOPT_URL, transfer.url)
        // Only web URLs, never a proxy from the environment: the check must see the server the device would.
        _ = CCurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = CCurl_setopt_string(handle, CURLOPT_PROXY, "")
        _ = CCurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = CCurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = CCurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, transfer.timeoutMilliseconds)
        _ = CCurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, transfer.timeoutMilliseconds)
        // The chain is judged by CastTLS against the public bundle, so that an untrusted chain and a wrong host
        // name stay two findings; libcurl only hands it over.
        _ = CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 0)
        _ = CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 0)
        _ = CCurl_setopt_long(handle, CURLOPT_CERTINFO, transfer.collectCertificates ? 1 : 0)
        _ = CCurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        switch transfer.method {
        case "HEAD": _ = CCurl_setopt_long(handle, CURLOPT_NOBODY, 1)
        case "GET": break
        default: _ = CCurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, transfer.method)
        }
        if let headerList { _ = CCurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList) }
        _ = CCurl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, { data, size, count, context in
            guard let data, let context else { return 0 }
            let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
            return state.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        _ = CCurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = CCurl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, { data, size, count, context in
            guard let data, let context else { return 0 }
            let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
            return state.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        _ = CCurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    }

    private func failureText(_ code: CURLcode) -> String {
        let detail = errorBuffer.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { String(cString: $0) } ?? ""
        }
        if !detail.isEmpty { return detail }
        return curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }

    private func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard CCurl_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The peer's chain as libcurl's OpenSSL backend lists it: one slist per certificate, whose `Cert:` entry is
    /// the PEM text.
    private func certificates() -> [String] {
        var info: UnsafeMutablePointer<curl_certinfo>?
        guard CCurl_getinfo_certinfo(handle, &info) == CURLE_OK, let info, let lists = info.pointee.certinfo else {
            return []
        }
        var pems: [String] = []
        for index in 0..<Int(max(0, info.pointee.num_of_certs)) {
            var entry = lists[index]
            while let node = entry {
                if let data = node.pointee.data {
                    let text = String(cString: data)
                    if text.hasPrefix("Cert:") { pems.append(String(text.dropFirst(5))) }
                }
                entry = node.pointee.next
            }
        }
        return pems
    }
}
