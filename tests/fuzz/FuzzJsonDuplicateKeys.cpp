// Fuzz target: firstDuplicateKey(), the scanner that finds repeated member names in JSON text the receipt
// verifier and the MCP endpoint accept (core/JsonDuplicateKeys). Input: any bytes. Checks, besides crashes
// and hangs: a reported pointer is a JSON Pointer within its length cap, and text without any '"' cannot
// have a member name at all.

#include "core/JsonDuplicateKeys.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char *>(data), qsizetype(size));
    const std::optional<QString> duplicate = ades::firstDuplicateKey(text);
    if (duplicate && (!duplicate->startsWith(QLatin1Char('/')) || duplicate->size() > 200))
        __builtin_trap();
    if (duplicate && !text.contains('"'))
        __builtin_trap();
    return 0;
}
