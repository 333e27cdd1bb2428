#include "core/sysinfo.h"

#include <algorithm>
#include <atomic>

#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace attn::bench {

namespace {

/// The number after "key:" in a /proc file of "key: value [kB]" lines, in bytes when the line
/// ends in kB; −1 when absent.
long long procField(const char *path, const std::string &key)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size(), key) != 0 || line.size() <= key.size() || line[key.size()] != ':')
            continue;
        std::istringstream fields(line.substr(key.size() + 1));
        long long value = -1;
        std::string unit;
        if (!(fields >> value)) return -1;
        fields >> unit;
        return unit == "kB" ? value * 1024 : value;
    }
    return -1;
}

} // namespace

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) != 0) continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos) break;
        const auto first = line.find_first_not_of(" \t", colon + 1);
        return first == std::string::npos ? std::string("unknown") : line.substr(first);
    }
    return "unknown";
}

std::size_t lastLevelCacheBytes()
{
    std::size_t largest = 0;
    for (int index = 0; index < 16; ++index) {
        std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/size");
        if (!in) continue;
        std::size_t value = 0;
        std::string unit;
        if (!(in >> value)) continue;
        in >> unit; // "K", "M" or nothing (bytes)
        const std::size_t factor = unit == "K" ? 1024 : unit == "M" ? std::size_t(1) << 20 : 1;
        largest = std::max(largest, value * factor);
    }
    return largest;
}

int availableThreads()
{
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        const int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
#endif
    const unsigned hw = std::thread::hardware_concurrency();
    return hw > 0 ? static_cast<int>(hw) : 1;
}

std::size_t availableMemoryBytes()
{
    const long long bytes = procField("/proc/meminfo", "MemAvailable");
    return bytes > 0 ? static_cast<std::size_t>(bytes) : 0;
}

namespace {
/// The largest VmRSS this process has read: the kernel updates VmHWM lazily (when its RSS
/// counters sync), so it can trail a VmRSS read a moment earlier.
std::atomic<long long> g_largestRss{0};

void noteRss(long long rss)
{
    long long seen = g_largestRss.load();
    while (rss > seen && !g_largestRss.compare_exchange_weak(seen, rss)) {
    }
}
} // namespace

long long peakRssBytes()
{
    const long long rss = currentRssBytes();
    return std::max({procField("/proc/self/status", "VmHWM"), rss, g_largestRss.load()});
}

long long currentRssBytes()
{
    const long long rss = procField("/proc/self/status", "VmRSS");
    noteRss(rss);
    return rss;
}

bool resetPeakRss()
{
    std::ofstream out("/proc/self/clear_refs");
    if (!out) return false;
    out << "5";
    out.flush();
    g_largestRss.store(procField("/proc/self/status", "VmRSS")); // the peak starts again from now
    return static_cast<bool>(out);
}

} // namespace attn::bench
