// Prints the last records of castscope JSON-lines log files that a filter file lets through, as text.
//
//     swift run TailWithFilter ../filters/session.filter ~/.cache/castscope/logs/castscope.log
import CastLog
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    print("usage: TailWithFilter FILTER-FILE LOG-FILE…")
    exit(64)
}

do {
    let filter = try FilterFile.load(path: arguments[0])
    var session = LogTailSession(
        paths: Array(arguments.dropFirst()), follow: false, lineCount: 20,
        selector: LogTailSelector(filter: filter), printer: LogTailPrinter(format: .text, colored: false))
    let failures = session.readInitial { rendered in
        print(String(decoding: rendered.output, as: UTF8.self), terminator: "")
    }
    for failure in failures { print("error: \(failure)") }
} catch {
    print("error: \(error)")
    exit(1)
}
