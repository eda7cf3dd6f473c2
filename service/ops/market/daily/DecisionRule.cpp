#include "DecisionRule.h"

#include "core/Clock.h"
#include "ops/market/price/DecimalText.h"

#include <QJsonArray>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

constexpr double SpreadLimitPercent = 0.5;
constexpr double SharpMovePercent = 8;
constexpr double CrowdedFundingPercent = 30;
constexpr double InvalidationMovePercent = 3;

struct Component
{
    QString name;
    int weight;
    double scale; // the input that counts fully (±1)
    QString input; // what is divided by the scale
    int sign; // +1: higher input favours risk; -1: higher input weighs against it
};

const QList<Component> &components()
{
    static const QList<Component> list {
        { u"btc_trend"_s, 15, 5, u"BTC 24 h change, percent"_s, +1 },
        { u"eth_trend"_s, 10, 6, u"ETH 24 h change, percent"_s, +1 },
        { u"breadth"_s, 10, 0.5, u"share of the largest perps markets up in 24 h, minus one half"_s, +1 },
        { u"funding"_s, 10, 40, u"mean BTC and ETH perp funding, annualised percent"_s, -1 },
        { u"premium"_s, 5, 0.3, u"BTC perp mark over oracle, percent"_s, -1 },
    };
    return list;
}

std::optional<double> inputOf(const QString &component, const DecisionInputs &in)
{
    if (component == u"btc_trend"_s)
        return in.btcChangePercent;
    if (component == u"eth_trend"_s)
        return in.ethChangePercent;
    if (component == u"breadth"_s) {
        if (!in.marketsUp || !in.marketsCounted || *in.marketsCounted <= 0)
            return std::nullopt;
        return double(*in.marketsUp) / *in.marketsCounted - 0.5;
    }
    if (component == u"funding"_s) {
        if (!in.btcFundingAnnualPercent || !in.ethFundingAnnualPercent)
            return in.btcFundingAnnualPercent ? in.btcFundingAnnualPercent : in.ethFundingAnnualPercent;
        return (*in.btcFundingAnnualPercent + *in.ethFundingAnnualPercent) / 2;
    }
    return in.btcPremiumPercent;
}

QString fixed(double value, int decimals = 2)
{
    return decimalText(value, decimals);
}

QJsonObject ruleDisclosure()
{
    QJsonArray list;
    for (const Component &c : components())
        list.append(QJsonObject { { u"name"_s, c.name }, { u"weight"_s, c.weight }, { u"input"_s, c.input },
            { u"full_at"_s, c.scale },
            { u"direction"_s, c.sign > 0 ? u"higher favours risk"_s : u"higher weighs against risk"_s } });
    return {
        { u"version"_s, u"daily-pack/1"_s },
        { u"components"_s, list },
        { u"score"_s, u"50 + sum of weight x clamp(sign x input / full_at, -1, 1), rounded; 0 to 100"_s },
        { u"enter_risk_at_or_above"_s, DecisionRule::EnterAt },
        { u"reduce_risk_at_or_below"_s, DecisionRule::ReduceAt },
        { u"enter_risk_requires"_s,
            QJsonArray { u"every input available"_s, u"BTC exchange spread at most 0.5 %"_s,
                u"BTC 24 h move at most 8 %"_s } },
        { u"confidence"_s,
            u"coverage x (0.5 + 0.5 x agreement): coverage = available weight / 50; agreement = |sum of "
            "contributions| / sum of |contributions|"_s },
        { u"minimum_coverage"_s, 0.5 },
        { u"valid_minutes"_s, DecisionRule::ValidMinutes },
    };
}

} // namespace

QJsonObject DecisionRule::disclosure()
{
    // The same for every call: built once (a copy shares it), which was a tenth of a daily pack's own work
    // (BenchMarket).
    static const QJsonObject rule = ruleDisclosure();
    return rule;
}

Result<QJsonObject> DecisionRule::decide(const DecisionInputs &in, const QDateTime &now)
{
    double sum = 0;
    double magnitude = 0;
    int available = 0;
    int total = 0;
    QJsonArray parts;
    QJsonArray reasons;
    for (const Component &c : components()) {
        total += c.weight;
        const std::optional<double> input = inputOf(c.name, in);
        if (!input) {
            parts.append(QJsonObject { { u"name"_s, c.name }, { u"weight"_s, c.weight },
                { u"input"_s, QJsonValue() }, { u"contribution"_s, QJsonValue() } });
            reasons.append(u"%1 could not be read and counts for nothing."_s.arg(c.name));
            continue;
        }
        const double unit = std::clamp(c.sign * *input / c.scale, -1.0, 1.0);
        const double contribution = unit * c.weight;
        available += c.weight;
        sum += contribution;
        magnitude += std::abs(contribution);
        parts.append(QJsonObject { { u"name"_s, c.name }, { u"weight"_s, c.weight }, { u"input"_s, *input },
            { u"contribution"_s, std::round(contribution * 100) / 100 } });
        reasons.append(u"%1: %2 = %3 gives %4 of %5 points."_s.arg(
            c.name, c.input, fixed(*input, 4), fixed(contribution), QString::number(c.weight)));
    }
    const double coverage = double(available) / total;
    if (coverage < 0.5)
        return ServiceError::sourceUnavailable(in.missingSources.value(0, u"hyperliquid"_s),
            u"Too few inputs for a decision pack (%1 % of the weight could be read): %2. Nothing was charged."_s
                .arg(fixed(coverage * 100, 0), in.missing.join(u"; "_s)))
            .setMissing(in.missingSources);
    const int score = int(std::lround(50 + sum));
    const double agreement = magnitude > 0 ? std::abs(sum) / magnitude : 1;
    const double confidence = std::round(coverage * (0.5 + 0.5 * agreement) * 100) / 100;

    QJsonArray flags;
    QStringList holdBack; // why ENTER_RISK was turned into WAIT
    if (available < total)
        holdBack.append(u"not every input could be read"_s);
    if (in.btcSpreadPercent && *in.btcSpreadPercent > SpreadLimitPercent) {
        flags.append(u"exchange_disagreement"_s);
        holdBack.append(u"the exchanges disagree by %1 %"_s.arg(fixed(*in.btcSpreadPercent)));
    }
    if (in.btcChangePercent && std::abs(*in.btcChangePercent) > SharpMovePercent) {
        flags.append(u"sharp_move"_s);
        holdBack.append(u"BTC moved %1 % in 24 h"_s.arg(fixed(*in.btcChangePercent)));
    }
    const std::optional<double> funding = inputOf(u"funding"_s, in);
    if (funding && *funding > CrowdedFundingPercent)
        flags.append(u"funding_crowded_long"_s);
    if (funding && *funding < -CrowdedFundingPercent)
        flags.append(u"funding_crowded_short"_s);
    if (!in.missing.isEmpty())
        flags.append(u"inputs_missing"_s);

    QString posture = score >= EnterAt ? u"ENTER_RISK"_s : score <= ReduceAt ? u"REDUCE_RISK"_s : u"WAIT"_s;
    if (posture == u"ENTER_RISK"_s && !holdBack.isEmpty()) {
        posture = u"WAIT"_s;
        reasons.append(
            u"The score reaches ENTER_RISK, held at WAIT because %1."_s.arg(holdBack.join(u" and "_s)));
    }

    QJsonArray invalidation;
    if (in.btcPrice) {
        const double down = *in.btcPrice * (1 - InvalidationMovePercent / 100);
        const double up = *in.btcPrice * (1 + InvalidationMovePercent / 100);
        if (posture == u"ENTER_RISK"_s)
            invalidation.append(
                u"BTC median below %1 USD (3 % under %2)"_s.arg(fixed(down), fixed(*in.btcPrice)));
        else if (posture == u"REDUCE_RISK"_s)
            invalidation.append(
                u"BTC median above %1 USD (3 % over %2)"_s.arg(fixed(up), fixed(*in.btcPrice)));
        else
            invalidation.append(u"BTC median outside %1 to %2 USD (3 % either side of %3)"_s.arg(
                fixed(down), fixed(up), fixed(*in.btcPrice)));
    }
    if (posture == u"ENTER_RISK"_s)
        invalidation.append(
            u"mean BTC/ETH funding above 30 %/yr annualised, or BTC exchange spread above 0.5 %"_s);
    if (posture == u"REDUCE_RISK"_s)
        invalidation.append(u"more than 60 % of the largest perps markets up in 24 h"_s);
    invalidation.append(u"a new pack's score crossing %1 or %2"_s.arg(EnterAt).arg(ReduceAt));
    invalidation.append(u"the pack expiring (15 minutes)"_s);

    return QJsonObject {
        { u"posture"_s, posture },
        { u"score"_s, score },
        { u"confidence"_s, confidence },
        { u"confidence_label"_s,
            confidence >= 0.7       ? u"high"_s
                : confidence >= 0.4 ? u"medium"_s
                                    : u"low"_s },
        { u"reasons"_s, reasons },
        { u"risk_flags"_s, flags },
        { u"invalidation_conditions"_s, invalidation },
        { u"components"_s, parts },
        { u"inputs"_s, in.toJson() },
        { u"rule"_s, disclosure() },
        { u"decided_at"_s, isoUtc(now) },
        { u"expires_at"_s, isoUtc(now.addSecs(ValidMinutes * 60)) },
        { u"not_advice"_s,
            u"A rule applied to public market data at one moment; not investment advice and not a forecast."_s },
    };
}

} // namespace ades::market
