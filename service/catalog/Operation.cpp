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
    case Channel::Console:
        return u"console"_s;
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

Exposure Exposure::x402(const QString &route, Usdc price)
{
    return Exposure { .channel = Channel::X402, .route = route, .price = price };
}

Exposure Exposure::key(const QString &route)
{
    return Exposure { .channel = Channel::Key, .route = route, .price = Usdc::free() };
}

Exposure Exposure::free(const QString &route, FreeQuota quota)
{
    return Exposure { .channel = Channel::Free, .route = route, .price = Usdc::free(), .freeQuota = quota };
}

Exposure Exposure::mcp(const QString &toolName, Usdc price)
{
    // MCP tools are called with tools/call, a POST.
    return Exposure { .channel = Channel::Mcp, .route = toolName, .price = price, .method = u"POST"_s };
}

Exposure Exposure::cli(const QString &name)
{
    return Exposure { .channel = Channel::Cli, .route = name, .price = Usdc::free() };
}

Exposure Exposure::post() const
{
    Exposure e = *this;
    e.method = u"POST"_s;
    return e;
}

Exposure Exposure::renaming(const QString &wireName, const QString &argument) const
{
    Exposure e = *this;
    e.argumentNames.insert(wireName, argument);
    return e;
}

Exposure Exposure::renaming(const QHash<QString, QString> &names) const
{
    Exposure e = *this;
    e.argumentNames.insert(names);
    return e;
}

Exposure Exposure::defaulting(const QString &argument, const QJsonValue &value) const
{
    Exposure e = *this;
    e.argumentDefaults.insert(argument, value);
    return e;
}

QJsonObject Exposure::withArgumentDefaults(QJsonObject arguments) const
{
    for (auto it = argumentDefaults.begin(); it != argumentDefaults.end(); ++it) {
        if (!arguments.contains(it.key()))
            arguments.insert(it.key(), it.value());
    }
    return arguments;
}

Exposure Exposure::limitingLength(const QString &argument, int minLength, int maxLength) const
{
    Exposure e = *this;
    QJsonObject keywords = e.argumentLimits.value(argument).toObject();
    keywords.insert(u"minLength"_s, minLength);
    keywords.insert(u"maxLength"_s, maxLength);
    e.argumentLimits.insert(argument, keywords);
    return e;
}

Exposure Exposure::acceptingGatewaySecret() const
{
    Exposure e = *this;
    e.acceptsGatewaySecret = true;
    return e;
}

Exposure Exposure::requiringPlan(const QString &plan) const
{
    Exposure e = *this;
    e.requiredPlan = plan;
    return e;
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
