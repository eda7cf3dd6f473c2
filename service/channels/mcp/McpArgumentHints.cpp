#include "McpArgumentHints.h"

#include "EditDistance.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::mcp {

ServiceError McpArgumentHints::annotate(
    ServiceError error, const QJsonObject &inputSchema, const QJsonObject &arguments)
{
    const QStringList accepted = inputSchema.value(u"properties"_s).toObject().keys();
    QStringList missing;
    const QJsonArray required = inputSchema.value(u"required"_s).toArray();
    for (const QJsonValue &name : required) {
        if (!arguments.contains(name.toString()))
            missing.append(name.toString());
    }
    QStringList unknown;
    QJsonObject suggestions;
    for (auto it = arguments.begin(); it != arguments.end(); ++it) {
        if (accepted.contains(it.key()))
            continue;
        unknown.append(it.key());
        const QString near = EditDistance::closest(it.key(), accepted);
        if (!near.isEmpty())
            suggestions.insert(it.key(), near);
    }
    error.setExtra(u"accepted"_s, QJsonArray::fromStringList(accepted));
    error.setExtra(u"missing"_s, QJsonArray::fromStringList(missing));
    error.setExtra(u"unknown"_s, QJsonArray::fromStringList(unknown));
    error.setExtra(u"did_you_mean"_s, suggestions.isEmpty() ? QJsonValue() : QJsonValue(suggestions));
    return error;
}

} // namespace ades::mcp
