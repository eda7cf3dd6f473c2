#include "Operation.h"

using namespace Qt::StringLiterals;

namespace ades {

QString channelName(Channel channel)
{
    switch (channel) {
    case Channel::X402:
        return u"x402"_s;
    case Channel::Key:
        return u"key"_s;
    case Channel::Free:
        return u"free"_s;
    case Channel::Mcp:
        return u"mcp"_s;
    case Channel::Cli:
        return u"cli"_s;
    }
    return u"unknown"_s;
}

QJsonObject Exposure::inputSchema(const Operation &operation) const
{
    if (argumentLimits.isEmpty())
        return operation.inputSchema;
    QJsonObject schema = operation.inputSchema;
    QJsonObject properties = schema.value(u"properties"_s).toObject();
    for (auto limit = argumentLimits.begin(); limit != argumentLimits.end(); ++limit) {
        QJsonObject property = properties.value(limit.key()).toObject();
        const QJsonObject keywords = limit.value().toObject();
        for (auto keyword = keywords.begin(); keyword != keywords.end(); ++keyword)
            property.insert(keyword.key(), keyword.value());
        properties.insert(limit.key(), property);
    }
    schema.insert(u"properties"_s, properties);
    return schema;
}

const Exposure *Operation::exposure(Channel channel) const
{
    for (const Exposure &e : exposures) {
        if (e.channel == channel)
            return &e;
    }
    return nullptr;
}

} // namespace ades
