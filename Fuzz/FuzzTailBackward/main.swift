import CastLog
import FuzzSupport
import Glibc

// `tail -n N` read from the end of a file must show exactly what reading the whole file shows: the input's first
// byte picks N and the filter, the rest is the file (records, raw lines, CR, long lines, invalid UTF-8, anything).
private let path = "/tmp/castscope-fuzz-tail-\(getpid()).log"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let control = bytes.first else { return 0 }
    let content = Array(bytes.dropFirst())
    let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return 0 }
    defer {
        close(fd)
        unlink(path)  // nothing left in /tmp when the run ends
    }
    _ = content.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    var filter = LoggerFilter()
    filter.minimumLevel = control & 0x40 != 0 ? .info : .verbose
    if control & 0x80 != 0 { filter.setLoggingLevel(.debug, forClasses: ["GCKUI*"]) }
    let wanted = Int(control & 0x3F)
    let selector = LogTailSelector(filter: filter)
    let printer = LogTailPrinter(format: .jsonLines, colored: false)
    var backward = LogTailSession(paths: [path], follow: false, lineCount: wanted, selector: selector,
                                  printer: printer)
    let (fromEnd, _) = backward.readTails(notes: { _ in })
    lseek(fd, 0, SEEK_SET)
    var forward = LogTailSession(paths: ["-"], follow: false, lineCount: wanted, selector: selector, printer: printer,
                                 standardInput: fd)
    let (fromStart, _) = forward.readTails(notes: { _ in })
    precondition(fromEnd == fromStart, "tail -n \(wanted) from the end differs from a whole read")
    return 0
}

fuzzMain(fuzzOneInput)
