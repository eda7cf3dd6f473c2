#include "VatCheck.h"

#include "core/Clock.h"

#include <QJsonArray>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

// Where a counterparty outside VIES can be checked instead.
QString outsideViesHint(const VatIdAnalysis &a)
{
    if (a.prefix == u"GB"_s)
        return u"format valid; VIES does not cover GB VAT IDs (only XI numbers of Northern Ireland goods "
               u"traders), "
               u"so registration was not checked; HMRC's VAT number check covers GB"_s;
    if (a.prefix == u"CH"_s)
        return u"format valid; VIES does not cover Swiss VAT IDs, so registration was not checked; the Swiss "
               u"UID "
               u"register covers CHE numbers"_s;
    if (a.prefix == u"NO"_s)
        return u"format valid; VIES does not cover Norwegian VAT IDs, so registration was not checked; the "
               u"Brønnøysund Register Centre covers NO numbers"_s;
    return u"format valid; this is %1, so registration was not checked"_s.arg(a.message);
}

} // namespace

VatCheck::VatCheck(
    const UpstreamClient &upstream, const Settings &settings, const Clock &clock, ViesServices services)
    : m_vies(upstream, settings, services)
    , m_clock(clock)
{ }

QString VatCheck::viesTerms()
{
    return u"VIES data is provided by the European Commission for checking a trading partner's VAT number; "
           u"re-use beyond that purpose is not permitted."_s;
}

void VatCheck::run(const QJsonObject &arguments, const Completion &done) const
{
    run(arguments, ViesCheckOptions(), done);
}

void VatCheck::run(
    const QJsonObject &arguments, const ViesCheckOptions &options, const Completion &done) const
{
    const VatIdAnalysis a = m_validator.analyse(arguments.value(u"vat_id"_s).toString());
    const bool askVies = arguments.value(u"vies"_s).toBool(true);

    QJsonObject data {
        { u"input"_s, a.input },
        { u"normalized"_s, a.normalized },
        { u"country"_s, orNull(a.country.isEmpty() ? QString() : a.country) },
        { u"format_valid"_s, a.formatValid },
        { u"format_error"_s, orNull(a.formatValid ? QString() : a.errorClass()) },
        { u"vies_checked"_s, false },
        { u"registered"_s, QJsonValue::Null },
        { u"name"_s, QJsonValue::Null },
        { u"address"_s, QJsonValue::Null },
        { u"checked_at"_s, isoUtc(m_clock.now()) },
        { u"source"_s, u"format"_s },
        { u"suggested_vat_id"_s, orNull(a.suggestedVatId.isEmpty() ? QString() : a.suggestedVatId) },
        { u"consultation_number"_s, QJsonValue::Null },
        { u"requester_vat_id"_s, QJsonValue::Null },
        { u"source_snapshots"_s, QJsonArray() },
        { u"vies_endpoint"_s, QJsonValue::Null },
        { u"vies_terms"_s, viesTerms() },
    };
    const auto finish = [&a, &done](QJsonObject result, const QString &hint) {
        result.insert(u"hint"_s, hint);
        done(OperationResult { result, a.normalized });
    };

    // An impossible number is answered from the format alone: VIES is never asked about it.
    if (!a.formatValid) {
        QString hint = a.message;
        if (!a.suggestedVatId.isEmpty())
            hint += u" Did you mean %1?"_s.arg(a.suggestedVatId);
        return finish(data, hint);
    }
    if (!askVies)
        return finish(data, u"format valid; registration not checked (vies=false)"_s);
    if (!a.isViesMember)
        return finish(data, outsideViesHint(a));
    if (!a.viesCheckable)
        return finish(data, u"format valid; this is %1, so registration was not checked"_s.arg(a.message));

    const QString requester = m_vies.requesterVatId();
    m_vies.check(a.viesPrefix, a.number, options,
        [data, requester, subject = a.normalized, done](Result<ViesAnswer> r) mutable {
            if (!r.ok())
                return done(r.error()); // 503 / 422: uncharged, never "not registered"
            const ViesAnswer &answer = r.value();
            data.insert(u"vies_checked"_s, true);
            data.insert(u"registered"_s, answer.valid);
            data.insert(u"name"_s, orNull(answer.name));
            data.insert(u"address"_s, orNull(answer.address));
            if (answer.requestDate.isValid())
                data.insert(u"checked_at"_s, isoUtc(answer.requestDate));
            data.insert(u"source"_s, u"vies"_s);
            data.insert(u"consultation_number"_s, orNull(answer.requestIdentifier));
            data.insert(u"requester_vat_id"_s, orNull(requester.isEmpty() ? QString() : requester));
            data.insert(u"source_snapshots"_s, QJsonArray { answer.snapshot });
            data.insert(u"vies_endpoint"_s, answer.endpoint);
            QString hint;
            if (answer.valid) {
                hint = u"registered: VIES confirms the VAT ID is valid for intra-EU transactions"_s;
                if (answer.name.isNull() && answer.address.isNull())
                    hint += u"; the member state does not disclose name and address"_s;
                if (!answer.requestIdentifier.isNull())
                    hint += u"; keep consultation_number as evidence of this check"_s;
            } else {
                hint = u"not registered: VIES reports this VAT ID as not valid for intra-EU transactions; "
                       u"ask the trading partner for its current VAT ID"_s;
            }
            if (answer.endpoint == u"soap"_s)
                hint += u" (answered by the VIES SOAP service: the REST API failed)"_s;
            data.insert(u"hint"_s, hint);
            done(OperationResult { data, subject });
        });
}

ades::Handler makeVatCheckHandler(
    const UpstreamClient &upstream, const Settings &settings, const Clock &clock, ViesServices services)
{
    auto check = std::make_shared<const VatCheck>(upstream, settings, clock, services);
    return [check](const QJsonObject &arguments, const CallContext &, Completion done) {
        check->run(arguments, done);
    };
}

} // namespace ades::eu
