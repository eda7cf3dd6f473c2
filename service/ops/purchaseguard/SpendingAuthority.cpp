#include "SpendingAuthority.h"

#include "payments/X402Networks.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::guard {

namespace {

Result<Usdc> amount(const QJsonObject &object, const QString &field, const QString &fallback = {})
{
    const QString text = object.value(field).toString(fallback);
    const std::optional<Usdc> value = Usdc::fromDecimal(text);
    if (!value)
        return ServiceError::unprocessable(u"invalid_amount"_s,
            u"spending_authority.%1: must be a USDC amount such as \"0.01\" with at most 6 decimals (got \"%2\")"_s
                .arg(field, text),
            u"spending_authority."_s + field);
    return *value;
}

// The names x402::findNetwork knows, for the error that lists them.
QString networkNames()
{
    QStringList names;
    for (const x402::X402Network &network : x402::knownNetworks())
        names.append(network.key);
    return names.join(u", "_s);
}

} // namespace

Result<SpendingAuthority> SpendingAuthority::read(const QJsonObject &object)
{
    SpendingAuthority authority;
    for (const auto &[field, target] : { std::pair { u"max_per_call_usdc"_s, &authority.maxPerCall },
             std::pair { u"max_per_day_usdc"_s, &authority.maxPerDay },
             std::pair { u"spent_today_usdc"_s, &authority.spentToday } }) {
        const Result<Usdc> value = amount(object, field, u"0"_s);
        if (!value.ok())
            return value.error();
        *target = value.value();
    }
    const QJsonArray networks = object.value(u"allowed_networks"_s).toArray();
    for (qsizetype i = 0; i < networks.size(); ++i) {
        const QString name = networks.at(i).toString().trimmed();
        const x402::X402Network *known = x402::findNetwork(name);
        if (known)
            authority.allowedNetworks.append(known->caip2.toLower());
        else if (name.contains(u':'))
            authority.allowedNetworks.append(name.toLower()); // a CAIP-2 id the table lacks
        else
            return ServiceError::unprocessable(u"unknown_network"_s,
                u"spending_authority.allowed_networks[%1]: \"%2\" is neither a CAIP-2 id nor a known network "
                "name (%3)"_s.arg(i)
                    .arg(name, networkNames()),
                u"spending_authority.allowed_networks[%1]"_s.arg(i));
    }
    const QJsonArray assets = object.value(u"allowed_assets"_s).toArray(QJsonArray { u"USDC"_s });
    for (const QJsonValue &asset : assets)
        authority.allowedAssets.append(asset.toString().trimmed().toLower());
    return authority;
}

bool SpendingAuthority::allowsNetwork(const QString &caip2) const
{
    return allowedNetworks.contains(caip2.toLower());
}

bool SpendingAuthority::allowsAsset(const QString &asset) const
{
    return allowedAssets.contains(u"usdc"_s) || allowedAssets.contains(asset.toLower());
}

} // namespace ades::guard
