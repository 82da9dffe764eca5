// jemalloc's options, built into the patchbay binary when it links jemalloc (CMakeLists.txt).
//
// An audit of a large tree is dominated by first touches of fresh pages: each is a page fault,
// and on a virtual machine a fault costs some 15 µs. With 4 KiB pages the 25,000 faults of the
// audit benchmark were a third of its time; asking for transparent huge pages on jemalloc's
// arenas (`thp:always`, which madvises them MADV_HUGEPAGE, so it works where the kernel's
// setting is `madvise` too) leaves 2,400 (bench/AUDIT_RESULTS.md). jemalloc reads this symbol
// at start-up and the MALLOC_CONF environment variable after it, so a user's setting still
// wins.
extern "C" {
// jemalloc looks this global up by name: its documented `malloc_conf`.
extern const char* const malloc_conf;
const char* const malloc_conf = "thp:always";
}
