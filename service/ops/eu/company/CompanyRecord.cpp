#include "CompanyRecord.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QString CompanyRecord::statusName(Status status)
{
    switch (status) {
    case Status::Active:
        return u"active"_s;
    case Status::InLiquidation:
        return u"in_liquidation"_s;
    case Status::Bankrupt:
        return u"bankrupt"_s;
    case Status::Restructuring:
        return u"restructuring"_s;
    case Status::Ceased:
        return u"ceased"_s;
    case Status::Unknown:
        break;
    }
    return u"unknown"_s;
}

QJsonObject CompanyRecord::toJson() const
{
    QJsonValue legalForm = QJsonValue::Null;
    if (!legalFormCode.isEmpty() || !legalFormLabel.isEmpty())
        legalForm
            = QJsonObject { { u"code"_s, orNull(legalFormCode) }, { u"label"_s, orNull(legalFormLabel) } };
    QJsonValue addressValue = QJsonValue::Null;
    if (hasAddress) {
        addressValue = QJsonObject {
            { u"lines"_s, QJsonArray::fromStringList(address.lines) },
            { u"postal_code"_s, orNull(address.postalCode) },
            { u"city"_s, orNull(address.city) },
            { u"country"_s, orNull(address.country) },
        };
    }
    return QJsonObject {
        { u"name"_s, orNull(name) },
        { u"registration_number"_s, number },
        { u"number_type"_s, numberType },
        { u"status"_s, statusName(status) },
        { u"register_status"_s, orNull(registerStatus) },
        { u"legal_form"_s, legalForm },
        { u"address"_s, addressValue },
        { u"registration_date"_s, orNull(registrationDate) },
        { u"founded_date"_s, orNull(foundedDate) },
        { u"ceased_date"_s, orNull(ceasedDate) },
        { u"tax_id"_s, orNull(taxId) },
        { u"source_url"_s, sourceUrl },
    };
}

} // namespace ades::eu
