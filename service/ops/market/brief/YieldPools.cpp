#include "YieldPools.h"

#include "ops/market/MarketSources.h"
#include "ops/market/fetch/FetchedBody.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

ServiceError unusable(const QString &why)
{
    return ServiceError::sourceUnavailable(QString::fromUtf16(MarketSource::DefiLlama),
        u"DeFiLlama's pool list was not usable (%1). Nothing was charged."_s.arg(why));
}

bool finiteNumber(const QJsonValue &v)
{
    return v.isDouble() && std::isfinite(v.toDouble());
}

} // namespace

QJsonObject YieldPool::toJson() const
{
    QJsonObject json {
        { u"pool"_s, pool },
        { u"chain"_s, chain },
        { u"project"_s, project },
        { u"symbol"_s, symbol },
        { u"tvl_usd"_s, std::round(tvlUsd) },
        { u"apy_percent"_s, apy },
        { u"outlier"_s, outlier },
        { u"link"_s, QString(u"https://defillama.com/yields/pool/"_s + pool) },
    };
    for (auto it = fields.constBegin(); it != fields.constEnd(); ++it)
        json.insert(it.key(), it.value());
    return json;
}

Result<QList<YieldPool>> YieldPools::read(const FetchedBody &answer)
{
    if (answer.httpStatus != 200)
        return unusable(u"HTTP %1"_s.arg(answer.httpStatus));
    const QJsonObject body = QJsonDocument::fromJson(answer.body).object();
    if (body.value(u"status"_s).toString() != u"success"_s || !body.value(u"data"_s).isArray())
        return unusable(u"no {status: success, data: [...]}"_s);
    QList<YieldPool> pools;
    for (const QJsonValue &value : body.value(u"data"_s).toArray()) {
        const QJsonObject p = value.toObject();
        if (!p.value(u"stablecoin"_s).toBool() || !finiteNumber(p.value(u"tvlUsd"_s))
            || !finiteNumber(p.value(u"apy"_s)) || p.value(u"tvlUsd"_s).toDouble() < 0)
            continue;
        YieldPool pool;
        pool.pool = p.value(u"pool"_s).toString().left(64);
        pool.chain = p.value(u"chain"_s).toString().left(64);
        pool.project = p.value(u"project"_s).toString().left(64);
        pool.symbol = p.value(u"symbol"_s).toString().left(64);
        pool.tvlUsd = p.value(u"tvlUsd"_s).toDouble();
        pool.apy = p.value(u"apy"_s).toDouble();
        pool.outlier = p.value(u"outlier"_s).toBool();
        if (pool.pool.isEmpty())
            continue;
        const QList<QPair<QString, QString>> kept { { u"apyBase"_s, u"apy_base_percent"_s },
            { u"apyReward"_s, u"apy_reward_percent"_s }, { u"apyMean30d"_s, u"apy_mean_30d_percent"_s },
            { u"apyPct7D"_s, u"apy_change_7d_points"_s }, { u"ilRisk"_s, u"il_risk"_s },
            { u"exposure"_s, u"exposure"_s }, { u"poolMeta"_s, u"pool_meta"_s } };
        for (const auto &[from, to] : kept) {
            const QJsonValue v = p.value(from);
            pool.fields.insert(to,
                v.isString()          ? QJsonValue(v.toString().left(64))
                    : finiteNumber(v) ? v
                                      : QJsonValue());
        }
        const QJsonObject prediction = p.value(u"predictions"_s).toObject();
        pool.fields.insert(u"prediction"_s,
            prediction.isEmpty() ? QJsonValue()
                                 : QJsonValue(prediction.value(u"predictedClass"_s).toString().left(32)));
        pools.append(pool);
    }
    std::stable_sort(pools.begin(), pools.end(), [](const YieldPool &a, const YieldPool &b) {
        return a.tvlUsd != b.tvlUsd ? a.tvlUsd > b.tvlUsd : a.pool < b.pool;
    });
    return pools;
}

} // namespace ades::market
