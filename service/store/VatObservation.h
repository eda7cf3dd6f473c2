#pragma once

#include <QDateTime>
#include <QString>

namespace ades {

// One answer of the EU VIES register about one VAT ID, as the service obtained it (ViesObservations). Only
// real answers are observations: a fault or an outage says nothing about the number and is never kept.
struct VatObservation
{
    qint64 id = 0; // set when stored
    QDateTime observedAt; // when the answer arrived, by the service's clock (UTC)
    QString country; // VIES prefix ("DE", "EL", "XI")
    QString number; // the number without the prefix, as VIES was asked
    bool valid = false;
    QString name; // as VIES returned it; null when not disclosed
    QString address; // as name
    QString consultationNumber; // VIES requestIdentifier; null when none was issued
    QString requesterVatId; // the operator's VAT ID named in the request; null when none
    QString endpoint; // "rest" or "soap"
    QString sourceUrl; // where the answer came from
    QString viesRequestDate; // requestDate exactly as VIES wrote it (REST date-time, SOAP date with zone)
    QString responseSha256; // hex SHA-256 of the raw response body
};

} // namespace ades
