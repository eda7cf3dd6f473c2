// Fuzz target: a CPSC /Recall body as RecallClient reads it, with the statuses it treats differently.
// Input: the raw body.

#include "ops/us/sources/RecallClient.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ades::UpstreamResponse response;
    response.body = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    for (int status : { 200, 500 }) {
        response.httpStatus = status;
        const auto records = ades::us::RecallClient::parseBody(response);
        if (!records.ok()) {
            // Every failure form is "cpsc-recalls missing", never "no recalls".
            if (records.error().missing() != QStringList { ades::us::RecallClient::sourceId() })
                __builtin_trap();
            continue;
        }
        // An answer is never empty, never the corpus, never from an error status, and every record has an id.
        if (status != 200 || records.value().isEmpty()
            || records.value().size() > ades::us::RecallClient::MaxRecords)
            __builtin_trap();
        for (const ades::us::RecallRecord &r : records.value()) {
            if (r.recallId <= 0)
                __builtin_trap();
            (void)r.toJson();
        }
    }
    return 0;
}
