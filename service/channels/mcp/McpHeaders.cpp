#include "McpHeaders.h"

#include "McpProtocol.h"
#include "http/HttpExchange.h"

using namespace Qt::StringLiterals;

namespace ades::mcp {

McpHeaders McpHeaders::from(const HttpRequestData &request)
{
    return McpHeaders {
        decode(request.header(ProtocolVersionHeader)),
        decode(request.header(MethodHeader)),
        decode(request.header(NameHeader)),
    };
}

std::optional<QString> McpHeaders::decode(const QByteArray &raw)
{
    const QByteArray value = raw.trimmed();
    if (value.isEmpty())
        return std::nullopt;
    // Values outside visible ASCII or with outer blanks travel as =?base64?<b64>?= (SEP-2243).
    static const QByteArray prefix = "=?base64?";
    static const QByteArray suffix = "?=";
    if (value.startsWith(prefix) && value.endsWith(suffix) && value.size() >= prefix.size() + suffix.size()) {
        const QByteArray encoded = value.mid(prefix.size(), value.size() - prefix.size() - suffix.size());
        const auto decoded = QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return std::nullopt;
        return QString::fromUtf8(*decoded);
    }
    return QString::fromUtf8(value);
}

} // namespace ades::mcp
