// Fuzz target: a USITC HTS REST body (exportList or search) as HtsClient reads it, then the lookups the
// dossier makes on the rows, and the same bytes as a releaseList body. Input: the raw body.

#include "ops/us/sources/HtsClient.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ades::UpstreamResponse response;
    response.body = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    for (int status : { 200, 404, 500 }) {
        response.httpStatus = status;
        const auto rows = ades::us::HtsClient::parseRows(response);
        if (!rows.ok()) {
            // An unusable answer is always "usitc-hts missing", never an empty schedule.
            if (rows.error().missing() != QStringList { ades::us::HtsClient::sourceId() })
                __builtin_trap();
            continue;
        }
        if (status != 200 && status != 404)
            __builtin_trap();
        for (const ades::us::HtsLine &line : rows.value()) {
            for (const QString &code : { line.digits, line.digits.left(6), line.digits.left(8) }) {
                const ades::us::HtsLine *found = ades::us::HtsLines::find(rows.value(), code);
                if (!found)
                    continue;
                const ades::us::HtsLine *rate = ades::us::HtsLines::rateLine(rows.value(), *found);
                // Only a line that carries a rate is a rate line.
                if (rate && rate->general.trimmed().isEmpty())
                    __builtin_trap();
                const ades::us::HtsRate parsed = ades::us::HtsRate::parse(rate ? rate->general : QString());
                if (parsed.computable() && parsed.percent.isEmpty())
                    __builtin_trap();
            }
            (void)line.chapter99References();
            (void)line.toJson();
        }
    }
    (void)ades::us::HtsClient::parseRevision(response.body);
    return 0;
}
