// Fuzz target: a GLEIF API answer body as GleifClient reads it, as a single-record lookup and as a search
// collection, with the statuses it treats differently (200, 404, 429, 500). Input: the raw body.

#include "ops/eu/lei/GleifClient.h"
#include "ops/eu/lei/LeiCode.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ades::UpstreamResponse response;
    response.body = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    for (int status : { 200, 404, 429, 500 }) {
        response.httpStatus = status;
        for (const bool lookup : { true, false }) {
            const auto answer = lookup ? ades::eu::GleifClient::parseLookupResponse(response)
                                       : ades::eu::GleifClient::parseSearchResponse(response);
            if (!answer.ok()) {
                // An unusable answer is always "gleif missing", never a silent "not found".
                if (answer.error().missing() != QStringList { ades::eu::GleifClient::sourceId() })
                    __builtin_trap();
                continue;
            }
            // Only 200 and a JSON:API 404 are answers; a lookup holds at most one record.
            if (status != 200 && status != 404)
                __builtin_trap();
            if (lookup && answer.value().records.size() > 1)
                __builtin_trap();
            for (const ades::eu::GleifRecord &record : answer.value().records) {
                // Every record parsed carries a valid LEI and a legal name.
                if (!ades::eu::LeiCode::analyse(record.lei).valid || record.legalName.isEmpty())
                    __builtin_trap();
                (void)record.toJson();
            }
        }
    }
    // The same bytes as an LEI.
    (void)ades::eu::LeiCode::analyse(QString::fromUtf8(response.body.left(64)));
    return 0;
}
