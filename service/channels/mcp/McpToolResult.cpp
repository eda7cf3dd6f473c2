#include "McpToolResult.h"

#include "core/CanonicalJson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

// The text block is the same JSON as structuredContent. Written by our JCS writer: the same members and
// values as QJsonDocument's output (keys sorted, no whitespace) in about two thirds of its time.
QJsonObject body(const QJsonObject &structured)
{
    return QJsonObject {
        { u"content"_s,
            QJsonArray { QJsonObject { { u"type"_s, u"text"_s },
                { u"text"_s, QString::fromUtf8(CanonicalJson::serialise(structured)) } } } },
        { u"structuredContent"_s, structured },
    };
}

} // namespace

QJsonObject McpToolResult::success(const QJsonObject &structured, const QJsonObject &meta)
{
    QJsonObject result = body(structured);
    if (!meta.isEmpty())
        result.insert(u"_meta"_s, meta);
    return result;
}

QJsonObject McpToolResult::failure(const QJsonObject &structured)
{
    QJsonObject result = body(structured);
    result.insert(u"isError"_s, true);
    return result;
}

QJsonObject McpToolResult::failure(ServiceError error, const QString &tool)
{
    error.setExtra(u"tool"_s, tool);
    return failure(error.toJson());
}

} // namespace ades::mcp
