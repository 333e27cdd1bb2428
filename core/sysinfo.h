// What the benchmark needs to know about the machine and this process: CPU model, usable
// threads, available memory and resident set size. Linux /proc files; neutral answers elsewhere.
#pragma once

#include <cstddef>
#include <string>

namespace attn::bench {

/// The CPU model name from /proc/cpuinfo ("model name"), or "unknown".
std::string cpuModel();

/// Threads this process may run on at once: the CPUs of its affinity mask
/// (sched_getaffinity), else std::thread::hardware_concurrency(), at least 1.
int availableThreads();

/// MemAvailable of /proc/meminfo in bytes, or 0 when unknown.
std::size_t availableMemoryBytes();

/// Bytes of the largest (last-level) CPU cache cpu0 reports in /sys/devices/system/cpu/cpu0/cache
/// (e.g. "491520K"), or 0 when unknown.
std::size_t lastLevelCacheBytes();

/// Peak resident set size of this process in bytes: the largest of VmHWM, VmRSS now and every
/// VmRSS read before (since the last resetPeakRss), since the kernel updates VmHWM lazily; −1
/// when /proc/self/status cannot be read.
long long peakRssBytes();

/// Current resident set size (VmRSS of /proc/self/status) in bytes, or −1.
long long currentRssBytes();

/// Resets the process's peak RSS to its current RSS (writes "5" to /proc/self/clear_refs,
/// Linux ≥ 4.0); false when that is not possible (then VmHWM counts from the process start).
bool resetPeakRss();

} // namespace attn::bench
