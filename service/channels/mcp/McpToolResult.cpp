#include "McpToolResult.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

QJsonObject body(const QJsonObject &structured)
{
    return QJsonObject {
        { u"content"_s,
            QJsonArray { QJsonObject { { u"type"_s, u"text"_s },
                { u"text"_s,
                    QString::fromUtf8(QJsonDocument(structured).toJson(QJsonDocument::Compact)) } } } },
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
