// Fuzz target: what the call log keeps of a request and its answer (host/CallCapture), the outside input
// every logged call passes through: a request body as JSON, as a form and as text, and an answer searched
// for the evidence of its upstream sources. Input: the body.

#include "host/CallCapture.h"

#include <QUrlQuery>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    using ades::CallCapture;
    for (const QByteArray &type :
        { QByteArray("application/json"), QByteArray("application/x-www-form-urlencoded"),
            QByteArray("text/plain"), QByteArray("application/pdf") }) {
        const QString request = CallCapture::requestBodyText(input, type);
        // A body beyond the bound is never kept whole.
        if (input.size() > CallCapture::MaxStoredBody && request.size() > 200)
            __builtin_trap();
        const QString answer = CallCapture::responseBodyText(input, type);
        if (answer.size() > CallCapture::MaxStoredBody)
            __builtin_trap();
        (void)CallCapture::sourcesOf(input, type);
    }
    // A secret member anywhere in a JSON object is masked: the marker value never survives.
    const QByteArray wrapped = "{\"token\":\"MARKER-SECRET\",\"x\":" + input + "}";
    if (CallCapture::requestBodyText(wrapped, "application/json").contains(QStringLiteral("MARKER-SECRET")))
        __builtin_trap();
    (void)CallCapture::maskedQuery(QUrlQuery(QString::fromUtf8(input)));
    // A credential header's value never shows, whatever it holds; a header the input names is masked when its
    // name says it is secret.
    const ades::HeaderList headers { { "Authorization", "Bearer MARKER-" + input },
        { input.left(64), "MARKER2" } };
    const QString shown = CallCapture::maskedHeaders(headers);
    if (shown.contains(QStringLiteral("MARKER-")))
        __builtin_trap();
    if (CallCapture::isSecretHeader(QString::fromLatin1(input.left(64)))
        && shown.contains(QStringLiteral("MARKER2")))
        __builtin_trap();
    return 0;
}
