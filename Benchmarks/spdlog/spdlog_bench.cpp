// The peer side of `make bench-log`: spdlog doing the same work as castscope's LogBench.
// Usage: spdlog_bench DIR RECORDS DISABLED_CALLS REPEATS
// Prints one line per figure: `spdlog NAME VALUE` (best of REPEATS).
#include <spdlog/spdlog.h>
#include <spdlog/sinks/basic_file_sink.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

using Clock = std::chrono::steady_clock;

static double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

static std::shared_ptr<spdlog::logger> make_file_logger(const std::string &name, const std::string &path) {
    auto sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(path, true);
    auto logger = std::make_shared<spdlog::logger>(name, sink);
    // The same fields castscope's text format writes: UTC time with microseconds, level, class, location, message.
    logger->set_pattern("%Y-%m-%dT%H:%M:%S.%fZ %-7l GCKCastChannel -[run] LogBench.swift:42 %v",
                        spdlog::pattern_time_type::utc);
    logger->set_level(spdlog::level::trace);
    logger->flush_on(spdlog::level::err);
    return logger;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: spdlog_bench DIR RECORDS DISABLED_CALLS REPEATS\n");
        return 64;
    }
    const std::string dir = argv[1];
    const long records = std::atol(argv[2]);
    const long disabled_calls = std::atol(argv[3]);
    const int repeats = std::atoi(argv[4]);

    double best_disabled = 1e9, best_text = 0, best_threads = 0;
    for (int round = 0; round < repeats; ++round) {
        {
            auto logger = make_file_logger("disabled" + std::to_string(round), dir + "/spdlog-disabled.log");
            logger->set_level(spdlog::level::err);
            auto start = Clock::now();
            for (long i = 0; i < disabled_calls; ++i) logger->debug("request {} took {} ms", i, 42);
            best_disabled = std::min(best_disabled, seconds_since(start) * 1e9 / double(disabled_calls));
        }
        {
            auto logger = make_file_logger("text" + std::to_string(round), dir + "/spdlog-text.log");
            auto start = Clock::now();
            for (long i = 0; i < records; ++i) logger->info("request {} took {} ms", i, 42);
            logger->flush();
            best_text = std::max(best_text, double(records) / seconds_since(start));
        }
        {
            auto logger = make_file_logger("threads" + std::to_string(round), dir + "/spdlog-threads.log");
            auto start = Clock::now();
            std::vector<std::thread> threads;
            for (int t = 0; t < 8; ++t) {
                threads.emplace_back([&, t] {
                    for (long i = 0; i < records / 8; ++i) logger->info("request {} took {} ms", i, t);
                });
            }
            for (auto &thread : threads) thread.join();
            logger->flush();
            best_threads = std::max(best_threads, double(records / 8 * 8) / seconds_since(start));
        }
    }
    std::printf("spdlog disabled_ns %.4f\n", best_disabled);
    std::printf("spdlog text_records_per_s %.0f\n", best_text);
    std::printf("spdlog threads8_records_per_s %.0f\n", best_threads);
    return 0;
}
