#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QDate>
#include <QMap>
#include <QString>
#include <optional>

namespace ades::market {

// One currency's ECB euro reference rates as published in eurofxref-daily.xml, -hist-90d.xml and
// -hist.xml (../shared/reference/upstreams.md, "ECB euro foreign exchange reference rates"): units of the
// currency per 1 EUR, kept as the decimal text the ECB wrote ("1.0953"), never as a double.
//
// The ECB publishes on TARGET working days only, so a weekend or holiday has no rate of its own: rateOn()
// answers with the latest earlier published day and says so. A day on which the currency is missing (the
// list changes: HRK ended in 2023, RUB was suspended in 2022) is treated the same way.
class EcbRates
{
public:
    struct Rate
    {
        QString rate; // "1.0953": currency units per EUR
        QDate publishedOn; // the ECB day the rate is of
        bool earlierDay = false; // publishedOn is before the day asked for (weekend, holiday, missing)
    };

    // The rates of `currency` ("USD") in an ECB eurofxref document. The XML is read with QXmlStreamReader,
    // matching the gesmes and eurofxref namespaces, with no DTD accepted (so no entity can be declared).
    // 503 naming source ecb-fx for a document that is not an ECB rates file or holds no day at all;
    // a malformed rate or date refuses the whole document rather than keeping a part of it.
    static Result<EcbRates> parse(const QByteArray &xml, const QString &currency);

    // The rate of `day`, or the latest earlier published one; nullopt when the document starts after it.
    std::optional<Rate> rateOn(const QDate &day) const;
    // The oldest and newest day the document covers (any currency), so a caller knows whether a day
    // before the first one could be answered by a longer history file.
    QDate firstDay() const { return m_firstDay; }
    QDate lastDay() const { return m_lastDay; }
    qsizetype size() const { return m_rates.size(); }

private:
    QMap<QDate, QString> m_rates;
    QDate m_firstDay;
    QDate m_lastDay;
};

} // namespace ades::market
