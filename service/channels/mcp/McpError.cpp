#include "McpError.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::mcp {

McpError::McpError(int code, QString message, int httpStatus, QJsonObject data)
    : m_code(code)
    , m_message(std::move(message))
    , m_httpStatus(httpStatus)
    , m_data(std::move(data))
{ }

McpError McpError::parseError(const QString &detail)
{
    return McpError(ParseError, u"Parse error: "_s + detail, 400);
}

McpError McpError::invalidRequest(const QString &message)
{
    return McpError(InvalidRequest, u"Invalid Request: "_s + message, 400);
}

McpError McpError::methodNotFound(const QString &method, Era era)
{
    // Modern answers an unknown method with 404 (docs/mcp.md, Errors); the legacy SDKs with 200.
    return McpError(MethodNotFound, u"Method not found: "_s + method, era == Era::Modern ? 404 : 200,
        QJsonObject { { u"method"_s, method } });
}

McpError McpError::invalidParams(const QString &message)
{
    return McpError(InvalidParams, u"Invalid params: "_s + message, 200);
}

McpError McpError::internalError(const QString &message)
{
    return McpError(InternalError, u"Internal error: "_s + message, 200);
}

McpError McpError::missingEnvelope(const QStringList &missing)
{
    return McpError(InvalidParams,
        u"Invalid params: protocol revision %1 needs the per-request envelope; missing: %2"_s.arg(
            ModernVersion, missing.join(u", "_s)),
        400,
        QJsonObject {
            { u"envelope"_s, QJsonObject { { u"missing"_s, QJsonArray::fromStringList(missing) } } } });
}

McpError McpError::unsupportedVersion(const QString &requested)
{
    // Only modern versions are listed: a legacy client never reaches this error (docs/mcp.md, Modern).
    return McpError(UnsupportedProtocolVersion, u"Unsupported protocol version: "_s + requested, 400,
        QJsonObject {
            { u"supported"_s, QJsonArray { QString(ModernVersion) } }, { u"requested"_s, requested } });
}

McpError McpError::headerMismatch(const QString &header, const QString &detail)
{
    return McpError(HeaderMismatch, u"Bad Request: the request headers and body disagree: "_s + detail, 400,
        QJsonObject { { u"mismatch"_s, QJsonObject { { u"header"_s, header }, { u"body"_s, detail } } } });
}

McpError McpError::transport(int httpStatus, const QString &message)
{
    return McpError(TransportError, message, httpStatus);
}

McpError McpError::batchTooLong(const QString &setting, qsizetype maximum)
{
    return McpError(InvalidRequest,
        u"Invalid Request: a batch may hold at most %1 messages (%2); this one has more. Send it as smaller "
        "batches."_s.arg(maximum)
            .arg(setting),
        400, QJsonObject { { u"limit"_s, setting }, { u"maximum"_s, qint64(maximum) } });
}

McpError McpError::tooManyToolCalls(const QString &setting, qsizetype maximum, qsizetype count)
{
    return McpError(InvalidRequest,
        u"Invalid Request: one request may carry at most %1 tools/call requests (%2); this batch has %3. "
        "Send them as smaller batches."_s.arg(maximum)
            .arg(setting)
            .arg(count),
        400,
        QJsonObject {
            { u"limit"_s, setting }, { u"maximum"_s, qint64(maximum) }, { u"count"_s, qint64(count) } });
}

McpError McpError::responseTooLarge(const QString &setting, qsizetype maximum)
{
    return McpError(InternalError,
        u"Internal error: the response to this request would make the reply larger than %1 bytes (%2). In a "
        "batch, send this request alone or in a smaller batch."_s.arg(maximum)
            .arg(setting),
        200, QJsonObject { { u"limit"_s, setting }, { u"maximum"_s, qint64(maximum) } });
}

QJsonObject McpError::toResponse(const QJsonValue &id) const
{
    QJsonObject error { { u"code"_s, m_code }, { u"message"_s, m_message } };
    if (!m_data.isEmpty())
        error.insert(u"data"_s, m_data);
    return QJsonObject { { u"jsonrpc"_s, u"2.0"_s },
        { u"id"_s, id.isUndefined() ? QJsonValue(QJsonValue::Null) : id }, { u"error"_s, error } };
}

} // namespace ades::mcp
