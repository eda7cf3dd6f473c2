#include "SettingLabels.h"

#include <QHash>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

const QStringList &rankedGroups()
{
    static const QStringList groups { u"service"_s, u"x402"_s, u"free"_s, u"issuer"_s, u"receipts"_s,
        u"gateway"_s, u"store"_s, u"http"_s, u"mcp"_s };
    return groups;
}

} // namespace

QString SettingLabels::label(const QString &key)
{
    static const QHash<QString, const char *> labels {
        { u"service/listen"_s, QT_TR_NOOP("Listen address (HOST:PORT)") },
        { u"service/public_url"_s, QT_TR_NOOP("Public URL") },
        { u"service/name"_s, QT_TR_NOOP("Service name in receipts") },
        { u"issuer/name"_s, QT_TR_NOOP("Issuer display name") },
        { u"issuer/key_file"_s, QT_TR_NOOP("Issuer key file") },
        { u"receipts/validity_days"_s, QT_TR_NOOP("Receipt validity (days)") },
        { u"x402/payto_evm"_s, QT_TR_NOOP("EVM receiving address") },
        { u"x402/payto_solana"_s, QT_TR_NOOP("Solana receiving address") },
        { u"x402/solana_fee_payer"_s, QT_TR_NOOP("Solana fee payer (facilitator)") },
        { u"x402/networks"_s, QT_TR_NOOP("Networks") },
        { u"x402/max_timeout_seconds"_s, QT_TR_NOOP("Payment timeout (seconds)") },
        { u"free/daily_calls"_s, QT_TR_NOOP("Free calls per address and day") },
        { u"free/daily_input_checks"_s, QT_TR_NOOP("Free input checks per address and day") },
        { u"gateway/proxy_secret_sha256"_s, QT_TR_NOOP("Gateway secret (SHA-256)") },
        { u"gateway/name"_s, QT_TR_NOOP("Gateway name") },
        { u"store/call_log_days"_s, QT_TR_NOOP("Keep the call log (days)") },
        { u"store/receipt_days"_s, QT_TR_NOOP("Keep receipts (days)") },
        { u"vies/requester_vat_id"_s, QT_TR_NOOP("Your VAT ID") },
    };
    if (const char *text = labels.value(key))
        return tr(text);
    const QString group = groupOf(key);
    return key.startsWith(group + u'/') ? key.mid(group.size() + 1) : key;
}

QString SettingLabels::groupOf(const QString &key)
{
    const QStringList parts = key.split(u'/');
    if (parts.size() >= 3 && parts.first() == u"upstream"_s)
        return parts.at(0) + u'/' + parts.at(1);
    return parts.first();
}

QString SettingLabels::groupTitle(const QString &group)
{
    static const QHash<QString, const char *> titles {
        { u"service"_s, QT_TR_NOOP("Service") },
        { u"x402"_s, QT_TR_NOOP("Payments (x402)") },
        { u"free"_s, QT_TR_NOOP("Free tier and quotas") },
        { u"issuer"_s, QT_TR_NOOP("Issuer") },
        { u"receipts"_s, QT_TR_NOOP("Receipts") },
        { u"gateway"_s, QT_TR_NOOP("Gateway") },
        { u"store"_s, QT_TR_NOOP("Data retention") },
        { u"http"_s, QT_TR_NOOP("HTTP limits") },
        { u"mcp"_s, QT_TR_NOOP("MCP endpoint") },
    };
    if (const char *text = titles.value(group))
        return tr(text);
    return tr("Area: %1").arg(group);
}

int SettingLabels::groupRank(const QString &group)
{
    const qsizetype rank = rankedGroups().indexOf(group);
    return rank >= 0 ? int(rank) : int(rankedGroups().size());
}

} // namespace ades::ui
