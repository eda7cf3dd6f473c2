#include "McpToolResult.h"

#include "core/CanonicalJson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

// The text block is the same JSON as structuredContent, as canonical text (keys sorted, no whitespace):
// a signed body has it already, anything else is written by our JCS writer.
QJsonObject body(const JsonBody &structured)
{
    return QJsonObject {
        { u"content"_s,
            QJsonArray { QJsonObject {
                { u"type"_s, u"text"_s }, { u"text"_s, QString::fromUtf8(structured.canonical()) } } } },
        { u"structuredContent"_s, structured.object() },
    };
}

} // namespace

QJsonObject McpToolResult::success(const JsonBody &structured, const QJsonObject &meta)
{
    QJsonObject result = body(structured);
    if (!meta.isEmpty())
        result.insert(u"_meta"_s, meta);
    return result;
}

QJsonObject McpToolResult::failure(const JsonBody &structured)
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
