// Fuzz target: a request's arguments as the HTTP channels decode and check them before any handler runs,
// over the real catalog of every area: the route (CatalogRoutes of the key, free and x402 channels), the
// query, the JSON body or the multipart upload (CatalogRoutes::decodeArguments), then the channel's and the
// schema's defaults, the JSON Schema validator and the operation's own check (Invoker::prepare).
// Input: "METHOD TARGET CONTENT-TYPE", a newline, then the body; TARGET is a path with an optional query
// ("POST /v1/iban application/json\n{\"iban\":\"DE89...\"}"). Checks, besides crashes and hangs: a refused
// request is the caller's fault (4xx, never a 500), and accepted arguments pass the validator again.

#include "ServiceFuzzing.h"
#include "catalog/Invoker.h"
#include "catalog/SchemaValidator.h"
#include "channels/CatalogRoutes.h"

#include <QUrl>
#include <cstdint>

using namespace Qt::StringLiterals;

namespace {

const QList<ades::CatalogRoutes> &routes()
{
    static const QList<ades::CatalogRoutes> list {
        ades::CatalogRoutes(ades::fuzzing::service().catalog(), ades::Channel::Key),
        ades::CatalogRoutes(ades::fuzzing::service().catalog(), ades::Channel::Free),
        ades::CatalogRoutes(ades::fuzzing::service().catalog(), ades::Channel::X402),
    };
    return list;
}

void checkRefusal(const ades::ServiceError &error)
{
    if (error.httpStatus() < 400 || error.httpStatus() > 499)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype eol = input.indexOf('\n');
    const QList<QByteArray> line = (eol < 0 ? input : input.left(eol)).split(' ');
    if (line.size() < 2)
        return 0;
    ades::HttpRequestData request;
    request.method = line.at(0);
    // The target as QHttpServer hands it over: a decoded path and the query.
    const QUrl url(QString::fromUtf8(line.at(1)));
    request.path = url.path();
    request.query = QUrlQuery(url);
    if (line.size() > 2)
        request.headers.append({ "Content-Type", line.mid(2).join(' ') });
    request.body = eol < 0 ? QByteArray() : input.mid(eol + 1);
    for (const ades::CatalogRoutes &channel : routes()) {
        const std::optional<ades::CatalogRoutes::Match> match
            = channel.find(QString::fromLatin1(request.method), request.path);
        if (!match)
            continue;
        const ades::Result<QJsonObject> arguments = ades::CatalogRoutes::decodeArguments(*match, request);
        if (!arguments.ok()) {
            checkRefusal(arguments.error());
            return 0;
        }
        const ades::Operation &operation = *match->binding.operation;
        const ades::Exposure &exposure = *match->binding.exposure;
        const ades::Result<QJsonObject> prepared
            = ades::Invoker::prepare(operation, exposure, arguments.value());
        if (!prepared.ok()) {
            checkRefusal(prepared.error());
            return 0;
        }
        // Filled-in defaults never make valid arguments invalid.
        if (ades::SchemaValidator::validate(exposure.inputSchema(operation), prepared.value()))
            __builtin_trap();
        return 0;
    }
    return 0;
}
