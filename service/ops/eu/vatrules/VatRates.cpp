#include "VatRates.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtGlobal>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::eu {

std::optional<RateHundredths> parseRate(QStringView text)
{
    const qsizetype dot = text.indexOf(u'.');
    const QStringView whole = dot < 0 ? text : text.left(dot);
    const QStringView fraction = dot < 0 ? QStringView() : text.mid(dot + 1);
    if (whole.isEmpty() || whole.size() > 3 || (dot >= 0 && (fraction.isEmpty() || fraction.size() > 2)))
        return std::nullopt;
    int value = 0;
    for (const QChar c : whole) {
        if (!c.isDigit())
            return std::nullopt;
        value = value * 10 + c.digitValue();
    }
    int cents = 0;
    for (qsizetype i = 0; i < 2; ++i) {
        const QChar c = i < fraction.size() ? fraction.at(i) : u'0';
        if (!c.isDigit())
            return std::nullopt;
        cents = cents * 10 + c.digitValue();
    }
    value = value * 100 + cents;
    if (value > 100 * 100)
        return std::nullopt;
    return value;
}

const VatRatePeriod *VatCountryRates::inForce(const QDate &date) const
{
    for (const VatRatePeriod &period : periods) {
        if (!period.from.isValid() || period.from <= date)
            return &period;
    }
    return nullptr;
}

namespace {

ServiceError broken(const QString &what)
{
    return ServiceError::internal(u"VAT rates table: %1"_s.arg(what));
}

std::optional<RateHundredths> optionalRate(const QJsonValue &value, bool &ok)
{
    if (value.isNull() || value.isUndefined())
        return std::nullopt;
    const std::optional<RateHundredths> rate = parseRate(value.toString());
    ok = ok && rate.has_value();
    return rate;
}

} // namespace

Result<VatRates> VatRates::parse(const QByteArray &json)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    if (root.value(u"format"_s).toString() != u"ades-vat-rates/1"_s)
        return broken(u"not in the ades-vat-rates/1 format"_s);
    VatRates rates;
    rates.m_asOf = QDate::fromString(root.value(u"as_of"_s).toString(), Qt::ISODate);
    rates.m_source = root.value(u"source"_s).toString();
    rates.m_authority = root.value(u"authority"_s).toString();
    if (!rates.m_asOf.isValid() || rates.m_source.isEmpty())
        return broken(u"as_of or source missing"_s);
    const QJsonArray countries = root.value(u"countries"_s).toArray();
    for (const QJsonValue &c : countries) {
        const QJsonObject o = c.toObject();
        VatCountryRates country;
        country.country = o.value(u"country"_s).toString();
        country.name = o.value(u"name"_s).toString();
        country.vatPrefix = o.value(u"vat_prefix"_s).toString();
        country.scopeChanges = o.value(u"scope_changes"_s).toString();
        for (const QJsonValue &t : o.value(u"territory_exceptions"_s).toArray())
            country.territoryExceptions << t.toString();
        const QJsonArray periods = o.value(u"periods"_s).toArray();
        for (const QJsonValue &p : periods) {
            const QJsonObject po = p.toObject();
            bool ok = true;
            VatRatePeriod period;
            if (!po.value(u"from"_s).isNull()) {
                period.from = QDate::fromString(po.value(u"from"_s).toString(), Qt::ISODate);
                ok = period.from.isValid();
            }
            const std::optional<RateHundredths> standard = parseRate(po.value(u"standard"_s).toString());
            ok = ok && standard.has_value();
            period.standard = standard.value_or(0);
            for (const QJsonValue &r : po.value(u"reduced"_s).toArray()) {
                const std::optional<RateHundredths> reduced = parseRate(r.toString());
                ok = ok && reduced.has_value();
                period.reduced << reduced.value_or(0);
            }
            period.superReduced = optionalRate(po.value(u"super_reduced"_s), ok);
            period.parking = optionalRate(po.value(u"parking"_s), ok);
            period.note = po.value(u"note"_s).toString();
            if (!ok)
                return broken(u"unreadable period of %1"_s.arg(country.country));
            country.periods << period;
        }
        // Newest first, the base period last: inForce() takes the first that has started.
        const bool ordered = std::is_sorted(country.periods.begin(), country.periods.end(),
            [](const VatRatePeriod &a, const VatRatePeriod &b) {
                return (a.from.isValid() ? a.from : QDate(1, 1, 1))
                    > (b.from.isValid() ? b.from : QDate(1, 1, 1));
            });
        if (country.country.size() != 2 || country.periods.isEmpty() || !ordered)
            return broken(u"bad entry %1"_s.arg(country.country));
        rates.m_countries << country;
    }
    if (rates.m_countries.isEmpty())
        return broken(u"no countries"_s);
    return rates;
}

std::shared_ptr<const VatRates> VatRates::bundled()
{
    static const std::shared_ptr<const VatRates> table = [] {
        QFile file(u":/vat/rates.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("VAT rates table :/vat/rates.json is missing from the build");
        Result<VatRates> parsed = VatRates::parse(file.readAll());
        if (!parsed.ok())
            qFatal("%s", qPrintable(parsed.error().message()));
        return std::make_shared<const VatRates>(std::move(parsed.value()));
    }();
    return table;
}

const VatCountryRates *VatRates::country(QStringView iso) const
{
    for (const VatCountryRates &c : m_countries) {
        if (c.country == iso)
            return &c;
    }
    return nullptr;
}

} // namespace ades::eu
