#include "PurchaseDecision.h"

#include "payments/PaymentSettings.h"
#include "payments/X402Networks.h"
#include "payments/X402Offers.h"

#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::guard {

namespace {

// An authorization that stays valid for longer than an hour is a replay risk the agent should see.
constexpr qint64 SaneMaxTimeoutSeconds = 3600;

// The PAYMENT-REQUIRED header as the agent received it (standard base64), or already decoded.
std::optional<QJsonObject> decodeChallenge(const QJsonValue &value)
{
    if (value.isObject())
        return value.toObject();
    const Result<QJsonObject> decoded = x402::X402Offers::decodeHeader(value.toString().trimmed().toLatin1());
    if (!decoded.ok())
        return std::nullopt;
    return decoded.value();
}

QJsonObject reasonJson(const QString &code, const QString &severity, const QString &message)
{
    return QJsonObject { { u"code"_s, code }, { u"severity"_s, severity }, { u"message"_s, message } };
}

} // namespace

QString PurchaseDecision::verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pay:
        return u"pay"_s;
    case Verdict::Review:
        return u"review"_s;
    case Verdict::DoNotPay:
        break;
    }
    return u"do_not_pay"_s;
}

void PurchaseDecision::add(const QString &code, Verdict severity, const QString &message)
{
    m_reasons.append(Reason { code, severity, message });
}

PurchaseDecision PurchaseDecision::decide(const Input &input)
{
    PurchaseDecision d;
    const QUrl resource(input.resourceUrl);
    if (!resource.isValid() || resource.host().isEmpty())
        d.add(u"resource_url_invalid"_s, Verdict::DoNotPay, u"The resource URL is not an absolute URL."_s);
    else if (resource.scheme() != u"https"_s)
        d.add(u"resource_not_https"_s, Verdict::DoNotPay,
            u"The resource is not https: the request, its answer and the payment could be read or changed "
            "on the way."_s);

    const std::optional<QJsonObject> challenge = decodeChallenge(input.paymentRequired);
    if (!challenge) {
        d.add(u"challenge_malformed"_s, Verdict::DoNotPay,
            u"payment_required is neither a JSON object nor standard base64 of one."_s);
        return d;
    }
    d.m_challenge = *challenge;
    if (challenge->value(u"x402Version"_s).toInt() != 2)
        d.add(u"challenge_not_v2"_s, Verdict::DoNotPay,
            u"The challenge is not x402 version 2 (x402Version is %1)."_s.arg(
                challenge->value(u"x402Version"_s).isDouble()
                    ? QString::number(challenge->value(u"x402Version"_s).toDouble())
                    : u"absent"_s));
    const QString challengeUrl = challenge->value(u"resource"_s).toObject().value(u"url"_s).toString();
    if (challengeUrl.isEmpty())
        d.add(u"challenge_without_resource"_s, Verdict::DoNotPay,
            u"The challenge names no resource.url: it cannot be tied to what you asked for."_s);
    else if (QUrl(challengeUrl).host().compare(resource.host(), Qt::CaseInsensitive) != 0)
        d.add(u"resource_host_differs"_s, Verdict::DoNotPay,
            u"The challenge is for %1, not for the host you asked (%2)."_s.arg(
                QUrl(challengeUrl).host(), resource.host()));
    else if (QUrl(challengeUrl).adjusted(QUrl::RemoveQuery | QUrl::StripTrailingSlash)
        != resource.adjusted(QUrl::RemoveQuery | QUrl::StripTrailingSlash))
        d.add(u"resource_path_differs"_s, Verdict::Review,
            u"The challenge is for %1, another path than the one you asked for."_s.arg(challengeUrl));
    const QJsonValue accepts = challenge->value(u"accepts"_s);
    if (!accepts.isArray() || accepts.toArray().isEmpty()) {
        d.add(u"challenge_without_offers"_s, Verdict::DoNotPay, u"The challenge has no `accepts` offers."_s);
        return d;
    }
    d.judgeOffers(input);
    return d;
}

void PurchaseDecision::judgeOffers(const Input &input)
{
    const QJsonArray accepts = m_challenge.value(u"accepts"_s).toArray();
    for (qsizetype i = 0; i < accepts.size(); ++i) {
        QList<Reason> findings;
        QJsonObject judged = judgeOffer(input, accepts.at(i).toObject(), findings);
        Verdict worst = Verdict::Pay;
        QJsonArray reasons;
        for (const Reason &r : std::as_const(findings)) {
            worst = std::max(worst, r.severity);
            reasons.append(reasonJson(r.code, verdictName(r.severity), r.message));
        }
        judged.insert(u"index"_s, i);
        judged.insert(u"verdict"_s, verdictName(worst));
        judged.insert(u"reasons"_s, reasons);
        m_offers.append(judged);
        // The first offer in the server's order that passes cleanly; else the first with only doubts.
        if (worst == Verdict::Pay && (!m_chosen || m_chosenDoubts)) {
            m_chosen = i;
            m_chosenDoubts = false;
        } else if (worst == Verdict::Review && !m_chosen) {
            m_chosen = i;
            m_chosenDoubts = true;
        }
    }
    if (!m_chosen)
        add(u"no_acceptable_offer"_s, Verdict::DoNotPay,
            u"No offer of the challenge passes the checks; see offers[].reasons."_s);
}

QJsonObject PurchaseDecision::judgeOffer(
    const Input &input, const QJsonObject &offer, QList<Reason> &reasons) const
{
    const auto fail = [&reasons](const QString &code, const QString &message) {
        reasons.append(Reason { code, Verdict::DoNotPay, message });
    };
    const QString scheme = offer.value(u"scheme"_s).toString();
    const QString caip2 = offer.value(u"network"_s).toString();
    const QString amountText = offer.value(u"amount"_s).toString();
    const QString asset = offer.value(u"asset"_s).toString();
    const QString payTo = offer.value(u"payTo"_s).toString();
    const QJsonValue timeout = offer.value(u"maxTimeoutSeconds"_s);
    const QJsonObject extra = offer.value(u"extra"_s).toObject();

    if (scheme != u"exact"_s)
        fail(u"scheme_not_exact"_s,
            u"Scheme \"%1\": only `exact` pays a known amount; the guard judges nothing else."_s.arg(scheme));
    const x402::X402Network *network = x402::findNetwork(caip2);
    if (!caip2.contains(u':'))
        fail(u"network_malformed"_s, u"network \"%1\" is not a CAIP-2 id."_s.arg(caip2));
    else if (!input.authority.allowsNetwork(caip2))
        fail(u"network_not_allowed"_s,
            u"Network %1 is not among the networks your authority allows."_s.arg(caip2));
    if (!network && caip2.contains(u':'))
        fail(u"network_unknown"_s,
            u"Network %1 is not in the table of official USDC deployments: its asset cannot be verified."_s
                .arg(caip2));
    if (network) {
        if (asset.compare(network->asset, network->isEvm ? Qt::CaseInsensitive : Qt::CaseSensitive) != 0)
            fail(u"asset_not_official_usdc"_s,
                u"Asset %1 is not the official USDC of %2 (%3): a token with another contract is not USDC, "
                "whatever it calls itself."_s.arg(asset, network->key, network->asset));
        else if (!input.authority.allowsAsset(asset))
            fail(u"asset_not_allowed"_s,
                u"Asset %1 is not among the assets your authority allows."_s.arg(asset));
        if (network->isEvm
            && (extra.value(u"name"_s).toString() != network->eip712Name
                || extra.value(u"version"_s).toString() != network->eip712Version))
            fail(u"eip712_domain_mismatch"_s,
                u"extra.name/version (\"%1\", \"%2\") are not USDC's EIP-712 domain on %3 (\"%4\", \"%5\"): "
                u"a "
                "signature over them would not be a valid USDC authorization, or would be one for another token."_s
                    .arg(extra.value(u"name"_s).toString(), extra.value(u"version"_s).toString(),
                        network->key, network->eip712Name, network->eip712Version));
        const bool payToOk
            = network->isEvm ? PaymentSettings::isEvmAddress(payTo) : PaymentSettings::isSolanaAddress(payTo);
        if (!payToOk)
            fail(u"payto_malformed"_s, u"payTo \"%1\" is not an address of %2."_s.arg(payTo, network->key));
        else if (payTo.compare(network->asset, network->isEvm ? Qt::CaseInsensitive : Qt::CaseSensitive) == 0)
            fail(u"payto_is_the_asset"_s,
                u"payTo is the USDC contract itself (%1): USDC sent to its own contract is lost."_s.arg(
                    payTo));
    }
    static const QRegularExpression digits(u"^[0-9]{1,18}$"_s);
    qint64 units = -1;
    if (!digits.match(amountText).hasMatch())
        fail(
            u"amount_malformed"_s, u"amount \"%1\" is not a whole number of atomic units."_s.arg(amountText));
    else
        units = amountText.toLongLong();
    if (units == 0)
        fail(u"amount_zero"_s, u"The amount is zero: nothing legitimate asks to be paid nothing."_s);
    if (units > 0) {
        const Usdc amount = Usdc::atomicUnits(units);
        if (units > input.authority.maxPerCall.units())
            fail(u"over_per_call_cap"_s,
                u"The amount %1 USDC is over your per-call cap of %2 USDC."_s.arg(
                    amount.toDecimalString(), input.authority.maxPerCall.toDecimalString()));
        const qint64 left = input.authority.maxPerDay.units() - input.authority.spentToday.units();
        if (units > left)
            fail(u"over_per_day_cap"_s,
                u"The amount %1 USDC is over what is left of your per-day cap (%2 of %3 USDC)."_s.arg(
                    amount.toDecimalString(), Usdc::atomicUnits(qMax<qint64>(0, left)).toDecimalString(),
                    input.authority.maxPerDay.toDecimalString()));
    }
    const qint64 seconds = timeout.isDouble() ? timeout.toInteger(-1) : -1;
    if (seconds <= 0)
        fail(u"timeout_malformed"_s, u"maxTimeoutSeconds must be a positive integer."_s);
    else {
        if (seconds > SaneMaxTimeoutSeconds)
            reasons.append(Reason { u"long_authorization"_s, Verdict::Review,
                u"maxTimeoutSeconds is %1: the signed authorization would stay usable for over an hour."_s
                    .arg(seconds) });
        const QDateTime received = input.receivedAt.value_or(input.now);
        if (received.addSecs(seconds) < input.now)
            fail(u"challenge_expired"_s,
                u"The challenge was received at %1 and its offers were valid for %2 s: ask for a fresh one."_s
                    .arg(received.toString(Qt::ISODate))
                    .arg(seconds));
    }
    return QJsonObject {
        { u"network"_s, caip2 },
        { u"network_name"_s, network ? QJsonValue(network->key) : QJsonValue() },
        { u"asset"_s, asset },
        { u"official_usdc"_s, network ? QJsonValue(network->asset) : QJsonValue() },
        { u"amount_atomic_units"_s, amountText },
        { u"amount_usdc"_s,
            units > 0 ? QJsonValue(Usdc::atomicUnits(units).toDecimalString()) : QJsonValue() },
        { u"pay_to"_s, payTo },
        { u"max_timeout_seconds"_s, seconds },
    };
}

void PurchaseDecision::addPayeeCheck(const QString &id, bool blocks, bool doubts, const QString &message)
{
    if (blocks)
        add(id, Verdict::DoNotPay, message);
    else if (doubts)
        add(id, Verdict::Review, message);
}

PurchaseDecision::Verdict PurchaseDecision::verdict() const
{
    Verdict worst = m_chosen ? (m_chosenDoubts ? Verdict::Review : Verdict::Pay) : Verdict::DoNotPay;
    for (const Reason &r : m_reasons)
        worst = std::max(worst, r.severity);
    return worst;
}

QString PurchaseDecision::payTo() const
{
    return m_chosen ? m_offers.at(*m_chosen).toObject().value(u"pay_to"_s).toString() : QString();
}

QString PurchaseDecision::chosenNetwork() const
{
    return m_chosen ? m_offers.at(*m_chosen).toObject().value(u"network_name"_s).toString() : QString();
}

QJsonObject PurchaseDecision::toJson() const
{
    QJsonArray reasons;
    for (const Reason &r : m_reasons)
        reasons.append(reasonJson(r.code, verdictName(r.severity), r.message));
    // The chosen offer's own doubts are reasons of the decision too.
    if (m_chosen) {
        for (const QJsonValue &r : m_offers.at(*m_chosen).toObject().value(u"reasons"_s).toArray())
            reasons.append(r);
    }
    const Verdict v = verdict();
    return QJsonObject {
        { u"decision"_s, verdictName(v) },
        { u"reasons"_s, reasons },
        { u"chosen_offer"_s, m_chosen && v != Verdict::DoNotPay ? m_offers.at(*m_chosen) : QJsonValue() },
        { u"offers"_s, m_offers },
    };
}

} // namespace ades::guard
