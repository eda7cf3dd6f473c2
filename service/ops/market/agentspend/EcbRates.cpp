#include "EcbRates.h"

#include "ops/market/MarketSources.h"

#include <QRegularExpression>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

const QString GesmesNs = u"http://www.gesmes.org/xml/2002-08-01"_s;
const QString EurofxrefNs = u"http://www.ecb.int/vocabulary/2002-08-01/eurofxref"_s;

ServiceError notEcb(const QString &why)
{
    return ServiceError::sourceUnavailable(QString::fromUtf16(MarketSource::EcbFx),
        u"The ECB answered with something that is not a reference-rates document (%1)."_s.arg(why));
}

bool isRate(const QString &text)
{
    // A positive plain decimal: what the ECB writes ("1.0953", "16994.46"); nothing to be read as a double.
    static const QRegularExpression shape(u"^[0-9]{1,9}(\\.[0-9]{1,9})?$"_s);
    return shape.match(text).hasMatch() && text.contains(QRegularExpression(u"[1-9]"_s));
}

} // namespace

Result<EcbRates> EcbRates::parse(const QByteArray &xml, const QString &currency)
{
    EcbRates rates;
    QXmlStreamReader reader(xml);
    bool envelope = false;
    QDate day; // of the enclosing <Cube time=...>
    int depth = 0;
    int dayDepth = -1;
    while (!reader.atEnd()) {
        const QXmlStreamReader::TokenType token = reader.readNext();
        if (token == QXmlStreamReader::DTD)
            return notEcb(u"it declares a DTD"_s);
        if (token == QXmlStreamReader::EndElement) {
            if (depth == dayDepth)
                day = QDate();
            --depth;
            continue;
        }
        if (token != QXmlStreamReader::StartElement)
            continue;
        ++depth;
        if (depth == 1) {
            if (reader.name() != u"Envelope"_s || reader.namespaceUri() != GesmesNs)
                return notEcb(u"the root is not gesmes:Envelope"_s);
            envelope = true;
            continue;
        }
        if (reader.name() != u"Cube"_s || reader.namespaceUri() != EurofxrefNs)
            continue; // gesmes:subject, gesmes:Sender ...
        const QXmlStreamAttributes attributes = reader.attributes();
        if (attributes.hasAttribute(u"time"_s)) {
            day = QDate::fromString(attributes.value(u"time"_s).toString(), Qt::ISODate);
            if (!day.isValid())
                return notEcb(u"a day's time attribute is not a date"_s);
            dayDepth = depth;
            if (!rates.m_firstDay.isValid() || day < rates.m_firstDay)
                rates.m_firstDay = day;
            if (!rates.m_lastDay.isValid() || day > rates.m_lastDay)
                rates.m_lastDay = day;
            continue;
        }
        if (!attributes.hasAttribute(u"currency"_s))
            continue; // the outer <Cube>
        if (!day.isValid())
            return notEcb(u"a rate outside a day"_s);
        if (attributes.value(u"currency"_s) != currency)
            continue;
        const QString rate = attributes.value(u"rate"_s).toString();
        if (!isRate(rate))
            return notEcb(
                u"the %1 rate of %2 is not a positive decimal"_s.arg(currency, day.toString(Qt::ISODate)));
        rates.m_rates.insert(day, rate);
    }
    if (reader.hasError())
        return notEcb(u"not well-formed XML: "_s + reader.errorString());
    if (!envelope || !rates.m_firstDay.isValid())
        return notEcb(u"no day of rates"_s);
    return rates;
}

std::optional<EcbRates::Rate> EcbRates::rateOn(const QDate &day) const
{
    auto it = m_rates.upperBound(day); // the first day after `day`
    if (it == m_rates.cbegin())
        return std::nullopt;
    --it;
    return Rate { it.value(), it.key(), it.key() != day };
}

} // namespace ades::market
