// Fuzz target: a VIES SOAP answer as ViesClient reads it after a failed REST call (ViesSoap::parse).
// Input: the raw response body. Checked: never a crash, and never an answer without a verdict's source.

#include "ops/eu/vat/ViesSoap.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    for (int status : { 200, 500 }) {
        const ades::Result<ades::eu::ViesAnswer> answer = ades::eu::ViesSoap::parse(body, status);
        // An answer always says it came from SOAP; an error is always a 422 or an uncharged 503.
        if (answer.ok() && answer.value().endpoint != QLatin1String("soap"))
            __builtin_trap();
        if (!answer.ok() && answer.error().httpStatus() != 503 && answer.error().httpStatus() != 422)
            __builtin_trap();
    }
    return 0;
}
